// @ts-check
// What help costs in the trainer. A solve is a win against the puzzle
// (score 1 in the Glicko-2 update) and a miss a loss (0); each hint
// halves what the solve then scores: ½ after one hint, ¼ after two. A
// hint is thus a partial result, as a draw is, not a loss: it costs less
// than a miss, and more on a puzzle far below the player's rating (where
// a clean solve was all but certain) than near it. Showing the solution
// is a miss. The Hint button says before it is pressed what it will
// cost: in Rated, the points it takes from the rating change of a solve;
// elsewhere what it does to a Streak or a review. Pure: Node tests it.
import { update } from './rating.js';
import { puzzleRD } from './progress.js';

/**
 * solveScore is the score of an attempt that reached the end: 0 after a
 * mistake or with the solution shown, else ½ to the power of the hints.
 * @param {{mistakes: number, hints: number, shown: boolean}} r
 * @returns {number}
 */
export function solveScore(r) {
  if (r.shown || r.mistakes > 0) return 0;
  return Math.pow(0.5, r.hints);
}

/**
 * ratingChange is the change of the player's shown rating (rounded) that
 * score at puzzle e would bring.
 * @param {import('./rating.js').Player} player
 * @param {import('./progress.js').RatedPuzzle} e
 * @param {number} score
 * @returns {number}
 */
export function ratingChange(player, e, score) {
  const after = update(player, [{ rating: e.rating, rd: puzzleRD(e), score }], undefined, true);
  return Math.round(after.rating) - Math.round(player.rating);
}

/**
 * HintCostContext is what the cost depends on: the mode, whether the
 * attempt is decided already (a mistake made: help costs nothing more)
 * or the puzzle was rated before, the player and the puzzle, the hints
 * used so far, and whether the next step is the solution.
 * @typedef {{mode: TrainMode, decided: boolean, rated: boolean, player: import('./rating.js').Player,
 *   entry: import('./progress.js').RatedPuzzle, hints: number, solution: boolean}} HintCostContext
 */

/**
 * hintCost says what the next hint (or the solution) costs, for the
 * button: "costs 35 points", "a miss: −42", "ends the streak"; '' when
 * it costs nothing.
 * @param {HintCostContext} c
 * @returns {string}
 */
export function hintCost(c) {
  if (c.decided) return '';
  switch (c.mode) {
    case 'streak':
      return 'ends the streak';
    case 'review':
      return 'stays in review';
    case 'rated': {
      if (c.rated) return '';
      if (c.solution) return 'a miss: ' + signed(ratingChange(c.player, c.entry, 0));
      const now = ratingChange(c.player, c.entry, solveScore({ mistakes: 0, hints: c.hints, shown: false }));
      const then = ratingChange(c.player, c.entry, solveScore({ mistakes: 0, hints: c.hints + 1, shown: false }));
      return now > then ? 'costs ' + (now - then) + (now - then === 1 ? ' point' : ' points') : '';
    }
    default:
      return '';
  }
}

/** @param {number} d */
function signed(d) {
  return (d >= 0 ? '+' : '−') + Math.abs(d);
}
