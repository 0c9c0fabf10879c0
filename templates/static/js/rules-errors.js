// @ts-check
// The twin of engine/errors.go: why a move is not legal, in the engine's
// words.

/** @typedef {import('./rules-position.js').Position} Position */

import { PAWN, KNIGHT, KING, COLORS, TYPE_NAMES, RACE } from './rules-data.js';
import { colorOf, typeOf, pieceName, letterType } from './rules-piece.js';
import { DIRS } from './rules-board.js';
import { mv } from './rules-move.js';
import { slides, raceOver, legalMoves } from './rules-movegen.js';

/** MoveError is engine.MoveError: the message names the move as given. */
export class MoveError extends Error {
  /**
   * @param {string} text the move as given
   * @param {string} msg why it was rejected
   */
  constructor(text, msg) {
    super(text === '' ? msg : `move ${text}: ${msg}`);
    this.text = text;
    this.msg = msg;
  }
}

/**
 * whyIllegal explains why no legal move of p goes from → to with promo.
 * @param {Position} p
 * @param {number} from
 * @param {number} to
 * @param {string} promo
 * @param {string} text
 * @returns {MoveError}
 */
export function whyIllegal(p, from, to, promo, text) {
  const b = p.b, pc = p.sq[from];
  if (!pc) return new MoveError(text, 'no piece on ' + b.names[from]);
  if (colorOf(pc) !== p.us) {
    return new MoveError(text, `the ${pieceName(pc)} on ${b.names[from]} belongs to ${COLORS[colorOf(pc)]}, but ${p.side} is to move`);
  }
  if (p.r.goal === RACE && raceOver(p)) return new MoveError(text, 'the game is over');
  const stop = obstruction(p, from, to);
  if (stop >= 0) return new MoveError(text, blocked(p, from, to, stop));
  const pseudo = pseudoMoves(p, from);
  let found = false;
  for (const m of pseudo) {
    if (m.to !== to) continue;
    found = true;
    if (m.promo === promo) return new MoveError(text, 'it would leave the ' + p.side + ' king in check');
  }
  if (found) {
    const opts = pseudo.filter((m) => m.to === to && m.promo).map((m) => m.promo).join('');
    if (!promo && opts) return new MoveError(text, `a pawn reaching ${b.names[to]} must promote (to one of ${opts})`);
    if (!opts) return new MoveError(text, 'that move is not a promotion');
    return new MoveError(text, `cannot promote to ${TYPE_NAMES[letterType(promo)]} here (allowed: ${opts})`);
  }
  return new MoveError(text, `the ${TYPE_NAMES[typeOf(pc)]} on ${b.names[from]} cannot move to ${b.names[to]}`);
}

/**
 * pseudoMoves lists the moves of the piece on from as if its own king
 * could not be attacked; only for explaining errors.
 * @param {Position} p
 * @param {number} from
 * @returns {Move[]}
 */
export function pseudoMoves(p, from) {
  const q = p.clone();
  const k = q.kings[q.us];
  if (k === from) {
    return p.b.king[from].filter((t) => !q.sq[t] || colorOf(q.sq[t]) !== q.us).map((t) => mv(from, t));
  }
  if (k >= 0) q.remove(k);
  // The lifted king still stands in the way of its own pieces.
  return legalMoves(q).filter((m) => m.from === from && obstruction(p, from, m.to) < 0);
}

/**
 * obstruction returns the square of what stops the piece on from
 * reaching to along its way of moving, ignoring check: a piece between
 * (for a slider or a pawn's straight step) or a piece of its own side on
 * to (any piece, for a pawn's straight step); -1 when nothing does or to
 * is not on the piece's way.
 * @param {Position} p
 * @param {number} from
 * @param {number} to
 * @returns {number}
 */
export function obstruction(p, from, to) {
  const b = p.b, pc = p.sq[from], us = colorOf(pc), t = typeOf(pc);
  const own = (s) => (p.sq[s] && colorOf(p.sq[s]) === us ? s : -1);
  if ((t === KNIGHT && b.knight[from].includes(to)) || (t === KING && b.king[from].includes(to)) ||
    (t === PAWN && b.pawnAttack[us][from].includes(to))) return own(to);
  if (t === KNIGHT || t === KING) return -1;
  for (let d = 0; d < DIRS.length; d++) {
    if (t === PAWN ? d !== (us === 0 ? 0 : 1) : !slides(t, d)) continue;
    const ray = b.rays[from][d];
    const i = ray.indexOf(to);
    if (i < 0) continue;
    for (const s of ray.slice(0, i)) if (p.sq[s]) return s;
    if (t === PAWN && p.sq[to]) return to;
    return own(to);
  }
  return -1;
}

/**
 * blocked explains why the piece on from cannot go to to when s, found by
 * obstruction, is in the way.
 * @param {Position} p
 * @param {number} from
 * @param {number} to
 * @param {number} s
 * @returns {string}
 */
export function blocked(p, from, to, s) {
  const b = p.b, pc = p.sq[from], o = p.sq[s];
  const verb = s === to ? 'move to' : 'reach';
  const by = colorOf(o) === colorOf(pc) ? 'your own ' + TYPE_NAMES[typeOf(o)] : 'the ' + pieceName(o);
  return `the ${TYPE_NAMES[typeOf(pc)]} on ${b.names[from]} cannot ${verb} ${b.names[to]}: ${b.names[s]} is taken by ${by}`;
}
