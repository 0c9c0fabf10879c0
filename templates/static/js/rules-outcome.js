// @ts-check
// The twin of engine/outcome.go: a position's value with best play, in
// words (the titles are generated: OUTCOME_TITLES of rules-data.js).

import { colorTitle } from './rules-piece.js';
import { RACE, OUTCOME_TITLES } from './rules-data.js';

/**
 * outcomeTitle is Outcome.Title: "White wins", "Draw", "Unknown".
 * @param {string} outcome
 * @returns {string}
 */
export const outcomeTitle = (outcome) => OUTCOME_TITLES[outcome] || OUTCOME_TITLES.unknown;

/**
 * describe is Outcome.Describe: "White wins: mate in 6 (11 plies)",
 * under the race goal "White wins the race in 6 (11 plies)".
 * @param {string} outcome
 * @param {number} goal the rules' goal (0 checkmate, RACE)
 * @param {number} mateIn
 * @param {number} plies
 * @returns {string}
 */
export function describe(outcome, goal, mateIn, plies) {
  if (outcome === 'white-wins' || outcome === 'black-wins') {
    if (plies === 0) return colorTitle(outcome === 'black-wins' ? 1 : 0) + ' has won';
    const unit = plies === 1 ? 'ply' : 'plies';
    if (plies > 0 && goal === RACE) return `${outcomeTitle(outcome)} the race in ${mateIn} (${plies} ${unit})`;
    if (plies > 0) return `${outcomeTitle(outcome)}: mate in ${mateIn} (${plies} ${unit})`;
    return outcomeTitle(outcome);
  }
  return outcome === 'draw' ? 'Draw with best play' : 'Value unknown';
}

/**
 * mateIn converts a distance in plies for the side to move into the
 * winner's moves (engine.MateIn).
 * @param {boolean} won
 * @param {number} plies
 * @returns {number}
 */
export function mateIn(won, plies) {
  return won ? Math.floor((plies + 1) / 2) : Math.floor(plies / 2);
}
