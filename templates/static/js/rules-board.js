// @ts-check
// The twin of engine/board.go: the geometry of a w×h board, shared by
// every position on it, and square names.

import { goQuote, atoi } from './rules-strconv.js';
import { MAX_SIDE } from './rules-data.js';

/** Directions: four orthogonal (rook), then four diagonal (bishop). */
export const DIRS = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]];

/** @type {Map<number, Geometry>} */
const boards = new Map();

/**
 * board returns the shared geometry of a w×h board (engine.NewBoard).
 * @param {number} w
 * @param {number} h
 * @returns {Geometry}
 */
export function board(w, h) {
  if (w < 1 || w > MAX_SIDE || h < 1 || h > MAX_SIDE) {
    throw new Error(`board ${w}×${h}: files and ranks must be from 1 to ${MAX_SIDE}`);
  }
  if (h === 1 && w > 1) {
    throw new Error(`board ${w}×1: a board one rank high must be one file wide (1-D boards run along a file)`);
  }
  const key = w * 100 + h;
  let b = boards.get(key);
  if (b) return b;
  const n = w * h;
  b = { w, h, n, oneD: w === 1, knight: [], king: [], pawnAttack: [[], []], rays: [], names: [] };
  const off = (s, df, dr) => {
    const f = (s % w) + df, r = Math.floor(s / w) + dr;
    return f < 0 || f >= w || r < 0 || r >= h ? -1 : r * w + f;
  };
  const knightSteps = b.oneD ? [[0, 2], [0, -2]] : [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
  for (let s = 0; s < n; s++) {
    b.names.push(String.fromCharCode(97 + (s % w)) + (Math.floor(s / w) + 1));
    b.knight.push(knightSteps.map(([df, dr]) => off(s, df, dr)).filter((t) => t >= 0));
    b.king.push(DIRS.map(([df, dr]) => off(s, df, dr)).filter((t) => t >= 0));
    b.rays.push(DIRS.map(([df, dr]) => {
      const ray = [];
      for (let k = 1, t; (t = off(s, k * df, k * dr)) >= 0; k++) ray.push(t);
      return ray;
    }));
    b.pawnAttack[0].push([off(s, -1, 1), off(s, 1, 1)].filter((t) => t >= 0));
    b.pawnAttack[1].push([off(s, -1, -1), off(s, 1, -1)].filter((t) => t >= 0));
  }
  boards.set(key, b);
  return b;
}

/**
 * squareName is Board.Name: "a1", or "-" for no square.
 * @param {Geometry} b
 * @param {number} s
 * @returns {string}
 */
export const squareName = (b, s) => (s < 0 || s >= b.n ? '-' : b.names[s]);

/**
 * parseSquare reads "a1" or "b10" (Board.ParseSquare).
 * @param {Geometry} b
 * @param {string} name
 * @returns {number}
 */
export function parseSquare(b, name) {
  if (name.length < 2 || name.length > 3) {
    throw new Error(`bad square ${goQuote(name)}: want a file letter and a rank number, like a1`);
  }
  const f = name.charCodeAt(0) - 97;
  const r = atoi(name.slice(1));
  if (r === null || '0+-'.includes(name[1])) {
    throw new Error(`bad square ${goQuote(name)}: rank must be a number from 1`);
  }
  if (f < 0 || f >= b.w || r < 1 || r > b.h) {
    throw new Error(`square ${goQuote(name)} is off the ${b.w}×${b.h} board`);
  }
  return (r - 1) * b.w + f;
}
