// @ts-check
// The words for a wrong move: the engine's analysis of the position
// after it (from the exact table, the mate prover, or the end of the
// game) is a proof of why it fails; the searcher's estimate is not, and
// gives no refutation. Pure: Node tests it.

const SHOWN_PLIES = 6;

/**
 * refutation says why san fails, from analysis a of the position after
 * it; side is the player's colour and bestMateIn the fastest mate they
 * had (0 when the puzzle is not a mate). It returns null when a proves
 * nothing.
 * @param {string} san
 * @param {Analysis | null} a
 * @param {string} side
 * @param {number} bestMateIn
 * @returns {string | null}
 */
export function refutation(san, a, side, bestMateIn) {
  if (!a) return null;
  if (a.method === 'over') return '✗ ' + san + '? ' + a.summary;
  if (a.method !== 'table' && a.method !== 'mate-search') return null;
  const pv = a.pv || [];
  const line = pv.length > SHOWN_PLIES ? pv.slice(0, SHOWN_PLIES).join(' ') + ' …' : (a.pvText || pv.join(' '));
  let text = '✗ ' + san + '? ' + (line ? line + ' — ' : '') + a.summary;
  // After the move the opponent is to play: a mate in n for the player
  // from there is a mate in n+1 from before it.
  const after = a.value === side + '-wins' && a.mateIn > 0 ? a.mateIn + 1 : 0;
  if (bestMateIn > 0 && after > bestMateIn) {
    const slower = after - bestMateIn;
    text += ' That is ' + slower + (slower === 1 ? ' move' : ' moves') + ' slower than the best, mate in ' + bestMateIn + '.';
  } else if (bestMateIn > 0) {
    text += ' The best was mate in ' + bestMateIn + '.';
  }
  return text + ' (Proven by ' + (a.method === 'table' ? 'the exact table' : 'the mate prover') + '.)';
}
