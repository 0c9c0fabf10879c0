// @ts-check
// The twin of engine/piece.go: colours and pieces. Pieces are small
// integers as in Go: type | colour << 3; colours are 0 (white) and 1
// (black) inside the rules and 'white' / 'black' in what they answer.
// The types, letters, names and titles are generated (rules-data.js).

import { LETTERS, TYPE_NAMES, COLORS, COLOR_TITLES } from './rules-data.js';

/** @type {(c: number, t: number) => number} MakePiece */
export const piece = (c, t) => t | (c << 3);
/** @type {(pc: number) => number} Piece.Color */
export const colorOf = (pc) => pc >> 3;
/** @type {(pc: number) => number} Piece.Type */
export const typeOf = (pc) => pc & 7;
/** @type {(pc: number) => string} Piece.String: "white knight" */
export const pieceName = (pc) => COLORS[colorOf(pc)] + ' ' + TYPE_NAMES[typeOf(pc)];

/**
 * letterType is PieceTypeFromLetter of either case: the type, or 0.
 * @param {string} ch
 * @returns {number}
 */
export const letterType = (ch) => (typeof ch === 'string' && ch.length === 1 ? Math.max(0, LETTERS.indexOf(ch.toLowerCase())) : 0);

/**
 * colorTitle is Color.Title: "White" or "Black".
 * @param {Color | number} color
 * @returns {string}
 */
export const colorTitle = (color) => COLOR_TITLES[color === 'black' || color === 1 ? 1 : 0];
