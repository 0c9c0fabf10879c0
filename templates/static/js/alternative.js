// @ts-check
// Proven alternatives, as Chess Tempo treats them: a move that is not
// the puzzle's fastest but still wins is neither right nor wrong, and
// the player tries again. "Still wins" must be proven — by the exact
// table, an exact solve in the page or the mate prover — from the
// engine's analysis of the position after the move; an estimate never
// saves a move. Pure: Node tests it.

const PROOFS = ['table', 'exact', 'mate-search'];

/**
 * alsoWins is how many moves the player needs to win after a move that
 * the tree does not accept, from analysis a of the position after it
 * (the opponent to act): the opponent's loss in n is the player's win in
 * n+1 from before the move. It is 0 when a does not prove a win for the
 * player (side).
 * @param {Analysis | null} a
 * @param {string} side
 * @returns {number}
 */
export function alsoWins(a, side) {
  if (!a || PROOFS.indexOf(a.method) < 0 || a.value !== side + '-wins') return 0;
  if (a.mateIn > 0) return a.mateIn + 1;
  return 0;
}

/**
 * alsoWinsPlies is alsoWins under Ban Chess, whose distances count bans
 * and moves (an analysis there has no mateIn): the plies the player
 * needs to mate from before the action, 0 when a proves no win for the
 * player.
 * @param {Analysis | null} a
 * @param {string} side
 * @returns {number}
 */
export function alsoWinsPlies(a, side) {
  if (!a || PROOFS.indexOf(a.method) < 0 || a.value !== side + '-wins' || !(a.dtm > 0)) return 0;
  return a.dtm + 1;
}

/**
 * alsoWinsText says so, with the fastest win when it is known (best,
 * 0 when not).
 * @param {string} san the move played
 * @param {number} n the moves it wins in (alsoWins)
 * @param {number} best the fastest win's moves
 * @param {boolean} [plies] n counts plies, bans and moves (Ban Chess: alsoWinsPlies)
 * @returns {string}
 */
export function alsoWinsText(san, n, best, plies = false) {
  if (plies) return san + ' — that wins too, in ' + n + ' plies (bans and moves): find the fastest. Try again.';
  return san + ' — that wins too, in ' + n + ' moves: find the fastest' + (best > 0 && best < n ? ', in ' + best : '') + '. Try again.';
}
