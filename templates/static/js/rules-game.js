// @ts-check
// The twin of engine/game/game.go: a game played from a start position, its
// redo stack and the draws that depend on history; and newGame, the
// start of bridge.NewGame (engine.startPosition).

/** @typedef {import('./rules-position.js').Position} Position */

import { BOOL_RULES, RACE } from './rules-data.js';
import { preset, applyRules, promotionLetters } from './rules-rules.js';
import { findMove, sameMove, coord } from './rules-move.js';
import { legalMoves } from './rules-movegen.js';
import { status, winner } from './rules-status.js';
import { MoveError, whyIllegal } from './rules-errors.js';
import { sanLine, parseCoord, parseMove } from './rules-san.js';
import { wrapErr } from './rules-fen.js';
import { parsePosition } from './rules-code.js';

export class Game {
  /** @param {Position} start */
  constructor(start) {
    this.startPos = start.clone();
    this.pos = start.clone();
    /** @type {Move[]} the moves played and those taken back that can be replayed */
    this.line = [];
    /** cursor counts the moves of line played. */
    this.cursor = 0;
    /** @type {Undo[]} */
    this.undos = [];
    /** keys[i] is the repetition key after i moves. */
    this.keys = [start.repKey()];
  }

  /** @returns {Position} a copy of the start position */
  start() { return this.startPos.clone(); }
  /** @returns {Position} the position now (not a copy) */
  position() { return this.pos; }
  /** @returns {RuleSet} */
  rules() { return this.startPos.r; }
  /** @returns {Move[]} */
  moves() { return this.line.slice(0, this.cursor); }
  /** @returns {Move[]} */
  redoMoves() { return this.line.slice(this.cursor); }
  /** @returns {string[]} */
  sanHistory() { return sanLine(this.startPos, this.moves()); }

  /**
   * play plays a move of the side to move, matched by from, to and promo.
   * @param {Move} m
   */
  play(m) {
    const b = this.pos.b;
    const text = coord(b, m);
    if (!(m.from >= 0 && m.from < b.n && m.to >= 0 && m.to < b.n)) {
      throw new MoveError(text, `not a move on the ${b.w}×${b.h} board`);
    }
    const st = this.status();
    if (st !== 'active') throw new MoveError(text, `the game is over (${st})`);
    const lm = findMove(legalMoves(this.pos), m);
    if (!lm) throw whyIllegal(this.pos, m.from, m.to, m.promo || '', text);
    if (this.cursor < this.line.length && sameMove(this.line[this.cursor], lm)) {
      this.redoOne();
      return;
    }
    this.line = this.line.slice(0, this.cursor);
    this.line.push(lm);
    this.redoOne();
  }

  /**
   * playText plays SAN or coordinates (or an action-log "m:" move).
   * @param {string} s
   */
  playText(s) {
    const st = this.status();
    if (st !== 'active') throw new MoveError(s.trim(), `the game is over (${st})`);
    const t = s.trim();
    if (t.startsWith('b:') || t.startsWith('m:')) {
      const body = t.slice(2).trim();
      if (t[0] === 'b') throw new MoveError(body, 'no bans in this game (the rule bans is off)');
      return this.play(parseCoord(this.pos, t.slice(2)));
    }
    this.play(parseMove(this.pos, s));
  }

  redoOne() {
    this.undos.length = this.cursor;
    this.undos.push(this.pos.doMove(this.line[this.cursor]));
    this.cursor++;
    this.keys.length = this.cursor;
    this.keys.push(this.pos.repKey());
  }

  /** @returns {boolean} whether there was a move to take back */
  undo() {
    if (this.cursor === 0) return false;
    this.cursor--;
    this.pos.undoMove(this.undos[this.cursor]);
    this.undos.length = this.cursor;
    this.keys.length = this.cursor + 1;
    return true;
  }

  /** @returns {boolean} whether there was a move to replay */
  redo() {
    if (this.cursor === this.line.length) return false;
    this.redoOne();
    return true;
  }

  /**
   * status adds the fifty-move rule and threefold repetition to the
   * position's own status.
   * @returns {StatusName}
   */
  status() {
    const st = status(this.pos);
    if (st !== 'active') return st;
    if (this.pos.r.fiftyMove && this.pos.halfmove >= 100) return 'fifty-move';
    if (this.pos.r.threefold && this.repetitions() >= 3) return 'threefold';
    return 'active';
  }

  /**
   * repetitions counts the current position since the last irreversible move.
   * @returns {number}
   */
  repetitions() {
    const n = this.cursor, key = this.keys[n];
    let count = 0;
    for (let i = n; i >= Math.max(n - this.pos.halfmove, 0); i -= 2) if (this.keys[i] === key) count++;
    return count;
  }

  /** @returns {Color | null} */
  winner() { return winner(this.pos, this.status()); }

  /** @returns {string} "1-0", "0-1", "1/2-1/2" or "*" */
  result() {
    const st = this.status();
    if (st === 'active') return '*';
    const w = winner(this.pos, st);
    return w === 'white' ? '1-0' : w === 'black' ? '0-1' : '1/2-1/2';
  }
}

/**
 * newGame starts a game as bridge.NewGame does: a preset ("" for the one
 * the position implies), rule overrides, a start position (code or FEN).
 * @param {string} variant
 * @param {Record<string, unknown> | null} rules
 * @param {string} position
 * @returns {Game}
 */
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

/**
 * ruleOverrides lists the rules that differ from the preset
 * (engine.RuleOverrides).
 * @param {RuleSet} r
 * @returns {Record<string, boolean | string | string[]>}
 */
export function ruleOverrides(r) {
  const base = preset(r.preset);
  /** @type {Record<string, boolean | string | string[]>} */
  const out = {};
  for (const [name, f] of Object.entries(BOOL_RULES)) {
    if (r[f] !== base[f]) out[name] = r[f];
  }
  if (r.goal !== base.goal) out.goal = r.goal === RACE ? 'race' : 'checkmate';
  if (r.promotion !== base.promotion) {
    out.promotion = r.promotion === 0 ? false : promotionLetters(r);
  }
  return out;
}
