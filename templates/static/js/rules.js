// The rules of small-board chess in plain JavaScript: a port of the Go
// package engine (every rule set but Ban Chess), so that table-backed
// mode pages can play without the WebAssembly engine. It must answer
// exactly as engine does — move order, notation, error messages — and
// bridge/js_diff_test.go checks that it does.

// Pieces are small integers as in Go: type | colour << 3.
const PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6;
const LETTERS = ' pnbrqk';
const TYPE_NAMES = ['', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];
const COLORS = ['white', 'black'];
const TITLES = ['White', 'Black'];
const MAX_SIDE = 16;
const RACE = 1;

// Move flags.
const EP = 1, CASTLE = 2, DOUBLE = 4;

// Directions: four orthogonal (rook), then four diagonal (bishop).
const DIRS = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]];
const PROMOTION_ORDER = [QUEEN, ROOK, BISHOP, KNIGHT, KING];

const piece = (c, t) => t | (c << 3);
const colorOf = (pc) => pc >> 3;
const typeOf = (pc) => pc & 7;
const pieceName = (pc) => COLORS[colorOf(pc)] + ' ' + TYPE_NAMES[typeOf(pc)];
const letterType = (ch) => (typeof ch === 'string' && ch.length === 1 ? Math.max(0, LETTERS.indexOf(ch.toLowerCase())) : 0);
const slides = (t, d) => t === QUEEN || (d < 4 ? t === ROOK : t === BISHOP);
const isDigit = (c) => c >= '0' && c <= '9';
const isLower = (c) => c >= 'a' && c <= 'z';
const isLetter = (c) => isLower(c) || (c >= 'A' && c <= 'Z');

// quote is Go's %q of ASCII text: of a string (strconv.Quote), or with
// q "'" of a byte, as a character literal.
const GO_ESC = { '\x07': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v', '\\': '\\' };
const quote = (s, q = '"') => q + s.replace(/[\x00-\x1f\x7f\\"']/g, (c) => {
  if (c === '"' || c === "'") return c === q ? '\\' + c : c;
  return '\\' + (GO_ESC[c] || 'x' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}) + q;
const goQuote = (s) => quote(s);
const goQuoteChar = (c) => quote(c, "'");

// atoi is Go's strconv.Atoi: an optional sign and decimal digits that fit.
function atoi(s) {
  if (!/^[+-]?[0-9]+$/.test(s) || s.replace(/^[+-]?0*/, '').length > 18) return null;
  return parseInt(s, 10);
}

// MoveError is engine.MoveError: the message names the move as given.
export class MoveError extends Error {
  constructor(text, msg) {
    super(text === '' ? msg : `move ${text}: ${msg}`);
    this.text = text;
    this.msg = msg;
  }
}

// ---- Boards ----

const boards = new Map();

// board returns the shared geometry of a w×h board (engine.NewBoard).
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

const squareName = (b, s) => (s < 0 || s >= b.n ? '-' : b.names[s]);

// parseSquare reads "a1" or "b10" (engine.Board.ParseSquare).
function parseSquare(b, name) {
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

// ---- Rules ----

export const PRESETS = ['1d', 'chess', 'gardner', 'losalamos', 'race'];
const RULE_NAMES = ['bans', 'castling', 'double_step', 'en_passant', 'fifty_move', 'goal',
  'insufficient_material', 'promote_to_captured', 'promotion', 'threefold'];
const promoSet = (...ts) => ts.reduce((m, t) => m | (1 << t), 0);

// preset returns the rules of a named preset (engine.Preset).
export function preset(name) {
  const r = { preset: name, castling: false, enPassant: false, doubleStep: false, promotion: 0,
    promoteToCaptured: false, initial: null, fiftyMove: true, threefold: true,
    insufficientMaterial: true, bans: false, goal: 0, oneD: false };
  const qrbn = promoSet(QUEEN, ROOK, BISHOP, KNIGHT);
  switch (name) {
    case '1d': r.oneD = true; break;
    case 'chess': Object.assign(r, { castling: true, enPassant: true, doubleStep: true, promotion: qrbn }); break;
    case 'gardner': r.promotion = qrbn; break;
    case 'losalamos': r.promotion = promoSet(QUEEN, ROOK, KNIGHT); break;
    case 'race': r.goal = RACE; r.insufficientMaterial = false; break;
    default: throw new Error(`unknown variant ${goQuote(name)} (want one of ${PRESETS.join(', ')})`);
  }
  return r;
}

const BOOL_RULES = { castling: 'castling', en_passant: 'enPassant', double_step: 'doubleStep',
  promote_to_captured: 'promoteToCaptured', fifty_move: 'fiftyMove', threefold: 'threefold',
  insufficient_material: 'insufficientMaterial', bans: 'bans' };

// setBool is engine.Rules.SetBool.
function setBool(r, name, v) {
  if (BOOL_RULES[name]) {
    r[BOOL_RULES[name]] = v;
  } else if (name === 'promotion') {
    if (v) throw new Error('promotion: want a list of piece letters such as [q, r, b, n], or false');
    r.promotion = 0;
  } else if (RULE_NAMES.includes(name)) {
    throw new Error(`rule ${goQuote(name)} does not take true or false`);
  } else {
    throw new Error(`unknown rule ${goQuote(name)} (want one of ${RULE_NAMES.join(', ')})`);
  }
}

// applyRules sets rule overrides in sorted order, as bridge.applyRules.
export function applyRules(r, rules) {
  for (const k of Object.keys(rules || {}).sort()) {
    const x = rules[k];
    if (k === 'goal') {
      if (typeof x !== 'string') throw new Error('goal: want "checkmate" or "race"');
      if (x !== 'checkmate' && x !== 'race') throw new Error(`unknown goal ${goQuote(x)} (want checkmate or race)`);
      r.goal = x === 'race' ? RACE : 0;
    } else if (k === 'promotion' && Array.isArray(x)) {
      let m = 0;
      for (const l of x) {
        const t = typeof l === 'string' ? letterType(l[0] || '') : 0;
        if (typeof l !== 'string' || l.length !== 1 || !t || t === PAWN) {
          throw new Error(`promotion: ${goQuote(String(l))} is not a piece letter (want q, r, b, n or k)`);
        }
        m |= 1 << t;
      }
      r.promotion = m;
    } else if (typeof x === 'boolean') {
      setBool(r, k, x);
    } else {
      setBool({}, k, false); // throws for an unknown rule
      throw new Error(`${k}: want true or false`);
    }
  }
}

const promotionTypes = (r) => [QUEEN, ROOK, BISHOP, KNIGHT, KING].filter((t) => r.promotion & (1 << t));

// ruleOverrides lists the rules that differ from the preset (engine.ruleOverrides).
function ruleOverrides(r) {
  const base = preset(r.preset);
  const out = {};
  for (const name of ['bans', 'castling', 'double_step', 'en_passant', 'fifty_move', 'insufficient_material', 'promote_to_captured', 'threefold']) {
    const f = BOOL_RULES[name];
    if (r[f] !== base[f]) out[name] = r[f];
  }
  if (r.goal !== base.goal) out.goal = r.goal === RACE ? 'race' : 'checkmate';
  if (r.promotion !== base.promotion) {
    out.promotion = r.promotion === 0 ? false : promotionTypes(r).map((t) => LETTERS[t]);
  }
  return out;
}

// ---- Moves ----

// A move is {from, to, promo, flag}: square indices (a1 is 0, along the
// first rank, then up), the promotion letter or '', and EP/CASTLE/DOUBLE.
const mv = (from, to, promo = '', flag = 0) => ({ from, to, promo, flag });
const sameMove = (a, b) => a.from === b.from && a.to === b.to && (a.promo || '') === (b.promo || '');
const findMove = (legal, m) => legal.find((l) => sameMove(l, m));

// compareMoves is the canonical order (engine.CompareMoves): origin,
// destination, then promotion knight < bishop < rook < queen.
export function compareMoves(a, b) {
  return a.from - b.from || a.to - b.to || letterType(a.promo || '') - letterType(b.promo || '');
}

// coord writes a move in coordinates on board b: "a1a3", "e7e8q".
function coordOf(b, m) {
  return squareName(b, m.from) + squareName(b, m.to) + (m.promo || '');
}

// splitCoord parses "a1a3" / "e7e8q" / "e7e8=Q" (engine.Board.splitCoord).
function splitCoord(b, orig) {
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

// ---- Positions ----

export class Position {
  constructor(b, r) {
    this.b = b;
    this.r = r;
    this.sq = new Uint8Array(b.n);
    this.kings = [-1, -1];
    this.counts = new Int8Array(16); // colour*8 + type
    this.us = 0;
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
  get side() { return COLORS[this.us]; }
  get rules() { return this.r; }

  clone() {
    const p = Object.assign(Object.create(Position.prototype), this);
    p.sq = this.sq.slice();
    p.counts = this.counts.slice();
    p.kings = this.kings.slice();
    p.castleRook = this.castleRook.slice();
    p.castleKing = this.castleKing.slice();
    return p;
  }

  // at returns the piece on s as "wk", "bn" or "" (empty).
  at(s) {
    const pc = this.sq[s];
    return pc ? 'wb'[colorOf(pc)] + LETTERS[typeOf(pc)] : '';
  }

  name(s) { return squareName(this.b, s); }
  promotionLetters() { return promotionTypes(this.r).map((t) => LETTERS[t]); }
  coord(m) { return coordOf(this.b, m); }
  king(color) { return this.kings[color === 'black' ? 1 : 0]; }

  put(s, pc) {
    this.sq[s] = pc;
    this.counts[pc]++;
    if (typeOf(pc) === KING) this.kings[colorOf(pc)] = s;
  }

  remove(s) {
    const pc = this.sq[s];
    this.sq[s] = 0;
    this.counts[pc]--;
    // Taking back a promotion to a king leaves the first king as the king.
    if (typeOf(pc) === KING && this.kings[colorOf(pc)] === s) this.kings[colorOf(pc)] = this.sq.indexOf(pc);
    return pc;
  }

  // make plays a legal move in place.
  make(m) {
    const lm = m.flag === undefined ? findMove(this.legal(), m) || m : m;
    this.doMove(lm);
  }

  // doMove plays m and returns what undoMove needs (engine.Position.Make).
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

  // undoMove takes back the last move played with doMove.
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

  pawnStep(c) { return c === 0 ? this.b.w : -this.b.w; }

  // updateCastle drops the rights a move from or to a square affects.
  updateCastle(from, to) {
    for (let i = 0; i < 4; i++) {
      const rs = this.castleRook[i];
      if ((this.castle & (1 << i)) && (from === rs || to === rs || from === this.castleKing[i >> 1])) {
        this.castle &= ~(1 << i);
      }
    }
  }

  // equal is engine.Position.Equal (counters ignored).
  equal(q) {
    if (this.b !== q.b || this.us !== q.us || this.castle !== q.castle || this.ep !== q.ep) return false;
    for (let s = 0; s < this.b.n; s++) if (this.sq[s] !== q.sq[s]) return false;
    return true;
  }

  // attacked reports whether s is attacked by colour by, the piece on
  // ignore treated as absent (a king stepping along a checking line).
  attacked(s, by, ignore = -1) {
    const b = this.b, sq = this.sq;
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

  inCheck() {
    const k = this.kings[this.us];
    return k >= 0 && this.attacked(k, this.us ^ 1);
  }

  // raceOver: under the race goal, the side that just moved stands on its far rank.
  raceOver() {
    const them = this.us ^ 1, w = this.b.w;
    const base = (them === 1 ? 0 : this.b.h - 1) * w;
    for (let f = 0; f < w; f++) {
      const pc = this.sq[base + f];
      if (pc && colorOf(pc) === them) return true;
    }
    return false;
  }

  // legal returns the legal moves in the Go engine's generation order.
  legal() { return this.gen([], false); }

  hasLegalMove() { return this.gen([], true).length > 0; }

  // gen is engine genLegal: king moves first (found with checkers and
  // pins), then each piece by square, then castling.
  gen(out, first) {
    if (this.r.goal === RACE && this.raceOver()) return out;
    const b = this.b, sq = this.sq, us = this.us, them = us ^ 1, ksq = this.kings[us];
    let checkMask = null, nCheckers = 0;
    const pins = []; // pinned square, then the squares it may move to
    if (ksq >= 0) {
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
      for (const t of b.king[ksq]) {
        const pc = sq[t];
        if (pc && colorOf(pc) === us) continue;
        if (!this.attacked(t, them, ksq)) out.push(mv(ksq, t));
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
        this.pawnMoves(out, from, mask);
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
    if (nCheckers === 0 && this.castle && this.r.castling && ksq >= 0) this.castlingMoves(out, ksq);
    return out;
  }

  // pawnMoves appends the legal moves of the pawn on from.
  pawnMoves(out, from, mask) {
    const b = this.b, sq = this.sq, r = this.r, us = this.us;
    const step = this.pawnStep(us);
    const rank = Math.floor(from / b.w);
    const lastRank = us === 0 ? b.h - 1 : 0;
    const startRank = us === 0 ? 1 : b.h - 2;
    const add = (to) => {
      if (Math.floor(to / b.w) !== lastRank || r.goal === RACE) { out.push(mv(from, to)); return; }
      for (const t of PROMOTION_ORDER) {
        if (!(r.promotion & (1 << t))) continue;
        if (r.promoteToCaptured && this.counts[us * 8 + t] >= r.initial[us * 8 + t]) continue;
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
      } else if (to === this.ep && tp === 0 && r.enPassant) {
        const m = mv(from, to, '', EP);
        if (this.legalByTrial(m)) out.push(m);
      }
    }
  }

  // legalByTrial plays m and reports whether the mover's king is safe.
  legalByTrial(m) {
    const us = this.us;
    const u = this.doMove(m);
    const k = this.kings[us];
    const ok = k < 0 || !this.attacked(k, us ^ 1);
    this.undoMove(u);
    return ok;
  }

  // castlingMoves appends the legal castling moves of a king not in check.
  castlingMoves(out, ksq) {
    const us = this.us, b = this.b;
    if (ksq !== this.castleKing[us]) return;
    for (let i = 0; i < 2; i++) {
      if (!(this.castle & (1 << (us * 2 + i)))) continue;
      const rs = this.castleRook[us * 2 + i];
      if (rs < 0 || this.sq[rs] !== piece(us, ROOK)) continue;
      const dir = i === 0 ? 1 : -1;
      const kt = ksq + 2 * dir, rt = ksq + dir;
      const f = (ksq % b.w) + 2 * dir;
      if (f < 0 || f >= b.w) continue;
      // Every square the king or rook passes or lands on must be empty
      // but for the two castling pieces.
      const lo = Math.min(ksq, rs, kt, rt), hi = Math.max(ksq, rs, kt, rt);
      let clear = true;
      for (let s = lo; s <= hi; s++) if (s !== ksq && s !== rs && this.sq[s]) { clear = false; break; }
      if (!clear) continue;
      // The rook leaves its square, so it shields nothing on the king's path.
      let safe = true;
      for (let s = ksq + dir; ; s += dir) {
        if (this.attacked(s, us ^ 1, rs)) { safe = false; break; }
        if (s === kt) break;
      }
      if (safe) out.push(mv(ksq, kt, '', CASTLE));
    }
  }

  // epCapturable reports whether the side to move can take en passant on
  // ep: only then does the target count for repetition (FIDE 9.2.3).
  epCapturable(ep) {
    if (!this.r.enPassant || ep < 0) return false;
    for (const s of this.b.pawnAttack[this.us ^ 1][ep]) {
      if (this.sq[s] === piece(this.us, PAWN) && this.legalByTrial(mv(s, ep, '', EP))) return true;
    }
    return false;
  }

  // repKey identifies the position for repetition as Go's Zobrist key
  // does: pieces, side, castling rights and a capturable en-passant file.
  repKey() {
    const ep = this.epCapturable(this.ep) ? this.ep % this.b.w : -1;
    return String.fromCharCode(...this.sq) + '|' + this.us + this.castle + '|' + ep;
  }

  // stateKey is the first four FEN fields, the castling rights "-"
  // under rules without castling and the en-passant square "-" unless
  // the side to move can take there.
  stateKey() {
    const f = this.fen().split(' ').slice(0, 4);
    if (!this.r.castling) f[2] = '-';
    if (!this.epCapturable(this.ep)) f[3] = '-';
    return f.join(' ');
  }

  // status is the position's own status (engine.Position.Status).
  status() {
    if (this.r.goal === RACE && this.raceOver()) return 'race';
    if (!this.hasLegalMove()) {
      if (this.r.goal === RACE) return 'no-moves';
      return this.inCheck() ? 'checkmate' : 'stalemate';
    }
    if (this.r.insufficientMaterial && this.r.goal !== RACE && this.insufficient()) return 'insufficient-material';
    return 'active';
  }

  // winner of a position whose status is st, or null.
  winner(st) {
    return st === 'checkmate' || st === 'no-moves' || st === 'race' ? COLORS[this.us ^ 1] : null;
  }

  // insufficient: lone kings, or on a 2-D board king and one minor against a lone king.
  insufficient() {
    let minors = 0, others = 0;
    for (let c = 0; c < 2; c++) {
      for (let t = PAWN; t < KING; t++) {
        const n = this.counts[c * 8 + t];
        if (t === KNIGHT || t === BISHOP) minors += n; else others += n;
      }
    }
    if (others > 0) return false;
    if (minors === 0) return this.kings[0] >= 0 && this.kings[1] >= 0;
    return minors === 1 && this.b.w > 1;
  }

  // ---- Notation ----

  // san writes m in SAN; a move that is not legal comes back in coordinates.
  san(m) {
    const legal = this.legal();
    const lm = findMove(legal, m);
    return lm ? this.sanWith(lm, legal) : coordOf(this.b, m);
  }

  sanWith(m, legal) { return this.sanBody(m, legal) + this.checkSuffix(m); }

  sanBody(m, legal) {
    const b = this.b, from = m.from, to = m.to;
    if (m.flag & CASTLE) return to > from ? 'O-O' : 'O-O-O';
    const t = typeOf(this.sq[from]);
    const capture = this.sq[to] !== 0 || (m.flag & EP) !== 0;
    let s = '';
    if (t === PAWN) {
      if (capture) s += b.names[from][0];
    } else {
      s += LETTERS[t].toUpperCase();
      let sameFile = false, sameRank = false, others = false;
      for (const o of legal) {
        if (o.to !== to || o.from === from || (o.flag & CASTLE) || typeOf(this.sq[o.from]) !== t) continue;
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

  // checkSuffix is "+" for check, "#" for mate under the checkmate goal.
  checkSuffix(m) {
    const u = this.doMove(m);
    let out = '';
    if (!(this.r.goal === RACE && this.raceOver()) && this.inCheck()) {
      out = this.r.goal !== RACE && !this.hasLegalMove() ? '#' : '+';
    }
    this.undoMove(u);
    return out;
  }

  // sanLine writes a line played from here; an illegal move ends it, it
  // and the rest in coordinates.
  sanLine(moves) {
    const q = this.clone();
    const out = [];
    for (let i = 0; i < moves.length; i++) {
      const legal = q.legal();
      const lm = findMove(legal, moves[i]);
      if (!lm) {
        for (let j = i; j < moves.length; j++) out.push(coordOf(this.b, moves[j]));
        return out;
      }
      out.push(q.sanWith(lm, legal));
      q.doMove(lm);
    }
    return out;
  }

  // parseCoord reads coordinates and returns the matching legal move.
  parseCoord(s) {
    const { from, to, promo } = splitCoord(this.b, s);
    const m = findMove(this.legal(), { from, to, promo });
    if (m) return m;
    throw this.whyIllegal(from, to, promo, s);
  }

  // parseMove reads coordinates or SAN (engine.Position.ParseMove).
  parseMove(s) {
    let coord = true;
    try { splitCoord(this.b, s); } catch { coord = false; }
    return coord ? this.parseCoord(s) : this.parseSAN(s);
  }

  // parseSAN reads tolerant SAN (engine.Position.ParseSAN).
  parseSAN(s) {
    const st = this.splitSAN(s);
    const legal = this.legal();
    if (legal.length === 0) throw new MoveError(s, `the game is over (${this.status()})`);
    if (st.castle) {
      const m = legal.find((l) => (l.flag & CASTLE) && (l.to > l.from) === (st.castle === 1));
      if (m) return m;
      throw this.whyNoCastle(s, st.castle === 1);
    }
    return this.matchSAN(s, st, legal);
  }

  splitSAN(orig) {
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
    try { st.to = parseSquare(this.b, s.slice(j)); } catch (e) { throw syntax(e.message); }
    s = s.slice(0, j);
    n = s.length;
    if (n > 0 && 'x:-'.includes(s[n - 1])) s = s.slice(0, n - 1);
    if (s !== '' && isLower(s[0])) {
      const f = s.charCodeAt(0) - 97;
      if (f >= this.b.w) throw syntax(`file ${goQuoteChar(s[0])} is off the ${this.b.w}×${this.b.h} board`);
      st.file = f;
      s = s.slice(1);
    }
    if (s !== '') {
      const r = atoi(s);
      if (r === null || '0+-'.includes(s[0])) throw syntax(`unexpected ${goQuote(s)} before the destination`);
      if (r < 1 || r > this.b.h) throw syntax(`rank ${r} is off the ${this.b.w}×${this.b.h} board`);
      st.rank = r - 1;
    }
    return st;
  }

  // whyNoCastle explains the absence of a castling move (matchCastle).
  whyNoCastle(text, kingSide) {
    const side = kingSide ? 'king side' : 'queen side';
    const bit = (kingSide ? 1 : 2) << (this.us * 2);
    let why;
    if (!this.r.castling) why = 'castling is not allowed in this variant';
    else if (!(this.castle & bit)) why = `${this.side} has no right to castle ${side}`;
    else if (this.inCheck()) why = `the ${this.side} king is in check`;
    else why = `${this.side} cannot castle ${side}: the way is blocked or the king would pass through or land on an attacked square`;
    return new MoveError(text, why);
  }

  // matchSAN finds the legal move st describes, or explains why none does.
  matchSAN(text, st, legal) {
    const b = this.b;
    const fits = (from) => (st.file < 0 || from % b.w === st.file) && (st.rank < 0 || Math.floor(from / b.w) === st.rank);
    const cands = legal.filter((m) => m.to === st.to && !(m.flag & CASTLE) && typeOf(this.sq[m.from]) === st.piece && fits(m.from));
    if (cands.length) {
      const keep = cands.filter((m) => m.promo === st.promo);
      if (keep.length === 0) throw this.whyIllegal(cands[0].from, st.to, st.promo, text);
      if (keep.length === 1) return keep[0];
      throw new MoveError(text, 'ambiguous: it could be ' + keep.map((m) => this.sanWith(m, legal)).join(' or '));
    }
    const pc = piece(this.us, st.piece);
    const origins = [];
    for (let s = 0; s < b.n; s++) if (this.sq[s] === pc && fits(s)) origins.push(s);
    if (origins.length === 1) throw this.whyIllegal(origins[0], st.to, st.promo, text);
    if (origins.length === 0 && st.file >= 0 && st.rank >= 0) {
      const from = st.rank * b.w + st.file;
      const o = this.sq[from];
      if (!o || colorOf(o) !== this.us) throw this.whyIllegal(from, st.to, st.promo, text);
    }
    let where = '';
    if (st.file >= 0 && st.rank >= 0) where = ' on ' + b.names[st.rank * b.w + st.file];
    else if (st.file >= 0) where = ` on the ${String.fromCharCode(97 + st.file)}-file`;
    else if (st.rank >= 0) where = ` on rank ${st.rank + 1}`;
    const msg = `no ${pieceName(pc)}${where} can move to ${b.names[st.to]}`;
    if (origins.length === 0) throw new MoveError(text, msg);
    // One piece on its way to the square but stopped: name what stops it.
    const stopped = origins.filter((from) => this.obstruction(from, st.to) >= 0);
    if (stopped.length === 1) {
      throw new MoveError(text, msg + ': ' + this.blocked(stopped[0], st.to, this.obstruction(stopped[0], st.to)));
    }
    for (const from of origins) {
      if (this.pseudoMoves(from).some((m) => m.to === st.to)) {
        throw new MoveError(text, msg + ': it would leave the ' + this.side + ' king in check');
      }
    }
    throw new MoveError(text, msg);
  }

  // whyIllegal explains why no legal move goes from → to with promo.
  whyIllegal(from, to, promo, text) {
    const b = this.b, pc = this.sq[from];
    if (!pc) return new MoveError(text, 'no piece on ' + b.names[from]);
    if (colorOf(pc) !== this.us) {
      return new MoveError(text, `the ${pieceName(pc)} on ${b.names[from]} belongs to ${COLORS[colorOf(pc)]}, but ${this.side} is to move`);
    }
    if (this.r.goal === RACE && this.raceOver()) return new MoveError(text, 'the game is over');
    const stop = this.obstruction(from, to);
    if (stop >= 0) return new MoveError(text, this.blocked(from, to, stop));
    const pseudo = this.pseudoMoves(from);
    let found = false;
    for (const m of pseudo) {
      if (m.to !== to) continue;
      found = true;
      if (m.promo === promo) return new MoveError(text, 'it would leave the ' + this.side + ' king in check');
    }
    if (found) {
      const opts = pseudo.filter((m) => m.to === to && m.promo).map((m) => m.promo).join('');
      if (!promo && opts) return new MoveError(text, `a pawn reaching ${b.names[to]} must promote (to one of ${opts})`);
      if (!opts) return new MoveError(text, 'that move is not a promotion');
      return new MoveError(text, `cannot promote to ${TYPE_NAMES[letterType(promo)]} here (allowed: ${opts})`);
    }
    return new MoveError(text, `the ${TYPE_NAMES[typeOf(pc)]} on ${b.names[from]} cannot move to ${b.names[to]}`);
  }

  // pseudoMoves lists the moves of the piece on from as if its own king
  // could not be attacked; only for explaining errors.
  pseudoMoves(from) {
    const q = this.clone();
    const k = q.kings[q.us];
    if (k === from) {
      return this.b.king[from].filter((t) => !q.sq[t] || colorOf(q.sq[t]) !== q.us).map((t) => mv(from, t));
    }
    if (k >= 0) q.remove(k);
    // The lifted king still stands in the way of its own pieces.
    return q.legal().filter((m) => m.from === from && this.obstruction(from, m.to) < 0);
  }

  // obstruction returns the square of what stops the piece on from
  // reaching to along its way of moving, ignoring check: a piece between
  // (for a slider or a pawn's straight step) or a piece of its own side
  // on to (any piece, for a pawn's straight step); -1 when nothing does
  // or to is not on the piece's way.
  obstruction(from, to) {
    const b = this.b, pc = this.sq[from], us = colorOf(pc), t = typeOf(pc);
    const own = (s) => (this.sq[s] && colorOf(this.sq[s]) === us ? s : -1);
    if ((t === KNIGHT && b.knight[from].includes(to)) || (t === KING && b.king[from].includes(to)) ||
      (t === PAWN && b.pawnAttack[us][from].includes(to))) return own(to);
    if (t === KNIGHT || t === KING) return -1;
    for (let d = 0; d < DIRS.length; d++) {
      if (t === PAWN ? d !== (us === 0 ? 0 : 1) : !slides(t, d)) continue;
      const ray = b.rays[from][d];
      const i = ray.indexOf(to);
      if (i < 0) continue;
      for (const s of ray.slice(0, i)) if (this.sq[s]) return s;
      if (t === PAWN && this.sq[to]) return to;
      return own(to);
    }
    return -1;
  }

  // blocked explains why the piece on from cannot go to to when s, found
  // by obstruction, is in the way.
  blocked(from, to, s) {
    const b = this.b, pc = this.sq[from], o = this.sq[s];
    const verb = s === to ? 'move to' : 'reach';
    const by = colorOf(o) === colorOf(pc) ? 'your own ' + TYPE_NAMES[typeOf(o)] : 'the ' + pieceName(o);
    return `the ${TYPE_NAMES[typeOf(pc)]} on ${b.names[from]} cannot ${verb} ${b.names[to]}: ${b.names[s]} is taken by ${by}`;
  }

  // parseLine reads "1. Na3 Kb7 2. Rc1" or "Na3 Kb7"; numbers and a
  // result are skipped. The error names the bad move with its number.
  parseLine(s) {
    const q = this.clone();
    const moves = [];
    for (const tok of lineTokens(s)) {
      if (isResult(tok)) continue;
      const label = q.fullmove + (q.us === 0 ? '.' : '...');
      let m;
      try {
        m = q.parseMove(tok);
      } catch (e) {
        const err = new Error(`move ${label} ${tok}: ${e.msg ?? e.message}`);
        err.index = moves.length;
        err.moves = moves;
        throw err;
      }
      q.doMove(m);
      moves.push(m);
    }
    return moves;
  }

  // ---- Position notations ----

  fen() {
    const b = this.b;
    const rows = [];
    for (let r = b.h - 1; r >= 0; r--) {
      let row = '', empty = 0;
      for (let f = 0; f < b.w; f++) {
        const pc = this.sq[r * b.w + f];
        if (!pc) { empty++; continue; }
        if (empty) { row += empty; empty = 0; }
        const l = LETTERS[typeOf(pc)];
        row += colorOf(pc) === 0 ? l.toUpperCase() : l;
      }
      rows.push(empty ? row + empty : row);
    }
    return `${rows.join('/')} ${'wb'[this.us]} ${this.castlingField()} ${squareName(b, this.ep)} ${this.halfmove} ${this.fullmove}`;
  }

  // castlingField writes KQkq for outermost rooks, else the rook's file letter.
  castlingField() {
    if (!this.castle) return '-';
    const b = this.b;
    let out = '';
    for (let i = 0; i < 4; i++) {
      if (!(this.castle & (1 << i))) continue;
      const col = i >> 1, rs = this.castleRook[i], kingSide = i % 2 === 0;
      const rf = rs % b.w, base = rs - rf;
      let outer = true;
      for (let fl = 0; fl < b.w; fl++) {
        if (this.sq[base + fl] === piece(col, ROOK) && (kingSide ? fl > rf : fl < rf)) outer = false;
      }
      const c = outer ? (kingSide ? 'K' : 'Q') : String.fromCharCode(65 + rf);
      out += col === 1 ? c.toLowerCase() : c;
    }
    return out;
  }

  code() {
    const b = this.b;
    let s = '';
    for (let r = b.h - 1; r >= 0; r--) {
      for (let f = 0; f < b.w; f++) {
        if (f > 0) s += ',';
        s += this.at(r * b.w + f) || 'x';
      }
      if (r > 0) s += b.w === 1 ? ',' : '/';
    }
    return s + ':' + 'wb'[this.us];
  }
}

// lineTokens splits a line into moves, dropping move numbers ("12.",
// "12...", glued "1.Na3").
const lineTokens = (s) => s.split(/[ \t\n\r]+/).map((t) => t.replace(/^[0-9]+\.+/, '')).filter((t) => t !== '');

const isResult = (s) => ['1-0', '0-1', '1/2-1/2', '½-½', '*'].includes(s);

// ---- Parsing positions ----

const defaultRules = (w) => preset(w === 1 ? '1d' : 'chess');

// parsePosition reads a FEN or a position code (engine.Parse); rules null
// means the default preset for the board's width.
export function parsePosition(s, rules = null) {
  const t = s.trim();
  if (/[ \t]/.test(t)) return parseFEN(t, rules);
  if (t.includes(':') || t.includes(',')) return parseCode(t, rules);
  throw new Error(`bad position ${goQuote(s)}: want a position code such as "bk,x,wk:w" or a FEN such as "k/1/K w - - 0 1"`);
}

// wrapErr runs fn, prefixing the message of any error it throws.
function wrapErr(prefix, fn) {
  try { return fn(); } catch (e) { throw new Error(prefix + e.message); }
}

function parseFEN(s, rules) {
  const fields = s.split(/\s+/).filter((f) => f !== '');
  if (fields.length < 2 || fields.length > 7) {
    throw new Error(`bad FEN ${goQuote(s)}: want 2 to 6 fields (placement, side, castling, en passant, halfmove, move number) and under bans a 7th (ply[:banned]), got ${fields.length}`);
  }
  const rows = fields[0].split('/');
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
  const p = wrapErr('bad FEN: ', () => fromGrid(grid, rules));
  if (fields[1] !== 'w' && fields[1] !== 'b') throw new Error(`bad FEN: side to move ${goQuote(fields[1])}: want w or b`);
  p.us = fields[1] === 'b' ? 1 : 0;
  if (fields.length > 2) wrapErr('bad FEN: ', () => p.parseCastling(fields[2]));
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

function fromGrid(grid, rules) {
  const h = grid.length, w = grid[0].length;
  if (h > MAX_SIDE) throw new Error(`${h} ranks: at most ${MAX_SIDE} allowed`);
  const b = board(w, h);
  const p = new Position(b, rules || defaultRules(w));
  grid.forEach((row, i) => row.forEach((pc, f) => { if (pc) p.put((h - 1 - i) * w + f, pc); }));
  return p;
}

// checkEP: the target must be an empty square just behind a pawn that has
// just double-stepped.
function checkEP(p, ep) {
  const b = p.b, mover = p.us ^ 1;
  const wantRank = mover === 1 ? b.h - 3 : 2;
  if (Math.floor(ep / b.w) !== wantRank) throw new Error(`must be on rank ${wantRank + 1} with ${p.side} to move`);
  if (b.h < 4) throw new Error(`no double step is possible on a board of ${b.h} ranks`);
  if (p.sq[ep] || p.sq[ep + p.pawnStep(mover)] !== piece(mover, PAWN) || p.sq[ep - p.pawnStep(mover)]) {
    throw new Error(`no ${COLORS[mover]} pawn has just moved two squares past it`);
  }
}

// parseCastling reads "-", KQkq or rook file letters (Shredder-FEN).
Position.prototype.parseCastling = function parseCastling(f) {
  if (f === '-') return;
  const b = this.b;
  for (const c of f) {
    const col = c >= 'a' ? 1 : 0;
    const back = col === 1 ? b.h - 1 : 0;
    const k = this.kings[col];
    if (k < 0 || Math.floor(k / b.w) !== back) throw new Error(`castling ${goQuote(c)}: the ${COLORS[col]} king is not on its back rank`);
    const lower = c.toLowerCase();
    let rook = -1, kingSide = false;
    if (lower === 'k' || lower === 'q') {
      kingSide = lower === 'k';
      for (let fl = 0; fl < b.w; fl++) {
        const s = back * b.w + fl;
        if (this.sq[s] !== piece(col, ROOK)) continue;
        if (kingSide && fl > k % b.w) rook = s;
        if (!kingSide && fl < k % b.w && rook < 0) rook = s;
      }
    } else if (lower >= 'a' && lower.charCodeAt(0) - 97 < b.w) {
      const s = back * b.w + lower.charCodeAt(0) - 97;
      if (this.sq[s] === piece(col, ROOK)) rook = s;
      kingSide = s % b.w > k % b.w;
    } else {
      throw new Error(`castling ${goQuote(c)}: want K, Q, k, q, a file letter or -`);
    }
    if (rook < 0) throw new Error(`castling ${goQuote(c)}: no ${COLORS[col]} rook to castle with`);
    const i = col * 2 + (kingSide ? 0 : 1);
    if (this.castle & (1 << i)) throw new Error(`castling ${goQuote(c)}: right given twice`);
    this.castle |= 1 << i;
    this.castleRook[i] = rook;
    this.castleKing[col] = k;
  }
};

// finish validates a freshly set-up position (engine finish).
function finish(p) {
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
  if (k >= 0 && p.attacked(k, p.us)) {
    throw new Error(`the ${COLORS[p.us ^ 1]} king on ${b.names[k]} is in check but it is ${p.side}'s move`);
  }
  if (r.promoteToCaptured && !r.initial) p.r = { ...r, initial: Int8Array.from(p.counts) };
}

function parseCode(s, rules) {
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

function parseCell(c) {
  if (c === 'x') return 0;
  if (c.length !== 2 || (c[0] !== 'w' && c[0] !== 'b')) {
    throw new Error(`${goQuote(c)} is not a cell: want x or w/b followed by k, q, r, b, n or p`);
  }
  const t = letterType(c[1]);
  if (!t || c[1] < 'a') throw new Error(`${goQuote(c)} is not a cell: ${goQuoteChar(c[1])} is not a piece letter (want k, q, r, b, n or p)`);
  return piece(c[0] === 'b' ? 1 : 0, t);
}

// ---- Games ----

// Game is engine.Game: the moves played from a start position, the redo
// stack, and the draws that depend on history.
export class Game {
  constructor(start) {
    this.startPos = start.clone();
    this.pos = start.clone();
    this.line = [];
    this.cursor = 0;
    this.undos = [];
    this.keys = [start.repKey()];
  }

  start() { return this.startPos.clone(); }
  position() { return this.pos; }
  rules() { return this.startPos.r; }
  moves() { return this.line.slice(0, this.cursor); }
  redoMoves() { return this.line.slice(this.cursor); }
  sanHistory() { return this.startPos.sanLine(this.moves()); }

  // play plays a move of the side to move, matched by from, to and promo.
  play(m) {
    const b = this.pos.b;
    const text = coordOf(b, m);
    if (!(m.from >= 0 && m.from < b.n && m.to >= 0 && m.to < b.n)) {
      throw new MoveError(text, `not a move on the ${b.w}×${b.h} board`);
    }
    const st = this.status();
    if (st !== 'active') throw new MoveError(text, `the game is over (${st})`);
    const lm = findMove(this.pos.legal(), m);
    if (!lm) throw this.pos.whyIllegal(m.from, m.to, m.promo || '', text);
    if (this.cursor < this.line.length && sameMove(this.line[this.cursor], lm)) {
      this.redoOne();
      return;
    }
    this.line = this.line.slice(0, this.cursor);
    this.line.push(lm);
    this.redoOne();
  }

  // playText plays SAN or coordinates (or an action-log "m:" move).
  playText(s) {
    const st = this.status();
    if (st !== 'active') throw new MoveError(s.trim(), `the game is over (${st})`);
    const t = s.trim();
    if (t.startsWith('b:') || t.startsWith('m:')) {
      const body = t.slice(2).trim();
      if (t[0] === 'b') throw new MoveError(body, 'no bans in this game (the rule bans is off)');
      return this.play(this.pos.parseCoord(t.slice(2)));
    }
    this.play(this.pos.parseMove(s));
  }

  redoOne() {
    this.undos.length = this.cursor;
    this.undos.push(this.pos.doMove(this.line[this.cursor]));
    this.cursor++;
    this.keys.length = this.cursor;
    this.keys.push(this.pos.repKey());
  }

  undo() {
    if (this.cursor === 0) return false;
    this.cursor--;
    this.pos.undoMove(this.undos[this.cursor]);
    this.undos.length = this.cursor;
    this.keys.length = this.cursor + 1;
    return true;
  }

  redo() {
    if (this.cursor === this.line.length) return false;
    this.redoOne();
    return true;
  }

  // status adds the fifty-move rule and threefold repetition to the
  // position's own status.
  status() {
    const st = this.pos.status();
    if (st !== 'active') return st;
    if (this.pos.r.fiftyMove && this.pos.halfmove >= 100) return 'fifty-move';
    if (this.pos.r.threefold && this.repetitions() >= 3) return 'threefold';
    return 'active';
  }

  // repetitions counts the current position since the last irreversible move.
  repetitions() {
    const n = this.cursor, key = this.keys[n];
    let count = 0;
    for (let i = n; i >= Math.max(n - this.pos.halfmove, 0); i -= 2) if (this.keys[i] === key) count++;
    return count;
  }

  winner() { return this.pos.winner(this.status()); }

  result() {
    const st = this.status();
    if (st === 'active') return '*';
    const w = this.pos.winner(st);
    return w === 'white' ? '1-0' : w === 'black' ? '0-1' : '1/2-1/2';
  }

  // pgn writes the game in PGN export format (engine.Game.PGN).
  pgn(tags = {}) {
    const t = { ...tags };
    for (const k of ['Variant', 'SetUp', 'FEN', 'Rules']) delete t[k];
    let res = this.result();
    const given = tags.Result;
    if (res === '*' && isResult(given) && given !== '½-½') res = given;
    t.Result = res;
    const r = this.startPos.r;
    if (r.preset !== 'chess') t.Variant = r.preset;
    const fen = this.startPos.fen();
    if (r.preset !== 'chess' || fen !== 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1') {
      t.SetUp = '1';
      t.FEN = fen;
    }
    const over = ruleOverrides(r);
    if (Object.keys(over).length) {
      t.Rules = Object.keys(over).sort().map((k) => `${k}=${Array.isArray(over[k]) ? over[k].join('') : over[k]}`).join(' ');
    }
    let out = '';
    const tag = (name, value) => {
      out += `[${name} "${value.replace(/[\\"\n\r]/g, (c) => ({ '\\': '\\\\', '"': '\\"', '\n': ' ', '\r': ' ' })[c])}"]\n`;
    };
    const roster = [['Event', '?'], ['Site', '?'], ['Date', '????.??.??'], ['Round', '?'], ['White', '?'], ['Black', '?'], ['Result', '*']];
    for (const [name, blank] of roster) {
      tag(name, Object.hasOwn(t, name) ? t[name] : blank);
      delete t[name];
    }
    for (const k of ['Variant', 'Rules', 'SetUp', 'FEN']) {
      if (Object.hasOwn(t, k)) { tag(k, t[k]); delete t[k]; }
    }
    for (const k of Object.keys(t).sort()) tag(k, t[k]); // code-unit order: Go's byte order but for astral text
    out += '\n';
    const words = numbered(this.sanHistory(), this.startPos.us, this.startPos.fullmove);
    words.push(res);
    let width = 0;
    words.forEach((w, i) => {
      if (i > 0 && width + 1 + w.length > 80) { out += '\n'; width = 0; } else if (i > 0) { out += ' '; width++; }
      out += w;
      width += w.length;
    });
    return out + '\n';
  }
}

// newGame starts a game as bridge.NewGame does: a preset ("" for the one
// the position implies), rule overrides, a start position (code or FEN).
export function newGame(variant, rules, position) {
  let r;
  if (variant) {
    r = wrapErr('variant: ', () => preset(variant));
  } else {
    r = { ...parsePosition(position, null).r };
  }
  wrapErr('rules: ', () => applyRules(r, rules));
  if (r.bans) throw new Error('the light engine of this page has no Ban Chess');
  return new Game(parsePosition(position, r));
}

// ---- Words ----

// numbered labels the moves of a line played from side and fullmove as
// PGN words: "1. Na4", "Rxa4", "2. Rxa4", or "5... Kb8" when Black starts.
function numbered(moves, side, fullmove) {
  let c = side === 'black' || side === 1 ? 1 : 0;
  return moves.map((m, i) => {
    const word = c === 0 ? `${fullmove}. ${m}` : i === 0 ? `${fullmove}... ${m}` : m;
    if (c === 1) fullmove++;
    c ^= 1;
    return word;
  });
}

// numberLine writes SAN moves as "1. Na4 Rxa4 2. Rxa4" (engine.NumberLine).
export const numberLine = (moves, side, fullmove) => numbered(moves, side, fullmove).join(' ');

// actionNames is engine.Position.ActionNames without bans: each move of
// a line played from p in SAN.
export function actionNames(p, line) {
  const q = p.clone();
  return line.map((m) => {
    const s = q.san(m);
    q.make(m);
    return s;
  });
}

// lineText is engine.Position.LineText for SAN lines.
export function lineText(position, names) {
  return numberLine(names, position.us, position.fullmove);
}

const REASONS = { checkmate: 'checkmate', stalemate: 'stalemate', 'insufficient-material': 'insufficient material',
  'fifty-move': 'the fifty-move rule', threefold: 'threefold repetition', race: 'reaching the far rank first',
  'no-moves': 'leaving the opponent without a move', resigned: 'resignation' };

// statusReason is engine.Status.Reason: words to follow "by".
export function statusReason(status) { return REASONS[status] || ''; }

export const colorTitle = (color) => TITLES[color === 'black' || color === 1 ? 1 : 0];

// outcomeTitle is engine.Outcome.Title: "White wins", "Draw", "Unknown".
export const outcomeTitle = (outcome) =>
  ({ 'white-wins': 'White wins', 'black-wins': 'Black wins', draw: 'Draw' })[outcome] || 'Unknown';

// describe is engine.Outcome.Describe: "White wins: mate in 6 (11 plies)".
export function describe(outcome, mateIn, plies) {
  if (outcome === 'white-wins' || outcome === 'black-wins') {
    if (plies === 0) return colorTitle(outcome === 'black-wins' ? 1 : 0) + ' has won';
    if (plies > 0) return `${outcomeTitle(outcome)}: mate in ${mateIn} (${plies} ${plies === 1 ? 'ply' : 'plies'})`;
    return outcomeTitle(outcome);
  }
  return outcome === 'draw' ? 'Draw with best play' : 'Value unknown';
}

// mateIn converts a distance in plies for the side to move into the winner's moves.
export function mateIn(won, plies) {
  return won ? Math.floor((plies + 1) / 2) : Math.floor(plies / 2);
}

export { squareName, parseSquare, coordOf as coord };
