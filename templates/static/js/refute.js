// @ts-check
// The words for a wrong move: the engine's analysis of the position
// after it (from the exact table, the mate prover, or the end of the
// game) is a proof of why it fails; the searcher's estimate is not, and
// gives no refutation. Pure: Node tests it.
import { numbered } from './rules-label.js';
import { actionText } from './moves.js';

const SHOWN_PLIES = 6;

/**
 * pvLine writes the first plies of a proof's line with their move
 * numbers ("1... Kf8 2. Qf7+ Ke8 …"); under Ban Chess, where numbers
 * count moves and not bans, the actions in order with each ban named as
 * the move it forbids, "(ban Ra2)" (see actionText).
 * @param {Analysis} a
 * @returns {string}
 */
export function pvLine(a) {
  const pv = a.pv || [];
  if (!pv.length) return '';
  const more = pv.length > SHOWN_PLIES ? ' …' : '';
  const shown = pv.slice(0, SHOWN_PLIES);
  if (shown.some((m) => m.indexOf('b:') === 0 || m.indexOf('m:') === 0)) {
    return shown.map((m) => (m.indexOf('b:') === 0 ? '(' + actionText(m) + ')' : actionText(m))).join(' ') + more;
  }
  if (!more && a.pvText) return a.pvText;
  return numbered(shown, a.side === 'black' ? 'black' : 'white', a.fullmove || 1).join(' ') + more;
}

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
  const line = pvLine(a);
  let text = '✗ ' + san + '? ' + (line ? line + ' — ' : '') + a.summary;
  // After the move the opponent is to play: a mate in n for the player
  // from there is a mate in n+1 from before it.
  const after = a.value === side + '-wins' && a.mateIn > 0 ? a.mateIn + 1 : 0;
  if (bestMateIn > 0 && after > bestMateIn) {
    text += ' That is mate in ' + after + ' instead of mate in ' + bestMateIn + '.';
  } else if (bestMateIn > 0) {
    text += ' The best was mate in ' + bestMateIn + '.';
  }
  return text + ' (Proven by ' + (a.method === 'table' ? 'the exact table' : 'the mate prover') + '.)';
}
