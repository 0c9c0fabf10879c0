// @ts-check
// A mode's exact table as the page plays from it without the Go engine:
// the twin of solver/playtable.go, its format and its Table's answers. A
// position is found by its state key (stateKey: the first four FEN
// fields) through a minimal perfect hash (BBHash), which gives its slot;
// the slots hold each state's value for the side to move and its
// distance to mate in plies. Every answer here mirrors package solver's
// Table (Probe, MoveValues, BestMoves, Choose) and solver.PV, and the
// differential test in bridge checks them against it.

/** @typedef {import('./rules-position.js').Position} Position */
/** @typedef {(a: Move, b: Move) => number} MoveOrder */
/** @typedef {{move: Move, value: number, dtm: number}} MoveValue */

import { legalMoves } from './rules-movegen.js';
import { status } from './rules-status.js';
import { fen } from './rules-fen.js';

export const WIN = 1;
export const DRAW = 0;
export const LOSS = -1;

const MAGIC = 'TCPT';
const VERSION = 2;

/**
 * stateKey is the key a play table finds a position by (solver.StateKey):
 * the first four FEN fields, the castling rights "-" under rules without
 * castling and the en-passant square "-" unless the side to move can
 * take there.
 * @param {Position} p
 * @returns {string}
 */
export function stateKey(p) {
  const f = fen(p).split(' ').slice(0, 4);
  if (!p.r.castling) f[2] = '-';
  if (!p.epCapturable(p.ep)) f[3] = '-';
  return f.join(' ');
}

/**
 * @param {number} h
 * @returns {number}
 */
function fmix32(h) {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * keyHash hashes a state key (ASCII) into two 32-bit words, as Go's
 * keyHash.
 * @param {string} s
 * @returns {[number, number]}
 */
export function keyHash(s) {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return [fmix32(h1), fmix32(h2 ^ 0x68d6a1b3)];
}

/**
 * @param {number} h1
 * @param {number} h2
 * @param {number} level
 * @param {number} size
 * @returns {number}
 */
function levelBit(h1, h2, level, size) {
  const x = fmix32((h1 + Math.imul(level, 0x9e3779b9)) >>> 0);
  return fmix32(x ^ h2) % size;
}

/**
 * @param {number} x
 * @returns {number}
 */
function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

// FIELDS describes each value byte, four 2-bit slot values: its count of
// decided values (1 a win, 2 a loss) in the low three bits, and 8 when a
// field holds 3, which no value is.
const FIELDS = new Uint8Array(256).map((_, x) => {
  let f = 0;
  for (let k = 0; k < 8; k += 2) {
    const v = (x >> k) & 3;
    if (v === 3) f |= 8;
    else if (v) f++;
  }
  return f;
});

// Reader reads the uvarints and fields of a play table, failing with a
// message naming what is wrong.
class Reader {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.b = bytes;
    this.i = 0;
  }

  /**
   * @param {string} what
   * @returns {Error}
   */
  bad(what) {
    return new Error('bad play table: ' + what);
  }

  uvarint() {
    let v = 0;
    let scale = 1;
    for (;;) {
      if (this.i >= this.b.length || scale > 2 ** 42) throw this.bad('truncated header');
      const c = this.b[this.i++];
      v += (c & 0x7f) * scale;
      if (c < 0x80) return v;
      scale *= 128;
    }
  }

  u32() {
    if (this.i + 4 > this.b.length) throw this.bad('truncated');
    const b = this.b;
    const i = this.i;
    this.i += 4;
    return (b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24) >>> 0;
  }
}

/** HEADER names the header's uvarints in their order (wire.PlayHeader). */
export const HEADER = ['states', 'edges', 'whiteWins', 'blackWins', 'draws', 'mates', 'stalemates', 'insufficient', 'races',
  'slots', 'startSlot', 'mirrored'];

/**
 * readHeader reads the header of a play table after its magic and
 * version.
 * @param {Reader} r
 * @returns {wire.PlayHeader}
 */
function readHeader(r) {
  const head = {};
  for (const k of HEADER) head[k] = r.uvarint();
  if (head['mirrored'] > 1) throw r.bad('mirrored flag');
  head['mirrored'] = head['mirrored'] === 1;
  return /** @type {wire.PlayHeader} */ (head);
}

// PlayTable is a parsed play table.
export class PlayTable {
  /** @param {Uint8Array} bytes a play table as MarshalPlay writes it */
  constructor(bytes) {
    const r = new Reader(bytes);
    for (let i = 0; i < MAGIC.length; i++) {
      if (bytes[i] !== MAGIC.charCodeAt(i)) throw r.bad('not a thinchess play table');
    }
    if (bytes[MAGIC.length] !== VERSION) throw new Error('play table format version ' + bytes[MAGIC.length] + ', want ' + VERSION);
    r.i = MAGIC.length + 1;
    const head = readHeader(r);
    this.states = head.states;
    this.edges = head.edges;
    this.slots = head.slots;
    this.startSlot = head.startSlot;
    // A mirrored table holds the states with White to move only and finds
    // the others by their mirrors (solver.MirrorKey).
    this.mirrored = head.mirrored;
    const nl = r.uvarint();
    if (nl > 48) throw r.bad('too many levels');
    const sizes = [];
    for (let i = 0; i < nl; i++) sizes.push(r.uvarint());
    // Each level's words, and the rank of each word's first bit among
    // all levels' set bits.
    this.levels = [];
    this.rank = [];
    let rank = 0;
    for (const words of sizes) {
      const level = new Uint32Array(words);
      const rk = new Uint32Array(words);
      for (let w = 0; w < words; w++) {
        level[w] = r.u32();
        rk[w] = rank;
        rank += popcount(level[w]);
      }
      this.levels.push(level);
      this.rank.push(rk);
    }
    const ne = r.uvarint();
    this.extra = new Map();
    for (let i = 0; i < ne; i++) {
      const h1 = r.u32();
      const h2 = r.u32();
      this.extra.set(h1 + ':' + h2, r.uvarint());
    }
    if (rank + ne !== this.slots || this.startSlot >= this.slots) throw r.bad('slot count');
    this.readValues(bytes.subarray(r.i), r);
  }

  /**
   * readValues checks the 2-bit values and the half distances and keeps
   * them packed, with the count of decided slots before each run of 32
   * (a slot's half distance is the decided slots' rank-th): reading a
   * table is one pass over its value bytes, a quarter of its slots, and
   * each probe decodes its own slot (valueAt, dtmAt).
   * @param {Uint8Array} data
   * @param {Reader} r
   */
  readValues(data, r) {
    const n = this.slots;
    const valueBytes = (2 * n + 7) >> 3;
    if (data.length < valueBytes + 1) throw r.bad('wrong length');
    const vals = data.subarray(0, valueBytes);
    // The last byte's fields past the last slot are not counted.
    const tail = n & 3 ? (1 << (2 * (n & 3))) - 1 : 0xff;
    this.before = new Uint32Array((n >> 5) + 1);
    let decided = 0;
    for (let b = 0; b < valueBytes; b++) {
      if ((b & 7) === 0) this.before[b >> 3] = decided;
      const x = b === valueBytes - 1 ? vals[b] & tail : vals[b];
      if (FIELDS[x] & 8) throw r.bad('value out of range');
      decided += FIELDS[x] & 7;
    }
    const width = data[valueBytes];
    this.halves = data.subarray(valueBytes + 1);
    if (width > 13 || this.halves.length !== ((decided * width + 7) >> 3)) throw r.bad('wrong length');
    this.vals = vals;
    this.width = width;
  }

  /**
   * valueAt is slot i's value for the side to move: WIN, LOSS or DRAW.
   * @param {number} i
   * @returns {number}
   */
  valueAt(i) {
    const v = (this.vals[i >> 2] >> (2 * (i & 3))) & 3;
    return v === 1 ? WIN : v === 2 ? LOSS : DRAW;
  }

  /**
   * dtmAt is slot i's distance to mate in plies, -1 for a draw.
   * @param {number} i
   * @returns {number}
   */
  dtmAt(i) {
    const value = this.valueAt(i);
    if (value === DRAW) return -1;
    // The decided slots before i: those before its run of 32, then its
    // run's whole bytes, then its own byte's fields below it.
    let rank = this.before[i >> 5];
    for (let b = (i >> 5) << 3; b < i >> 2; b++) rank += FIELDS[this.vals[b]] & 7;
    rank += FIELDS[this.vals[i >> 2] & ((1 << (2 * (i & 3))) - 1)] & 7;
    let h = 0;
    for (let k = 0, bit = rank * this.width; k < this.width; k++, bit++) h |= ((this.halves[bit >> 3] >> (bit & 7)) & 1) << k;
    return 2 * h + (value === WIN ? 1 : 0);
  }

  /**
   * slot returns the slot of a state key, or -1. A key not in the table
   * may still get a slot: ask only about positions reachable from the
   * table's start.
   * @param {string} key
   * @returns {number}
   */
  slot(key) {
    const [h1, h2] = keyHash(key);
    for (let lv = 0; lv < this.levels.length; lv++) {
      const level = this.levels[lv];
      const b = levelBit(h1, h2, lv, level.length * 32);
      const x = level[b >>> 5];
      const m = 1 << (b & 31);
      if (x & m) return this.rank[lv][b >>> 5] + popcount(x & (m - 1));
    }
    const s = this.extra.get(h1 + ':' + h2);
    return s === undefined ? -1 : s;
  }

  /**
   * probe returns {value, dtm} of p for its side to move (dtm -1 for a
   * draw), or null when p has no slot.
   * @param {Position} p
   * @returns {{value: number, dtm: number} | null}
   */
  probe(p) {
    const s = this.slot(this.mirrored && p.us === 1 ? mirrorKey(p) : stateKey(p));
    if (s < 0) return null;
    return { value: this.valueAt(s), dtm: this.dtmAt(s) };
  }

  /**
   * moveValues lists p's legal moves in canonical order with the value
   * and distance of each for the mover (the move counted), or null when
   * the game is over in p or p is not in the table.
   * @param {Position} p
   * @param {MoveOrder} compareMoves
   * @returns {MoveValue[] | null}
   */
  moveValues(p, compareMoves) {
    if (status(p) !== 'active' || !this.probe(p)) return null;
    const out = [];
    for (const m of legalMoves(p).sort(compareMoves)) {
      const q = p.clone();
      q.make(m);
      const e = this.probe(q);
      const mv = { move: m, value: DRAW, dtm: -1 };
      if (e && e.value !== DRAW) {
        mv.value = -e.value;
        mv.dtm = e.dtm + 1;
      }
      out.push(mv);
    }
    return out;
  }

  /**
   * bestMoves returns p's optimal moves in canonical order, or null.
   * @param {Position} p
   * @param {MoveOrder} compareMoves
   * @returns {Move[] | null}
   */
  bestMoves(p, compareMoves) {
    const mvs = this.moveValues(p, compareMoves);
    return mvs && mvs.length ? bestOf(mvs) : null;
  }

  /**
   * choose returns the move a strategy plays in p (perfect, aggressive,
   * cooperative or random), ties broken by rand() in [0, 1) or, without
   * it, the first in canonical order; null when p is over or unknown.
   * @param {Position} p
   * @param {string} strategy
   * @param {MoveOrder} compareMoves
   * @param {() => number} [rand]
   * @returns {Move | null}
   */
  choose(p, strategy, compareMoves, rand) {
    const mvs = this.moveValues(p, compareMoves);
    if (!mvs || !mvs.length) return null;
    let pool;
    switch (strategy) {
      case 'random':
        pool = mvs.map((mv) => mv.move);
        break;
      case 'aggressive': {
        let best = null;
        for (const mv of mvs) {
          const r = aggressiveRank(mv);
          if (!best || r[0] > best[0] || (r[0] === best[0] && r[1] > best[1])) best = r;
        }
        pool = mvs.filter((mv) => {
          const r = aggressiveRank(mv);
          return r[0] === best[0] && r[1] === best[1];
        }).map((mv) => mv.move);
        break;
      }
      case 'cooperative':
        pool = mvs.filter((mv) => mv.value !== LOSS).map((mv) => mv.move);
        if (mvs.every((mv) => mv.value === WIN) || !pool.length) pool = bestOf(mvs);
        break;
      default:
        pool = bestOf(mvs);
    }
    return rand ? pool[Math.floor(rand() * pool.length)] : pool[0];
  }
}

/**
 * mirrorKey is the state key of p turned half a turn with the colours
 * swapped and the other side to move (solver.MirrorKey): the key a
 * mirrored table finds a position with Black to move by. Mirror pairs
 * are only for tables without pawns, castling or en passant.
 * @param {Position} p
 * @returns {string}
 */
export function mirrorKey(p) {
  const q = p.clone();
  q.sq.fill(0);
  q.counts.fill(0);
  q.kings = [-1, -1];
  for (let s = 0; s < p.n; s++) {
    if (p.sq[s]) q.put(p.n - 1 - s, p.sq[s] ^ 8);
  }
  q.us = p.us ^ 1;
  q.castle = 0;
  q.ep = -1;
  return stateKey(q);
}

/**
 * better reports whether a is a better outcome than b for the mover: a
 * win beats a draw beats a loss, a faster win a slower one, a slower
 * loss a faster one.
 * @param {MoveValue} a
 * @param {MoveValue} b
 * @returns {boolean}
 */
function better(a, b) {
  if (a.value !== b.value) return a.value > b.value;
  if (a.value === WIN) return a.dtm < b.dtm;
  if (a.value === LOSS) return a.dtm > b.dtm;
  return false;
}

/**
 * @param {MoveValue[]} mvs
 * @returns {Move[]}
 */
function bestOf(mvs) {
  let best = mvs[0];
  for (const mv of mvs) if (better(mv, best)) best = mv;
  return mvs.filter((mv) => !better(best, mv)).map((mv) => mv.move);
}

/**
 * @param {MoveValue} mv
 * @returns {[number, number]}
 */
function aggressiveRank(mv) {
  if (mv.value === WIN) return [2, -mv.dtm];
  if (mv.value === LOSS) return [1, mv.dtm];
  return [0, 0];
}

/**
 * principalVariation returns the line from p of the first best move in
 * canonical order at each step, until the game ends, the table does not
 * know the position, max moves are played or a position of the line
 * would repeat (as solver.PV).
 * @param {PlayTable} table
 * @param {Position} p
 * @param {number} max
 * @param {MoveOrder} compareMoves
 * @returns {Move[]}
 */
export function principalVariation(table, p, max, compareMoves) {
  const q = p.clone();
  const seen = [q.clone()];
  const line = [];
  while (line.length < max && status(q) === 'active') {
    const best = table.bestMoves(q, compareMoves);
    if (!best) break;
    q.make(best[0]);
    if (seen.some((s) => s.equal(q))) break;
    seen.push(q.clone());
    line.push(best[0]);
  }
  return line;
}

/**
 * seeded returns a generator of numbers in [0, 1) from a seed
 * (mulberry32): the same seed, the same choices.
 * @param {unknown} seed
 * @returns {() => number}
 */
export function seeded(seed) {
  let a = (Number(seed) | 0) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
