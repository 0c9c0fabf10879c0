// @ts-check
// Squares and pieces by name: a1 is square index 0, then along rank 1.
// Pure: no DOM, importable from Node.

const NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

/**
 * squareName names square index i on a board w files wide.
 * @param {number} w
 * @param {number} i
 * @returns {string}
 */
export function squareName(w, i) {
  return String.fromCharCode(97 + (i % w)) + (Math.floor(i / w) + 1);
}

/**
 * squareIndex is the index of a named square on a board w files wide.
 * @param {number} w
 * @param {string} name
 * @returns {number}
 */
export function squareIndex(w, name) {
  const f = name.charCodeAt(0) - 97;
  const r = parseInt(name.slice(1), 10) - 1;
  return r * w + f;
}

/**
 * stepSquare moves from a square by df files and dr ranks, staying on a
 * w×h board.
 * @param {string} name
 * @param {number} df
 * @param {number} dr
 * @param {number} w
 * @param {number} h
 * @returns {string}
 */
export function stepSquare(name, df, dr, w, h) {
  const f = Math.max(0, Math.min(w - 1, name.charCodeAt(0) - 97 + df));
  const r = Math.max(0, Math.min(h - 1, parseInt(name.slice(1), 10) - 1 + dr));
  return String.fromCharCode(97 + f) + (r + 1);
}

/**
 * pieceName names a piece code ("wk" is "white king"), "empty" for "".
 * @param {string} code
 * @returns {string}
 */
export function pieceName(code) {
  if (!code) return 'empty';
  return (code[0] === 'w' ? 'white ' : 'black ') + NAMES[code[1]];
}

/**
 * typeName names a piece letter ("n" is "knight").
 * @param {string} letter
 * @returns {string}
 */
export function typeName(letter) {
  return NAMES[letter] || letter;
}
