// @ts-check
// Calls the engine as the pages do, through the typed client the
// protocol's declaration generates (wire.Caller): tsc passes it.

/**
 * @param {EngineClient} e
 * @returns {Promise<unknown[]>}
 */
export async function good(e) {
  const { id, state } = await e.call('load', 'chess', { castling: false, promotion: ['q', 'n'] }, '');
  const s = await e.call('play', id, 'e4');
  const m = await e.call('move', id, 'e7', 'e5', '');
  const r = await e.call('reply', id, 'perfect', 100, 1, { progress: (p) => p.pvText.length });
  const a = await e.call('analyse', id, 0);
  const n = await e.call('solve', 'chess', {}, s.fen, 0, 3000, { progress: (p) => p.done / p.total });
  const t = await e.call('loadTable', id, new Uint8Array(0));
  const line = await e.call('line', id, '1. e4 e5');
  const table = await e.call('table', id);
  const again = await e.call('load', 'chess', {}, '', s.coords);
  await e.call('free', id);
  return [state.fen, s.legal.e2[0].san, m.cursor, r.move.coord, r.state.over, a.bestMoves[0].from, n.mateIn, t.states, line[0].coord, table.states, again.state.cursor];
}
