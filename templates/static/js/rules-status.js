// @ts-check
// The twin of engine/status.go: how a position stands (the game's draws
// that depend on history are in rules-game.js) and the words for it
// (generated: REASONS of rules-data.js).

/** @typedef {import('./rules-position.js').Position} Position */

import { PAWN, KNIGHT, BISHOP, KING, COLORS, RACE, REASONS } from './rules-data.js';
import { inCheck, raceOver, hasLegalMove } from './rules-movegen.js';

/**
 * status is the position's own status (Position.Status).
 * @param {Position} p
 * @returns {StatusName}
 */
export function status(p) {
  if (p.r.goal === RACE && raceOver(p)) return 'race';
  if (!hasLegalMove(p)) {
    if (p.r.goal === RACE) return 'no-moves';
    return inCheck(p) ? 'checkmate' : 'stalemate';
  }
  if (p.r.insufficientMaterial && p.r.goal !== RACE && insufficient(p)) return 'insufficient-material';
  return 'active';
}

/**
 * winner of a position whose status is st, or null (Position.Winner).
 * @param {Position} p
 * @param {StatusName} st
 * @returns {Color | null}
 */
export function winner(p, st) {
  return st === 'checkmate' || st === 'no-moves' || st === 'race' ? COLORS[p.us ^ 1] : null;
}

/**
 * insufficient: lone kings, or on a 2-D board king and one minor against
 * a lone king.
 * @param {Position} p
 * @returns {boolean}
 */
function insufficient(p) {
  let minors = 0, others = 0;
  for (let c = 0; c < 2; c++) {
    for (let t = PAWN; t < KING; t++) {
      const n = p.counts[c * 8 + t];
      if (t === KNIGHT || t === BISHOP) minors += n; else others += n;
    }
  }
  if (others > 0) return false;
  if (minors === 0) return p.kings[0] >= 0 && p.kings[1] >= 0;
  return minors === 1 && p.b.w > 1;
}

/**
 * statusReason is Status.Reason: words to follow "by", "" for none.
 * @param {string} st
 * @returns {string}
 */
export function statusReason(st) { return REASONS[st] || ''; }
