// @ts-check
// The twin of engine/fen.go: FEN read and written, and the checks every
// set-up position passes (fromGrid, finish). engine.Parse, which reads
// either notation, is parsePosition in rules-code.js: that module
// imports this one.

import { goQuote, goQuoteChar, atoi, isDigit } from './rules-strconv.js';
import { PAWN, BISHOP, ROOK, KING, COLORS, LETTERS, MAX_SIDE, RACE } from './rules-data.js';
import { piece, colorOf, typeOf, pieceName, letterType } from './rules-piece.js';
import { board, squareName, parseSquare } from './rules-board.js';
import { defaultRules } from './rules-rules.js';
import { attacked } from './rules-movegen.js';
import { Position } from './rules-position.js';

/**
 * wrapErr runs fn, prefixing the message of any error it throws.
 * @template T
 * @param {string} prefix
 * @param {() => T} fn
 * @returns {T}
 */
export function wrapErr(prefix, fn) {
  try { return fn(); } catch (e) { throw new Error(prefix + e.message); }
}

/**
 * parseFEN is engine.ParseFEN; rules null means the default preset for
 * the board's width.
 * @param {string} s
 * @param {RuleSet | null} rules
 * @returns {Position}
 */
export function parseFEN(s, rules) {
  const fields = s.split(/\s+/).filter((f) => f !== '');
  if (fields.length < 2 || fields.length > 7) {
    throw new Error(`bad FEN ${goQuote(s)}: want 2 to 6 fields (placement, side, castling, en passant, halfmove, move number) and under bans a 7th (ply[:banned]), got ${fields.length}`);
  }
  const grid = placement(fields[0]);
  const p = wrapErr('bad FEN: ', () => fromGrid(grid, rules));
  if (fields[1] !== 'w' && fields[1] !== 'b') throw new Error(`bad FEN: side to move ${goQuote(fields[1])}: want w or b`);
  p.us = fields[1] === 'b' ? 1 : 0;
  if (fields.length > 2) wrapErr('bad FEN: ', () => parseCastling(p, fields[2]));
  if (fields.length > 3 && fields[3] !== '-') {
    const ep = wrapErr('bad FEN: en passant: ', () => parseSquare(p.b, fields[3]));
    wrapErr(`bad FEN: en passant ${fields[3]}: `, () => checkEP(p, ep));
    p.ep = ep;
  }
  if (fields.length > 4) {
    const n = atoi(fields[4]);
    if (n === null || n < 0 || n > 100000) throw new Error(`bad FEN: halfmove clock ${goQuote(fields[4])}: want a number from 0`);
    p.halfmove = n;
  }
  if (fields.length > 5) {
    const n = atoi(fields[5]);
    if (n === null || n < 1 || n > 100000) throw new Error(`bad FEN: move number ${goQuote(fields[5])}: want a number from 1`);
    p.fullmove = n;
  }
  wrapErr('bad FEN: ', () => finish(p));
  if (fields.length === 7) {
    throw new Error(`bad FEN: seventh field ${goQuote(fields[6])} (ply and ban) is only for Ban Chess; set the rule bans`);
  }
  return p;
}

/**
 * placement reads FEN's first field into ranks of pieces, top rank first.
 * @param {string} field
 * @returns {number[][]}
 */
function placement(field) {
  const rows = field.split('/');
  const grid = [];
  rows.forEach((row, i) => {
    const rank = rows.length - i;
    const cells = [];
    for (let j = 0; j < row.length;) {
      const c = row[j];
      if (isDigit(c)) {
        let k = j;
        while (k < row.length && isDigit(row[k])) k++;
        const n = atoi(row.slice(j, k)) ?? Infinity;
        if (n === 0 || n > MAX_SIDE || c === '0') {
          throw new Error(`bad FEN: rank ${rank}: empty run ${goQuote(row.slice(j, k))} must be from 1 to ${MAX_SIDE}`);
        }
        for (let e = 0; e < n; e++) cells.push(0);
        j = k;
      } else {
        const t = letterType(c);
        if (!t) throw new Error(`bad FEN: rank ${rank}, character ${j + 1}: ${goQuoteChar(c)} is not a piece letter (want one of KQRBNP kqrbnp or a digit)`);
        cells.push(piece(c >= 'a' ? 1 : 0, t));
        j++;
      }
      if (cells.length > MAX_SIDE) throw new Error(`bad FEN: rank ${rank} has more than ${MAX_SIDE} squares`);
    }
    if (cells.length === 0) throw new Error(`bad FEN: rank ${rank} is empty`);
    if (i > 0 && cells.length !== grid[0].length) {
      throw new Error(`bad FEN: rank ${rank} has ${cells.length} squares but rank ${rows.length} has ${grid[0].length}`);
    }
    grid.push(cells);
  });
  return grid;
}

/**
 * fromGrid sets up the pieces of grid, top rank first, on a new position
 * under rules (null: the default preset for the board's width).
 * @param {number[][]} grid
 * @param {RuleSet | null} rules
 * @returns {Position}
 */
export function fromGrid(grid, rules) {
  const h = grid.length, w = grid[0].length;
  if (h > MAX_SIDE) throw new Error(`${h} ranks: at most ${MAX_SIDE} allowed`);
  const b = board(w, h);
  const p = new Position(b, rules || defaultRules(w));
  grid.forEach((row, i) => row.forEach((pc, f) => { if (pc) p.put((h - 1 - i) * w + f, pc); }));
  return p;
}

/**
 * checkEP: the target must be an empty square just behind a pawn that
 * has just double-stepped.
 * @param {Position} p
 * @param {number} ep
 */
function checkEP(p, ep) {
  const b = p.b, mover = p.us ^ 1;
  const wantRank = mover === 1 ? b.h - 3 : 2;
  if (Math.floor(ep / b.w) !== wantRank) throw new Error(`must be on rank ${wantRank + 1} with ${p.side} to move`);
  if (b.h < 4) throw new Error(`no double step is possible on a board of ${b.h} ranks`);
  if (p.sq[ep] || p.sq[ep + p.pawnStep(mover)] !== piece(mover, PAWN) || p.sq[ep - p.pawnStep(mover)]) {
    throw new Error(`no ${COLORS[mover]} pawn has just moved two squares past it`);
  }
}

/**
 * parseCastling reads "-", KQkq or rook file letters (Shredder-FEN).
 * @param {Position} p
 * @param {string} f
 */
function parseCastling(p, f) {
  if (f === '-') return;
  const b = p.b;
  for (const c of f) {
    const col = c >= 'a' ? 1 : 0;
    const back = col === 1 ? b.h - 1 : 0;
    const k = p.kings[col];
    if (k < 0 || Math.floor(k / b.w) !== back) throw new Error(`castling ${goQuote(c)}: the ${COLORS[col]} king is not on its back rank`);
    const lower = c.toLowerCase();
    let rook = -1, kingSide = false;
    if (lower === 'k' || lower === 'q') {
      kingSide = lower === 'k';
      for (let fl = 0; fl < b.w; fl++) {
        const s = back * b.w + fl;
        if (p.sq[s] !== piece(col, ROOK)) continue;
        if (kingSide && fl > k % b.w) rook = s;
        if (!kingSide && fl < k % b.w && rook < 0) rook = s;
      }
    } else if (lower >= 'a' && lower.charCodeAt(0) - 97 < b.w) {
      const s = back * b.w + lower.charCodeAt(0) - 97;
      if (p.sq[s] === piece(col, ROOK)) rook = s;
      kingSide = s % b.w > k % b.w;
    } else {
      throw new Error(`castling ${goQuote(c)}: want K, Q, k, q, a file letter or -`);
    }
    if (rook < 0) throw new Error(`castling ${goQuote(c)}: no ${COLORS[col]} rook to castle with`);
    const i = col * 2 + (kingSide ? 0 : 1);
    if (p.castle & (1 << i)) throw new Error(`castling ${goQuote(c)}: right given twice`);
    p.castle |= 1 << i;
    p.castleRook[i] = rook;
    p.castleKing[col] = k;
  }
}

/**
 * finish validates a freshly set-up position (Position.finish).
 * @param {Position} p
 */
export function finish(p) {
  const b = p.b, r = p.r;
  for (let c = 0; c < 2; c++) {
    const n = p.counts[c * 8 + KING];
    if (n > 1) throw new Error(`${COLORS[c]} has ${n} kings; at most one is allowed`);
  }
  if (r.goal !== RACE && b.h > 1) {
    for (let f = 0; f < b.w; f++) {
      const top = (b.h - 1) * b.w + f;
      if (p.sq[top] === piece(0, PAWN)) throw new Error(`white pawn on ${b.names[top]}, its promotion rank`);
      if (p.sq[f] === piece(1, PAWN)) throw new Error(`black pawn on ${b.names[f]}, its promotion rank`);
    }
  }
  if (r.oneD) {
    if (b.w !== 1) throw new Error(`variant 1d needs a board one file wide, not ${b.w}×${b.h}`);
    for (let s = 0; s < b.n; s++) {
      const t = typeOf(p.sq[s]);
      if (t === BISHOP || t === PAWN) throw new Error(`${pieceName(p.sq[s])} on ${b.names[s]}: variant 1d has no bishops or pawns`);
    }
  }
  const k = p.kings[p.us ^ 1];
  if (k >= 0 && attacked(p, k, p.us)) {
    throw new Error(`the ${COLORS[p.us ^ 1]} king on ${b.names[k]} is in check but it is ${p.side}'s move`);
  }
  if (r.promoteToCaptured && !r.initial) p.r = { ...r, initial: Int8Array.from(p.counts) };
}

/**
 * fen writes p in FEN (Position.FEN).
 * @param {Position} p
 * @returns {string}
 */
export function fen(p) {
  const b = p.b;
  const rows = [];
  for (let r = b.h - 1; r >= 0; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < b.w; f++) {
      const pc = p.sq[r * b.w + f];
      if (!pc) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      const l = LETTERS[typeOf(pc)];
      row += colorOf(pc) === 0 ? l.toUpperCase() : l;
    }
    rows.push(empty ? row + empty : row);
  }
  return `${rows.join('/')} ${'wb'[p.us]} ${castlingField(p)} ${squareName(b, p.ep)} ${p.halfmove} ${p.fullmove}`;
}

/**
 * castlingField writes KQkq for outermost rooks, else the rook's file letter.
 * @param {Position} p
 * @returns {string}
 */
function castlingField(p) {
  if (!p.castle) return '-';
  const b = p.b;
  let out = '';
  for (let i = 0; i < 4; i++) {
    if (!(p.castle & (1 << i))) continue;
    const col = i >> 1, rs = p.castleRook[i], kingSide = i % 2 === 0;
    const rf = rs % b.w, base = rs - rf;
    let outer = true;
    for (let fl = 0; fl < b.w; fl++) {
      if (p.sq[base + fl] === piece(col, ROOK) && (kingSide ? fl > rf : fl < rf)) outer = false;
    }
    const c = outer ? (kingSide ? 'K' : 'Q') : String.fromCharCode(65 + rf);
    out += col === 1 ? c.toLowerCase() : c;
  }
  return out;
}
