// @ts-check
// The searcher's strength as a player chooses it and sees it at work:
// the think times of the page's #level menu, the one kept on this
// device, and the words for a think time and for what a search has
// found so far. Game (game.js) uses them.
import { store } from './dom.js';

// LEVELS are the searcher's think times a player chooses from, in ms
// (the page's #level menu); the choice is kept under LEVEL_KEY.
export const LEVELS = [300, 1000, 3000];
const LEVEL_KEY = 'thinchess.level';
const DEFAULT_LEVEL = 1000;

/**
 * savedLevel returns the think time kept on this device, or the default.
 * @returns {number}
 */
export function savedLevel() {
  const v = Number(store.get(LEVEL_KEY));
  return LEVELS.includes(v) ? v : DEFAULT_LEVEL;
}

/**
 * levelText writes a think time for people: "0.3 s", "1 s".
 * @param {number} ms
 * @returns {string}
 */
export function levelText(ms) {
  return (ms / 1000) + ' s';
}

/**
 * progressText says what a search has found so far: "Depth 7 · White
 * +0.35 · e4 e5 Nf3" (the score for the side to move, side).
 * @param {SearchProgress} p
 * @param {string} side "white" or "black"
 * @returns {string}
 */
export function progressText(p, side) {
  const name = side === 'black' ? 'Black' : 'White';
  let value;
  if (p.mate > 0) value = name + ' mates in ' + p.mate;
  else if (p.mate < 0) value = name + ' is mated in ' + -p.mate;
  else value = name + ' ' + (p.score >= 0 ? '+' : '−') + (Math.abs(p.score) / 100).toFixed(2);
  return 'Depth ' + p.depth + ' · ' + value + (p.pvText ? ' · ' + p.pvText : '');
}

/**
 * saveLevel keeps a think time on this device.
 * @param {number} ms
 */
export function saveLevel(ms) {
  store.set(LEVEL_KEY, String(ms));
}
