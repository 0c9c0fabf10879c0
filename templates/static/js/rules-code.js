// @ts-check
// The twin of engine/code.go: position codes ("bk,x,wk:w") read and
// written; and parsePosition, engine.Parse of engine/fen.go, which reads
// a position in either notation.

/** @typedef {import('./rules-position.js').Position} Position */

import { goQuote, goQuoteChar } from './rules-strconv.js';
import { piece, letterType } from './rules-piece.js';
import { MAX_SIDE } from './rules-data.js';
import { wrapErr, fromGrid, finish, parseFEN } from './rules-fen.js';

/**
 * parsePosition reads a FEN or a position code (engine.Parse); rules
 * null means the default preset for the board's width.
 * @param {string} s
 * @param {RuleSet | null} [rules]
 * @returns {Position}
 */
export function parsePosition(s, rules = null) {
  const t = s.trim();
  if (/[ \t]/.test(t)) return parseFEN(t, rules);
  if (t.includes(':') || t.includes(',')) return parseCode(t, rules);
  throw new Error(`bad position ${goQuote(s)}: want a position code such as "bk,x,wk:w" or a FEN such as "k/1/K w - - 0 1"`);
}

/**
 * parseCode is engine.ParseCode.
 * @param {string} s
 * @param {RuleSet | null} rules
 * @returns {Position}
 */
export function parseCode(s, rules) {
  s = s.trim();
  const i = s.lastIndexOf(':');
  if (i < 0) throw new Error(`bad position code ${goQuote(s)}: missing side to move (":w" or ":b" at the end)`);
  const cellsPart = s.slice(0, i), side = s.slice(i + 1);
  if (side !== 'w' && side !== 'b') throw new Error(`bad position code: side to move ${goQuote(side)}: want w or b`);
  const rows = cellsPart.includes('/') ? cellsPart.split('/').map((r) => r.split(',')) : cellsPart.split(',').map((c) => [c]);
  if (rows.length > MAX_SIDE) throw new Error(`bad position code: ${rows.length} ranks, at most ${MAX_SIDE} allowed`);
  let cell = 0;
  const grid = rows.map((row, i) => {
    const rank = rows.length - i;
    if (row.length > MAX_SIDE) throw new Error(`bad position code: rank ${rank} has ${row.length} cells, at most ${MAX_SIDE} allowed`);
    if (i > 0 && row.length !== rows[0].length) {
      throw new Error(`bad position code: rank ${rank} has ${row.length} cells but rank ${rows.length} has ${rows[0].length}`);
    }
    return row.map((c) => {
      cell++;
      return wrapErr(`bad position code: cell ${cell} (rank ${rank}): `, () => parseCell(c.trim()));
    });
  });
  const p = wrapErr('bad position code: ', () => fromGrid(grid, rules));
  if (side === 'b') p.us = 1;
  wrapErr('bad position code: ', () => finish(p));
  return p;
}

/**
 * parseCell reads "x" or a side and piece letter: "wk", "bn".
 * @param {string} c
 * @returns {number}
 */
function parseCell(c) {
  if (c === 'x') return 0;
  if (c.length !== 2 || (c[0] !== 'w' && c[0] !== 'b')) {
    throw new Error(`${goQuote(c)} is not a cell: want x or w/b followed by k, q, r, b, n or p`);
  }
  const t = letterType(c[1]);
  if (!t || c[1] < 'a') throw new Error(`${goQuote(c)} is not a cell: ${goQuoteChar(c[1])} is not a piece letter (want k, q, r, b, n or p)`);
  return piece(c[0] === 'b' ? 1 : 0, t);
}

/**
 * code writes p as a position code (Position.Code).
 * @param {Position} p
 * @returns {string}
 */
export function code(p) {
  const b = p.b;
  let s = '';
  for (let r = b.h - 1; r >= 0; r--) {
    for (let f = 0; f < b.w; f++) {
      if (f > 0) s += ',';
      s += p.at(r * b.w + f) || 'x';
    }
    if (r > 0) s += b.w === 1 ? ',' : '/';
  }
  return s + ':' + 'wb'[p.us];
}
