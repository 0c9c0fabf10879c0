// @ts-check
// The twin of engine/position.go: a position's state and what changes
// it, make and unmake. Methods of Position that engine keeps in other
// files are functions of the position in their twins (legalMoves in
// rules-movegen.js, san in rules-san.js, fen in rules-fen.js, …).

import { COLORS, LETTERS, PAWN, KING } from './rules-data.js';
import { piece, colorOf, typeOf, letterType } from './rules-piece.js';
import { squareName } from './rules-board.js';
import { EP, CASTLE, DOUBLE, findMove } from './rules-move.js';
import { legalMoves, legalByTrial } from './rules-movegen.js';

export class Position {
  /**
   * @param {Geometry} b
   * @param {RuleSet} r
   */
  constructor(b, r) {
    this.b = b;
    this.r = r;
    /** sq[s] is the piece on square s, 0 if none. */
    this.sq = new Uint8Array(b.n);
    /** kings[c] is the square of colour c's king, -1 if none. */
    this.kings = [-1, -1];
    /** counts[c*8 + t] counts colour c's pieces of type t. */
    this.counts = new Int8Array(16);
    /** us is the side to move, 0 white or 1 black. */
    this.us = 0;
    /** castle holds the castling rights, bit c*2 king side, c*2+1 queen side. */
    this.castle = 0;
    this.castleRook = [-1, -1, -1, -1];
    this.castleKing = [-1, -1];
    this.ep = -1;
    this.halfmove = 0;
    this.fullmove = 1;
  }

  get w() { return this.b.w; }
  get h() { return this.b.h; }
  get n() { return this.b.n; }
  /** @returns {Color} */
  get side() { return COLORS[this.us]; }
  get rules() { return this.r; }

  /** @returns {Position} */
  clone() {
    const p = Object.assign(Object.create(Position.prototype), this);
    p.sq = this.sq.slice();
    p.counts = this.counts.slice();
    p.kings = this.kings.slice();
    p.castleRook = this.castleRook.slice();
    p.castleKing = this.castleKing.slice();
    return p;
  }

  /**
   * at returns the piece on s as "wk", "bn" or "" (empty).
   * @param {number} s
   * @returns {string}
   */
  at(s) {
    const pc = this.sq[s];
    return pc ? 'wb'[colorOf(pc)] + LETTERS[typeOf(pc)] : '';
  }

  /**
   * name is the board's name of square s (Board.Name).
   * @param {number} s
   * @returns {string}
   */
  name(s) { return squareName(this.b, s); }

  /**
   * @param {Color} color
   * @returns {number} the square of color's king, -1 if none
   */
  king(color) { return this.kings[color === 'black' ? 1 : 0]; }

  /**
   * @param {number} s
   * @param {number} pc
   */
  put(s, pc) {
    this.sq[s] = pc;
    this.counts[pc]++;
    if (typeOf(pc) === KING) this.kings[colorOf(pc)] = s;
  }

  /**
   * @param {number} s
   * @returns {number} the piece taken off s
   */
  remove(s) {
    const pc = this.sq[s];
    this.sq[s] = 0;
    this.counts[pc]--;
    // Taking back a promotion to a king leaves the first king as the king.
    if (typeOf(pc) === KING && this.kings[colorOf(pc)] === s) this.kings[colorOf(pc)] = this.sq.indexOf(pc);
    return pc;
  }

  /**
   * make plays a legal move in place; a move without flags is matched
   * against the legal moves by from, to and promotion.
   * @param {Move} m
   */
  make(m) {
    const lm = m.flag === undefined ? findMove(legalMoves(this), m) || m : m;
    this.doMove(lm);
  }

  /**
   * doMove plays m and returns what undoMove needs (Position.Make).
   * @param {Move} m
   * @returns {Undo}
   */
  doMove(m) {
    const u = { m, captured: 0, castle: this.castle, ep: this.ep, halfmove: this.halfmove, fullmove: this.fullmove };
    const us = this.us, from = m.from, to = m.to;
    this.ep = -1;
    this.halfmove++;
    if (m.flag & CASTLE) {
      const rook = this.remove(this.castleRook[us * 2 + (to > from ? 0 : 1)]);
      const king = this.remove(from);
      this.put(to, king);
      this.put(to > from ? to - 1 : to + 1, rook);
    } else {
      const capSq = m.flag & EP ? to - this.pawnStep(us) : to;
      if (this.sq[capSq]) {
        u.captured = this.remove(capSq);
        this.halfmove = 0;
      }
      let pc = this.remove(from);
      if (typeOf(pc) === PAWN) this.halfmove = 0;
      if (m.promo) pc = piece(us, letterType(m.promo));
      this.put(to, pc);
    }
    if (this.castle) this.updateCastle(from, to);
    if (us === 1) this.fullmove++;
    this.us = us ^ 1;
    if (m.flag & DOUBLE) this.ep = (from + to) >> 1;
    return u;
  }

  /**
   * undoMove takes back the last move played with doMove (Position.Unmake).
   * @param {Undo} u
   */
  undoMove(u) {
    const m = u.m;
    this.us ^= 1;
    const us = this.us, from = m.from, to = m.to;
    if (m.flag & CASTLE) {
      const rook = this.remove(to > from ? to - 1 : to + 1);
      const king = this.remove(to);
      this.put(from, king);
      this.put(this.castleRook[us * 2 + (to > from ? 0 : 1)], rook);
    } else {
      let pc = this.remove(to);
      if (m.promo) pc = piece(us, PAWN);
      this.put(from, pc);
      if (u.captured) this.put(m.flag & EP ? to - this.pawnStep(us) : to, u.captured);
    }
    this.castle = u.castle;
    this.ep = u.ep;
    this.halfmove = u.halfmove;
    this.fullmove = u.fullmove;
  }

  /**
   * @param {number} c
   * @returns {number} the square step of colour c's pawns
   */
  pawnStep(c) { return c === 0 ? this.b.w : -this.b.w; }

  /**
   * updateCastle drops the rights a move from or to a square affects.
   * @param {number} from
   * @param {number} to
   */
  updateCastle(from, to) {
    for (let i = 0; i < 4; i++) {
      const rs = this.castleRook[i];
      if ((this.castle & (1 << i)) && (from === rs || to === rs || from === this.castleKing[i >> 1])) {
        this.castle &= ~(1 << i);
      }
    }
  }

  /**
   * equal is Position.Equal (counters ignored).
   * @param {Position} q
   * @returns {boolean}
   */
  equal(q) {
    if (this.b !== q.b || this.us !== q.us || this.castle !== q.castle || this.ep !== q.ep) return false;
    for (let s = 0; s < this.b.n; s++) if (this.sq[s] !== q.sq[s]) return false;
    return true;
  }

  /**
   * epCapturable reports whether the side to move can take en passant on
   * ep: only then does the target count for repetition (FIDE 9.2.3).
   * @param {number} ep
   * @returns {boolean}
   */
  epCapturable(ep) {
    if (!this.r.enPassant || ep < 0) return false;
    for (const s of this.b.pawnAttack[this.us ^ 1][ep]) {
      if (this.sq[s] === piece(this.us, PAWN) && legalByTrial(this, { from: s, to: ep, promo: '', flag: EP })) return true;
    }
    return false;
  }

  /**
   * repKey identifies the position for repetition as Go's Zobrist key
   * (Position.Hash) does: pieces, side, castling rights and a capturable
   * en-passant file.
   * @returns {string}
   */
  repKey() {
    const ep = this.epCapturable(this.ep) ? this.ep % this.b.w : -1;
    return String.fromCharCode(...this.sq) + '|' + this.us + this.castle + '|' + ep;
  }
}
