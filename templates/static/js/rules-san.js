// @ts-check
// The twin of engine/san.go: Standard Algebraic Notation written and
// read, tolerant move lines, and reading a move in either notation (with
// Position.ParseCoord of engine/move.go, which explains an illegal move
// with rules-errors.js).

/** @typedef {import('./rules-position.js').Position} Position */

import { goQuote, goQuoteChar, atoi, isDigit, isLower, isLetter } from './rules-strconv.js';
import { PAWN, LETTERS, RACE } from './rules-data.js';
import { piece, colorOf, typeOf, pieceName, letterType } from './rules-piece.js';
import { parseSquare } from './rules-board.js';
import { EP, CASTLE, findMove, coord, splitCoord } from './rules-move.js';
import { legalMoves, hasLegalMove, inCheck, raceOver } from './rules-movegen.js';
import { status } from './rules-status.js';
import { MoveError, whyIllegal, pseudoMoves, obstruction, blocked } from './rules-errors.js';

/**
 * san writes m in SAN (Position.SAN); a move that is not legal comes
 * back in coordinates.
 * @param {Position} p
 * @param {Move} m
 * @returns {string}
 */
export function san(p, m) {
  const legal = legalMoves(p);
  const lm = findMove(legal, m);
  return lm ? sanWith(p, lm, legal) : coord(p.b, m);
}

/**
 * @param {Position} p
 * @param {Move} m
 * @param {Move[]} legal
 * @returns {string}
 */
const sanWith = (p, m, legal) => sanBody(p, m, legal) + checkSuffix(p, m);

/**
 * @param {Position} p
 * @param {Move} m
 * @param {Move[]} legal
 * @returns {string}
 */
function sanBody(p, m, legal) {
  const b = p.b, from = m.from, to = m.to;
  if (m.flag & CASTLE) return to > from ? 'O-O' : 'O-O-O';
  const t = typeOf(p.sq[from]);
  const capture = p.sq[to] !== 0 || (m.flag & EP) !== 0;
  let s = '';
  if (t === PAWN) {
    if (capture) s += b.names[from][0];
  } else {
    s += LETTERS[t].toUpperCase();
    let sameFile = false, sameRank = false, others = false;
    for (const o of legal) {
      if (o.to !== to || o.from === from || (o.flag & CASTLE) || typeOf(p.sq[o.from]) !== t) continue;
      others = true;
      sameFile = sameFile || o.from % b.w === from % b.w;
      sameRank = sameRank || Math.floor(o.from / b.w) === Math.floor(from / b.w);
    }
    if (others) s += !sameFile ? b.names[from][0] : !sameRank ? b.names[from].slice(1) : b.names[from];
  }
  if (capture) s += 'x';
  s += b.names[to];
  if (m.promo) s += '=' + m.promo.toUpperCase();
  return s;
}

/**
 * checkSuffix is "+" for check, "#" for mate under the checkmate goal.
 * @param {Position} p
 * @param {Move} m
 * @returns {string}
 */
function checkSuffix(p, m) {
  const u = p.doMove(m);
  let out = '';
  if (!(p.r.goal === RACE && raceOver(p)) && inCheck(p)) {
    out = p.r.goal !== RACE && !hasLegalMove(p) ? '#' : '+';
  }
  p.undoMove(u);
  return out;
}

/**
 * sanLine writes a line played from p (Position.SANLine); an illegal move
 * ends it, it and the rest in coordinates.
 * @param {Position} p
 * @param {Move[]} moves
 * @returns {string[]}
 */
export function sanLine(p, moves) {
  const q = p.clone();
  const out = [];
  for (let i = 0; i < moves.length; i++) {
    const legal = legalMoves(q);
    const lm = findMove(legal, moves[i]);
    if (!lm) {
      for (let j = i; j < moves.length; j++) out.push(coord(p.b, moves[j]));
      return out;
    }
    out.push(sanWith(q, lm, legal));
    q.doMove(lm);
  }
  return out;
}

/**
 * parseCoord reads coordinates and returns the matching legal move
 * (Position.ParseCoord).
 * @param {Position} p
 * @param {string} s
 * @returns {Move}
 */
export function parseCoord(p, s) {
  const { from, to, promo } = splitCoord(p.b, s);
  const m = findMove(legalMoves(p), { from, to, promo });
  if (m) return m;
  throw whyIllegal(p, from, to, promo, s);
}

/**
 * parseMove reads coordinates or SAN (Position.ParseMove).
 * @param {Position} p
 * @param {string} s
 * @returns {Move}
 */
export function parseMove(p, s) {
  let isCoord = true;
  try { splitCoord(p.b, s); } catch { isCoord = false; }
  return isCoord ? parseCoord(p, s) : parseSAN(p, s);
}

/**
 * parseSAN reads tolerant SAN (Position.ParseSAN).
 * @param {Position} p
 * @param {string} s
 * @returns {Move}
 */
export function parseSAN(p, s) {
  const st = splitSAN(p, s);
  const legal = legalMoves(p);
  if (legal.length === 0) throw new MoveError(s, `the game is over (${status(p)})`);
  if (st.castle) {
    const m = legal.find((l) => (l.flag & CASTLE) && (l.to > l.from) === (st.castle === 1));
    if (m) return m;
    throw whyNoCastle(p, s, st.castle === 1);
  }
  return matchSAN(p, s, st, legal);
}

/**
 * SANText is what splitSAN reads (sanText): castle 1 king side, 2 queen
 * side; piece the type; file, rank and to -1 when not given.
 * @typedef {{castle: number, piece: number, file: number, rank: number, to: number, promo: string}} SANText
 */

/**
 * @param {Position} p
 * @param {string} orig
 * @returns {SANText}
 */
function splitSAN(p, orig) {
  const st = { castle: 0, piece: 0, file: -1, rank: -1, to: -1, promo: '' };
  const syntax = (why) => new MoveError(orig, (why ? why + '; ' : '') + 'want SAN such as Nf3, exd5, O-O or e8=Q');
  let s = orig.trim();
  for (let changed = true; changed;) {
    let t = s.replace(/[+#!? \t]+$/, '');
    if (t.endsWith('e.p.')) t = t.slice(0, -4);
    t = t.replace(/[ \t]+$/, '');
    changed = t !== s;
    s = t;
  }
  if (s === '') throw syntax('empty move');
  const castle = s.replace(/[0o]/g, 'O');
  if (castle === 'O-O') return { ...st, castle: 1 };
  if (castle === 'O-O-O') return { ...st, castle: 2 };
  st.piece = PAWN;
  if (s[0] >= 'A' && s[0] <= 'Z') {
    const t = letterType(s[0]);
    if (!t) throw syntax(`${goQuoteChar(s[0])} is not a piece letter (want K, Q, R, B, N or none for a pawn)`);
    st.piece = t;
    s = s.slice(1);
  }
  let n = s.length;
  if (n >= 2 && isLetter(s[n - 1]) && (isDigit(s[n - 2]) || s[n - 2] === '=')) {
    const t = letterType(s[n - 1]);
    if (!t || t === PAWN) throw syntax(`${goQuoteChar(s[n - 1])} is not a promotion piece`);
    st.promo = LETTERS[t];
    s = s.slice(0, n - 1);
    if (s.endsWith('=')) s = s.slice(0, -1);
  }
  let j = s.length;
  while (j > 0 && isDigit(s[j - 1])) j--;
  if (j === s.length || j === 0 || !isLower(s[j - 1])) throw syntax('no destination square');
  j--;
  try { st.to = parseSquare(p.b, s.slice(j)); } catch (e) { throw syntax(e.message); }
  s = s.slice(0, j);
  n = s.length;
  if (n > 0 && 'x:-'.includes(s[n - 1])) s = s.slice(0, n - 1);
  if (s !== '' && isLower(s[0])) {
    const f = s.charCodeAt(0) - 97;
    if (f >= p.b.w) throw syntax(`file ${goQuoteChar(s[0])} is off the ${p.b.w}×${p.b.h} board`);
    st.file = f;
    s = s.slice(1);
  }
  if (s !== '') {
    const r = atoi(s);
    if (r === null || '0+-'.includes(s[0])) throw syntax(`unexpected ${goQuote(s)} before the destination`);
    if (r < 1 || r > p.b.h) throw syntax(`rank ${r} is off the ${p.b.w}×${p.b.h} board`);
    st.rank = r - 1;
  }
  return st;
}

/**
 * whyNoCastle explains the absence of a castling move (matchCastle).
 * @param {Position} p
 * @param {string} text
 * @param {boolean} kingSide
 * @returns {MoveError}
 */
function whyNoCastle(p, text, kingSide) {
  const side = kingSide ? 'king side' : 'queen side';
  const bit = (kingSide ? 1 : 2) << (p.us * 2);
  let why;
  if (!p.r.castling) why = 'castling is not allowed in this variant';
  else if (!(p.castle & bit)) why = `${p.side} has no right to castle ${side}`;
  else if (inCheck(p)) why = `the ${p.side} king is in check`;
  else why = `${p.side} cannot castle ${side}: the way is blocked or the king would pass through or land on an attacked square`;
  return new MoveError(text, why);
}

/**
 * matchSAN finds the legal move st describes, or explains why none does.
 * @param {Position} p
 * @param {string} text
 * @param {SANText} st
 * @param {Move[]} legal
 * @returns {Move}
 */
function matchSAN(p, text, st, legal) {
  const b = p.b;
  const fits = (from) => (st.file < 0 || from % b.w === st.file) && (st.rank < 0 || Math.floor(from / b.w) === st.rank);
  const cands = legal.filter((m) => m.to === st.to && !(m.flag & CASTLE) && typeOf(p.sq[m.from]) === st.piece && fits(m.from));
  if (cands.length) {
    const keep = cands.filter((m) => m.promo === st.promo);
    if (keep.length === 0) throw whyIllegal(p, cands[0].from, st.to, st.promo, text);
    if (keep.length === 1) return keep[0];
    throw new MoveError(text, 'ambiguous: it could be ' + keep.map((m) => sanWith(p, m, legal)).join(' or '));
  }
  const pc = piece(p.us, st.piece);
  const origins = [];
  for (let s = 0; s < b.n; s++) if (p.sq[s] === pc && fits(s)) origins.push(s);
  if (origins.length === 1) throw whyIllegal(p, origins[0], st.to, st.promo, text);
  if (origins.length === 0 && st.file >= 0 && st.rank >= 0) {
    const from = st.rank * b.w + st.file;
    const o = p.sq[from];
    if (!o || colorOf(o) !== p.us) throw whyIllegal(p, from, st.to, st.promo, text);
  }
  let where = '';
  if (st.file >= 0 && st.rank >= 0) where = ' on ' + b.names[st.rank * b.w + st.file];
  else if (st.file >= 0) where = ` on the ${String.fromCharCode(97 + st.file)}-file`;
  else if (st.rank >= 0) where = ` on rank ${st.rank + 1}`;
  const msg = `no ${pieceName(pc)}${where} can move to ${b.names[st.to]}`;
  if (origins.length === 0) throw new MoveError(text, msg);
  // One piece on its way to the square but stopped: name what stops it.
  const stopped = origins.filter((from) => obstruction(p, from, st.to) >= 0);
  if (stopped.length === 1) {
    throw new MoveError(text, msg + ': ' + blocked(p, stopped[0], st.to, obstruction(p, stopped[0], st.to)));
  }
  for (const from of origins) {
    if (pseudoMoves(p, from).some((m) => m.to === st.to)) {
      throw new MoveError(text, msg + ': it would leave the ' + p.side + ' king in check');
    }
  }
  throw new MoveError(text, msg);
}

/**
 * LineError is the error of parseLine (engine.LineError): the bad move
 * with its number, and the moves read before it.
 * @typedef {Error & {index: number, moves: Move[]}} LineError
 */

/**
 * parseLine reads "1. Na3 Kb7 2. Rc1" or "Na3 Kb7" (Position.ParseLine);
 * numbers and a result are skipped. The error names the bad move with
 * its number.
 * @param {Position} p
 * @param {string} s
 * @returns {Move[]}
 */
export function parseLine(p, s) {
  const q = p.clone();
  const moves = [];
  for (const tok of lineTokens(s)) {
    if (isResult(tok)) continue;
    const label = q.fullmove + (q.us === 0 ? '.' : '...');
    let m;
    try {
      m = parseMove(q, tok);
    } catch (e) {
      const err = /** @type {LineError} */ (new Error(`move ${label} ${tok}: ${e.msg ?? e.message}`));
      err.index = moves.length;
      err.moves = moves;
      throw err;
    }
    q.doMove(m);
    moves.push(m);
  }
  return moves;
}

/**
 * lineTokens splits a line into moves, dropping move numbers ("12.",
 * "12...", glued "1.Na3").
 * @param {string} s
 * @returns {string[]}
 */
const lineTokens = (s) => s.split(/[ \t\n\r]+/).map((t) => t.replace(/^[0-9]+\.+/, '')).filter((t) => t !== '');

/**
 * isResult reports whether s is a game result token.
 * @param {string} s
 * @returns {boolean}
 */
export const isResult = (s) => ['1-0', '0-1', '1/2-1/2', '½-½', '*'].includes(s);

/**
 * actionNames is Position.ActionNames of engine/ban.go without bans:
 * each move of a line played from p in SAN.
 * @param {Position} p
 * @param {Move[]} line
 * @returns {string[]}
 */
export function actionNames(p, line) {
  const q = p.clone();
  return line.map((m) => {
    const s = san(q, m);
    q.make(m);
    return s;
  });
}
