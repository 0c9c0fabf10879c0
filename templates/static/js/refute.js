// @ts-check
// The words for a wrong move: the engine's analysis of the position
// after it (from the exact table, the mate prover, or the end of the
// game) is a proof of why it fails; the searcher's estimate is not, and
// gives no refutation. Also the words for the opponent's answer under
// Ban Chess. Pure: Node tests it.
import { numbered, numberActions } from './rules-label.js';

const SHOWN_PLIES = 6;

/**
 * pvLine writes the first plies of a proof's line with their move
 * numbers ("1... Kf8 2. Qf7+ Ke8 …"); under Ban Chess its actions, each
 * ban before the move it restricts and named as the move it forbids,
 * numbered as the move list numbers them ("3... (ban Kb2) Kb1 4. (ban
 * Ra5) Ra4", see numberActions). An analysis's side is the actor: in a
 * ban phase the banner, the other side than the one whose move is next.
 * @param {Analysis} a
 * @returns {string}
 */
export function pvLine(a) {
  const pv = a.pv || [];
  if (!pv.length) return '';
  const more = pv.length > SHOWN_PLIES ? ' …' : '';
  const shown = pv.slice(0, SHOWN_PLIES);
  const actor = a.side === 'black' ? 'black' : 'white';
  if (shown.some((m) => m.indexOf('b:') === 0 || m.indexOf('m:') === 0)) {
    const mover = pv[0].indexOf('b:') === 0 ? (actor === 'white' ? 'black' : 'white') : actor;
    return numberActions(shown, mover, a.fullmove || 1) + more;
  }
  if (!more && a.pvText) return a.pvText;
  return numbered(shown, actor, a.fullmove || 1).join(' ') + more;
}

/**
 * missLabel numbers the player's wrong move san as the line after it is
 * numbered ("2... Ka11", "21. Qh5"), from analysis a of the position
 * after it (its fullmove); side is the player's colour. A ban ("Banning
 * Kb2") is a phrase, not a move: it stays as it is.
 * @param {string} san
 * @param {Analysis} a
 * @param {string} side
 * @returns {string}
 */
export function missLabel(san, a, side) {
  if (san.indexOf('Banning ') === 0) return san;
  const after = a.fullmove || 1;
  // Black's move ends a full move: the position after it counts the next.
  const mover = side === 'black' ? 'black' : 'white';
  return numbered([san], mover, mover === 'black' ? Math.max(1, after - 1) : after)[0];
}

/**
 * opponentPlayed is what the trainer says when the opponent's answer
 * leaves the player to move under Ban Chess: its move, numbered ("Black
 * played 3... Ka4. Your move."). The status line names the ban that
 * came with it ("White to move; Black banned Ra2."): not said twice.
 * @param {{bans?: boolean, side: string, opponentName: string, fullmove: number, last?: {san: string} | null}} st
 * @returns {string}
 */
export function opponentPlayed(st) {
  if (!st.bans || !st.last) return 'Your move.';
  /** @type {Color} */
  const opp = st.side === 'white' ? 'black' : 'white';
  const n = opp === 'black' ? Math.max(1, st.fullmove - 1) : st.fullmove;
  return st.opponentName + ' played ' + numbered([st.last.san], opp, n)[0] + '. Your move.';
}

/**
 * refutation says why san fails, from analysis a of the position after
 * it; side is the player's colour and bestMateIn the fastest win they
 * had, in moves (0 when the puzzle is not a proven win); race says the
 * game is a race (won on the last rank or by leaving no move, not by
 * mate). It returns null
 * when a proves nothing.
 * @param {string} san
 * @param {Analysis | null} a
 * @param {string} side
 * @param {number} bestMateIn
 * @param {boolean} [race]
 * @returns {string | null}
 */
export function refutation(san, a, side, bestMateIn, race = false) {
  if (!a) return null;
  const miss = '✗ ' + missLabel(san, a, side) + '? ';
  if (a.method === 'over') return miss + a.summary;
  if (a.method !== 'table' && a.method !== 'mate-search') return null;
  const line = pvLine(a);
  let text = miss + (line ? line + ' — ' : '') + a.summary;
  // After the move the opponent is to play: a mate in n for the player
  // from there is a mate in n+1 from before it.
  const after = a.value === side + '-wins' && a.mateIn > 0 ? a.mateIn + 1 : 0;
  if (bestMateIn > 0 && after > bestMateIn) {
    text += race ? ' That wins the race in ' + after + ' instead of ' + bestMateIn + '.'
      : ' That is mate in ' + after + ' instead of mate in ' + bestMateIn + '.';
  } else if (bestMateIn > 0) {
    text += race ? ' The best wins the race in ' + bestMateIn + '.' : ' The best was mate in ' + bestMateIn + '.';
  }
  return text + ' (Proven by ' + (a.method === 'table' ? 'the exact table' : 'the mate prover') + '.)';
}
