// @ts-check
// Calls the engine wrongly: each line marked // want fails tsc with that
// error, which TestEngineCallsTyped requires.

/**
 * @param {EngineClient} e
 * @returns {Promise<unknown[]>}
 */
export async function wrong(e) {
  const { id } = await e.call('load', 'chess', {}, 3); // want TS2345: a number for the position
  await e.call('lod', 'chess', {}, ''); // want TS2345: no call of that name
  await e.call('play', id); // want TS2554: the move left out
  await e.call('load', 'chess', {}, '', 'e2e4'); // want TS2345: the moves as one string, not a list
  await e.call('goto', id, '3'); // want TS2345: a string for a number
  await e.call('pgn', id, { Event: 1 }); // want TS2322: a tag that is not a string
  await e.call('reply', id, 'perfect', 100, 1, { __opts: true }); // want TS2353: the old options flag
  await e.call('analyse', id, 0, { progress: (p) => p.done }); // want TS2339: a solve's progress field on a search's
  const s = await e.call('state', id);
  const a = await e.call('analyse', id, 0);
  const coords = await e.call('coords', id);
  return [
    s.fenn, // want TS2551: no such field of the state
    a.bestMoves[0].square, // want TS2339: no such field of a move
    coords.toUpperCase(), // want TS2339: a list, not a string
  ];
}
