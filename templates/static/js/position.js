// @ts-check
// Positions as the page handles them without the engine: cells by square
// index ("wk", "bn" or "" for empty), the editor's position code, FEN
// fields and linked lines of moves. Pure: no DOM, importable from Node.

/**
 * cellsOf reads a FEN's placement into cells on a w×h board.
 * @param {string} fen
 * @param {number} w
 * @param {number} h
 * @returns {string[]}
 */
export function cellsOf(fen, w, h) {
  const cells = new Array(w * h).fill('');
  fen.split(' ')[0].split('/').forEach((row, ri) => {
    const r = h - 1 - ri;
    let f = 0, run = '';
    for (const c of row) {
      if (c >= '0' && c <= '9') { run += c; continue; }
      if (run) { f += parseInt(run, 10); run = ''; }
      const lower = c.toLowerCase();
      if (f < w && r >= 0) cells[r * w + f] = (c === lower ? 'b' : 'w') + lower;
      f++;
    }
  });
  return cells;
}

/**
 * sideOf is the side to move of a FEN.
 * @param {string} fen
 * @returns {Color}
 */
export function sideOf(fen) {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

/**
 * fullmoveOf is the move number of a FEN, 1 when it has none.
 * @param {string} fen
 * @returns {number}
 */
export function fullmoveOf(fen) {
  return parseInt(fen.split(' ')[5], 10) || 1;
}

/**
 * positionCode writes cells as a position code ("bk,x,wk:w"): ranks from
 * the top, "x" for an empty square, then the side to move ("w" or "b").
 * @param {string[]} cells
 * @param {number} w
 * @param {number} h
 * @param {string} side
 * @returns {string}
 */
export function positionCode(cells, w, h, side) {
  const ranks = [];
  for (let r = h - 1; r >= 0; r--) {
    const row = [];
    for (let f = 0; f < w; f++) row.push(cells[r * w + f] || 'x');
    ranks.push(row.join(','));
  }
  return ranks.join(w === 1 ? ',' : '/') + ':' + side;
}

/**
 * resizeCells keeps the pieces of a w×h board that fit on a board of
 * the new size, which is clamped to 1…16 each way.
 * @param {string[]} cells
 * @param {number} w
 * @param {number} h
 * @param {number} nw
 * @param {number} nh
 * @returns {{w: number, h: number, cells: string[]}}
 */
export function resizeCells(cells, w, h, nw, nh) {
  nw = Math.max(1, Math.min(16, nw | 0));
  nh = Math.max(1, Math.min(16, nh | 0));
  const out = new Array(nw * nh).fill('');
  for (let r = 0; r < Math.min(nh, h); r++) {
    for (let f = 0; f < Math.min(nw, w); f++) out[r * nw + f] = cells[r * w + f] || '';
  }
  return { w: nw, h: nh, cells: out };
}

const COORD = /^[a-p](1[0-6]|[1-9])[a-p](1[0-6]|[1-9])[qrbnk]?$/;

/**
 * linkedMoves reads a ?moves= parameter (a line from the mode's start in
 * coordinates, separated by spaces, "+" or commas, as the state-graph
 * explorer links it): a list of moves, null when there is none, or
 * {error} when the text is not a line of coordinates.
 * @param {string | null | undefined} text
 * @returns {string[] | {error: string} | null}
 */
export function linkedMoves(text) {
  if (text == null) return null;
  const moves = text.trim().split(/[\s,+]+/).filter(Boolean);
  const ok = moves.length <= 1000 && moves.every((m) => COORD.test(m));
  return ok ? moves : { error: 'The link’s moves are not a line of coordinates such as a2a4.' };
}
