// @ts-check
// The twin of engine/order.go: the canonical order of moves.

import { letterType } from './rules-piece.js';

/**
 * compareMoves is engine.CompareMoves: origin, destination, then
 * promotion knight < bishop < rook < queen.
 * @param {Move} a
 * @param {Move} b
 * @returns {number}
 */
export function compareMoves(a, b) {
  return a.from - b.from || a.to - b.to || letterType(a.promo || '') - letterType(b.promo || '');
}
