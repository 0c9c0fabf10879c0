// @ts-check
// The twin of engine/movegen.go: attacks, check and the legal moves in
// the Go engine's generation order.

/** @typedef {import('./rules-position.js').Position} Position */

import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, LETTERS, RACE } from './rules-data.js';
import { piece, colorOf, typeOf } from './rules-piece.js';
import { EP, CASTLE, DOUBLE, mv } from './rules-move.js';

const PROMOTION_ORDER = [QUEEN, ROOK, BISHOP, KNIGHT, KING];

/**
 * slides reports whether a piece of type t slides along direction d
 * (DIRS: four orthogonal, then four diagonal).
 * @param {number} t
 * @param {number} d
 * @returns {boolean}
 */
export const slides = (t, d) => t === QUEEN || (d < 4 ? t === ROOK : t === BISHOP);

/**
 * attacked reports whether s is attacked by colour by, the piece on
 * ignore treated as absent (a king stepping along a checking line):
 * Position.Attacked and attackedIgnoring.
 * @param {Position} p
 * @param {number} s
 * @param {number} by
 * @param {number} [ignore]
 * @returns {boolean}
 */
export function attacked(p, s, by, ignore = -1) {
  const b = p.b, sq = p.sq;
  const kn = piece(by, KNIGHT), kg = piece(by, KING), pw = piece(by, PAWN);
  for (const t of b.knight[s]) if (sq[t] === kn) return true;
  for (const t of b.king[s]) if (sq[t] === kg) return true;
  for (const t of b.pawnAttack[by ^ 1][s]) if (sq[t] === pw) return true;
  const rays = b.rays[s];
  for (let d = 0; d < 8; d++) {
    for (const t of rays[d]) {
      const pc = sq[t];
      if (pc === 0 || t === ignore) continue;
      if (colorOf(pc) === by && slides(typeOf(pc), d)) return true;
      break;
    }
  }
  return false;
}

/**
 * inCheck is Position.InCheck: the side to move's king is attacked.
 * @param {Position} p
 * @returns {boolean}
 */
export function inCheck(p) {
  const k = p.kings[p.us];
  return k >= 0 && attacked(p, k, p.us ^ 1);
}

/**
 * raceOver: under the race goal, the side that just moved stands on its
 * far rank.
 * @param {Position} p
 * @returns {boolean}
 */
export function raceOver(p) {
  const them = p.us ^ 1, w = p.b.w;
  const base = (them === 1 ? 0 : p.b.h - 1) * w;
  for (let f = 0; f < w; f++) {
    const pc = p.sq[base + f];
    if (pc && colorOf(pc) === them) return true;
  }
  return false;
}

/**
 * legalMoves returns the legal moves in the Go engine's generation order
 * (Position.LegalMoves).
 * @param {Position} p
 * @returns {Move[]}
 */
export const legalMoves = (p) => gen(p, [], false);

/**
 * @param {Position} p
 * @returns {boolean}
 */
export const hasLegalMove = (p) => gen(p, [], true).length > 0;

/**
 * checks finds what attacks the king on ksq: the number of checkers, the
 * squares that stop a single check (the checker and the line between)
 * and the pins, pinned square then the squares it may move to.
 * @param {Position} p
 * @param {number} ksq
 */
function checks(p, ksq) {
  const b = p.b, sq = p.sq, us = p.us, them = us ^ 1;
  let checkMask = null, nCheckers = 0;
  const pins = [];
  for (let d = 0; d < 8; d++) {
    const between = [];
    let pinned = -1;
    for (const s of b.rays[ksq][d]) {
      const pc = sq[s];
      if (pc === 0) { between.push(s); continue; }
      if (colorOf(pc) === us) {
        if (pinned >= 0) break;
        pinned = s;
        continue;
      }
      if (slides(typeOf(pc), d)) {
        between.push(s);
        if (pinned < 0) { nCheckers++; checkMask = between; } else pins.push(pinned, between);
      }
      break;
    }
  }
  const kn = piece(them, KNIGHT), pw = piece(them, PAWN);
  for (const t of b.knight[ksq]) if (sq[t] === kn) { nCheckers++; checkMask = [t]; }
  for (const t of b.pawnAttack[us][ksq]) if (sq[t] === pw) { nCheckers++; checkMask = [t]; }
  return { nCheckers, checkMask, pins };
}

/**
 * gen is genLegal: king moves first (found with checkers and pins), then
 * each piece by square, then castling; with first, it stops at the
 * first move found.
 * @param {Position} p
 * @param {Move[]} out
 * @param {boolean} first
 * @returns {Move[]}
 */
function gen(p, out, first) {
  if (p.r.goal === RACE && raceOver(p)) return out;
  const b = p.b, sq = p.sq, us = p.us, them = us ^ 1, ksq = p.kings[us];
  let checkMask = null, nCheckers = 0;
  let pins = [];
  if (ksq >= 0) {
    ({ nCheckers, checkMask, pins } = checks(p, ksq));
    for (const t of b.king[ksq]) {
      const pc = sq[t];
      if (pc && colorOf(pc) === us) continue;
      if (!attacked(p, t, them, ksq)) out.push(mv(ksq, t));
    }
    if (nCheckers >= 2 || (first && out.length)) return out;
  }
  for (let from = 0; from < b.n; from++) {
    const pc = sq[from];
    if (pc === 0 || colorOf(pc) !== us || typeOf(pc) === KING) continue;
    const t = typeOf(pc);
    let mask = nCheckers === 1 ? checkMask : null;
    for (let i = 0; i < pins.length; i += 2) {
      if (pins[i] === from) {
        mask = mask ? mask.filter((s) => pins[i + 1].includes(s)) : pins[i + 1];
        break;
      }
    }
    if (t === KNIGHT) {
      for (const to of b.knight[from]) {
        const tp = sq[to];
        if (tp && colorOf(tp) === us) continue;
        if (mask && !mask.includes(to)) continue;
        out.push(mv(from, to));
      }
    } else if (t === PAWN) {
      pawnMoves(p, out, from, mask);
    } else {
      const rays = b.rays[from];
      for (let d = 0; d < 8; d++) {
        if (!slides(t, d)) continue;
        for (const to of rays[d]) {
          const tp = sq[to];
          if (tp && colorOf(tp) === us) break;
          if (!mask || mask.includes(to)) out.push(mv(from, to));
          if (tp) break;
        }
      }
    }
    if (first && out.length) return out;
  }
  if (nCheckers === 0 && p.castle && p.r.castling && ksq >= 0) castlingMoves(p, out, ksq);
  return out;
}

/**
 * pawnMoves appends the legal moves of the pawn on from.
 * @param {Position} p
 * @param {Move[]} out
 * @param {number} from
 * @param {number[] | null} mask the squares it may go to, null for any
 */
function pawnMoves(p, out, from, mask) {
  const b = p.b, sq = p.sq, r = p.r, us = p.us;
  const step = p.pawnStep(us);
  const rank = Math.floor(from / b.w);
  const lastRank = us === 0 ? b.h - 1 : 0;
  const startRank = us === 0 ? 1 : b.h - 2;
  const add = (to) => {
    if (Math.floor(to / b.w) !== lastRank || r.goal === RACE) { out.push(mv(from, to)); return; }
    for (const t of PROMOTION_ORDER) {
      if (!(r.promotion & (1 << t))) continue;
      if (r.promoteToCaptured && p.counts[us * 8 + t] >= r.initial[us * 8 + t]) continue;
      out.push(mv(from, to, LETTERS[t]));
    }
  };
  if ((us === 0 && rank < b.h - 1) || (us === 1 && rank > 0)) {
    const to = from + step;
    if (sq[to] === 0) {
      if (!mask || mask.includes(to)) add(to);
      const to2 = to + step;
      if (r.doubleStep && rank === startRank && b.h > 3 && Math.floor(to2 / b.w) !== lastRank &&
        sq[to2] === 0 && (!mask || mask.includes(to2))) {
        out.push(mv(from, to2, '', DOUBLE));
      }
    }
  }
  for (const to of b.pawnAttack[us][from]) {
    const tp = sq[to];
    if (tp && colorOf(tp) !== us) {
      if (!mask || mask.includes(to)) add(to);
    } else if (to === p.ep && tp === 0 && r.enPassant) {
      const m = mv(from, to, '', EP);
      if (legalByTrial(p, m)) out.push(m);
    }
  }
}

/**
 * legalByTrial plays m and reports whether the mover's king is safe.
 * @param {Position} p
 * @param {Move} m
 * @returns {boolean}
 */
export function legalByTrial(p, m) {
  const us = p.us;
  const u = p.doMove(m);
  const k = p.kings[us];
  const ok = k < 0 || !attacked(p, k, us ^ 1);
  p.undoMove(u);
  return ok;
}

/**
 * castlingMoves appends the legal castling moves of a king not in check.
 * @param {Position} p
 * @param {Move[]} out
 * @param {number} ksq
 */
function castlingMoves(p, out, ksq) {
  const us = p.us, b = p.b;
  if (ksq !== p.castleKing[us]) return;
  for (let i = 0; i < 2; i++) {
    if (!(p.castle & (1 << (us * 2 + i)))) continue;
    const rs = p.castleRook[us * 2 + i];
    if (rs < 0 || p.sq[rs] !== piece(us, ROOK)) continue;
    const dir = i === 0 ? 1 : -1;
    const kt = ksq + 2 * dir, rt = ksq + dir;
    const f = (ksq % b.w) + 2 * dir;
    if (f < 0 || f >= b.w) continue;
    // Every square the king or rook passes or lands on must be empty
    // but for the two castling pieces.
    const lo = Math.min(ksq, rs, kt, rt), hi = Math.max(ksq, rs, kt, rt);
    let clear = true;
    for (let s = lo; s <= hi; s++) if (s !== ksq && s !== rs && p.sq[s]) { clear = false; break; }
    if (!clear) continue;
    // The rook leaves its square, so it shields nothing on the king's path.
    let safe = true;
    for (let s = ksq + dir; ; s += dir) {
      if (attacked(p, s, us ^ 1, rs)) { safe = false; break; }
      if (s === kt) break;
    }
    if (safe) out.push(mv(ksq, kt, '', CASTLE));
  }
}
