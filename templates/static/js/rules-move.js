// @ts-check
// The twin of engine/move.go: a move is {from, to, promo, flag}, square
// indices (a1 is 0, along the first rank, then up), the promotion letter
// or '', and the flags EP, CASTLE and DOUBLE; written and read in
// coordinates. (Position.ParseCoord is in rules-san.js, beside
// parseMove: it explains an illegal move, which needs the modules that
// import this one.)

import { goQuote, isDigit } from './rules-strconv.js';
import { PAWN, LETTERS } from './rules-data.js';
import { letterType } from './rules-piece.js';
import { squareName, parseSquare } from './rules-board.js';

/** Move flags: en passant, castling, a pawn's double step. */
export const EP = 1, CASTLE = 2, DOUBLE = 4;

/**
 * mv makes a move (NewMove).
 * @param {number} from
 * @param {number} to
 * @param {string} [promo]
 * @param {number} [flag]
 * @returns {Move}
 */
export const mv = (from, to, promo = '', flag = 0) => ({ from, to, promo, flag });

/** @type {(a: Move, b: Move) => boolean} sameMove matches from, to and promotion. */
export const sameMove = (a, b) => a.from === b.from && a.to === b.to && (a.promo || '') === (b.promo || '');

/**
 * findMove returns the move of legal that m names, or undefined (san.go's findMove).
 * @param {Move[]} legal
 * @param {Move} m
 * @returns {Move | undefined}
 */
export const findMove = (legal, m) => legal.find((l) => sameMove(l, m));

/**
 * coord writes a move in coordinates on board b: "a1a3", "e7e8q" (Move.Coord).
 * @param {Geometry} b
 * @param {Move} m
 * @returns {string}
 */
export function coord(b, m) {
  return squareName(b, m.from) + squareName(b, m.to) + (m.promo || '');
}

/**
 * splitCoord parses "a1a3" / "e7e8q" / "e7e8=Q" (Board.splitCoord).
 * @param {Geometry} b
 * @param {string} orig
 * @returns {Move}
 */
export function splitCoord(b, orig) {
  const s = orig.trim();
  const bad = () => new Error(`bad move ${goQuote(orig)}: want coordinates like a1a3 or e7e8q`);
  let i = 1;
  while (i < s.length && isDigit(s[i])) i++;
  if (i === 1 || i >= s.length) throw bad();
  let j = i + 1;
  while (j < s.length && isDigit(s[j])) j++;
  if (j === i + 1) throw bad();
  let from, to;
  try {
    from = parseSquare(b, s.slice(0, i));
    to = parseSquare(b, s.slice(i, j));
  } catch (e) {
    throw new Error(`bad move ${goQuote(orig)}: ${e.message}`);
  }
  const rest = s.slice(j);
  let promo = '';
  if (rest.length === 1 || (rest.length === 2 && rest[0] === '=')) {
    const t = letterType(rest[rest.length - 1]);
    if (!t || t === PAWN) throw new Error(`bad move ${goQuote(orig)}: ${goQuote(rest)} is not a promotion piece`);
    promo = LETTERS[t];
  } else if (rest !== '') {
    throw new Error(`bad move ${goQuote(orig)}: unexpected ${goQuote(rest)} after the squares`);
  }
  return { from, to, promo };
}
