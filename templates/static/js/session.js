// @ts-check
// The twin of bridge/session.go (with StatusText of bridge/words.go): the
// game functions of bridge.Session in plain JavaScript, on the rules
// twins (rules-*.js). Each returns the plain object the WebAssembly
// bridge would answer (as JSON), or throws an Error with the bridge's
// message. The table part of a light page builds on Session.table;
// bridge/js_diff_test.go checks that every answer here equals Go's.

/** @typedef {import('./rules-position.js').Position} Position */
/** @typedef {import('./playtable.js').PlayTable} PlayTable */

import { colorTitle } from './rules-piece.js';
import { coord } from './rules-move.js';
import { legalMoves, inCheck } from './rules-movegen.js';
import { statusReason } from './rules-status.js';
import { san, parseCoord, parseMove, parseLine } from './rules-san.js';
import { fen } from './rules-fen.js';
import { code } from './rules-code.js';
import { promotionLetters } from './rules-rules.js';
import { Game, newGame } from './rules-game.js';
import { pgn } from './rules-pgn.js';

/**
 * str reads a text argument as the WebAssembly glue does: "" unless a string.
 * @param {unknown} x
 * @returns {string}
 */
const str = (x) => (typeof x === 'string' ? x : '');

/**
 * cells lists the pieces by square index: "wk", "bn", or "".
 * @param {Position} p
 * @returns {string[]}
 */
const cells = (p) => Array.from({ length: p.n }, (_, s) => p.at(s));

/**
 * moveOf returns a legal move of p as the board needs it (bridge.moveOf).
 * @param {Position} p
 * @param {Move} m
 * @returns {BoardMove}
 */
export function moveOf(p, m) {
  return { from: p.name(m.from), to: p.name(m.to), promo: m.promo || '', san: san(p, m), coord: coord(p.b, m) };
}

/**
 * statusText describes the game for the status line (bridge.StatusText).
 * @param {Game} g
 * @returns {string}
 */
export function statusText(g) {
  const p = g.position();
  const st = g.status();
  if (st !== 'active') {
    const w = g.winner();
    return w ? `${colorTitle(w)} wins by ${statusReason(st)}.` : `Draw by ${statusReason(st)}.`;
  }
  return `${colorTitle(p.side)} to move${inCheck(p) ? ', in check' : ''}.`;
}

/** Session is bridge.Session without Ban Chess and searchers. */
export class Session {
  /** @param {Game} game */
  constructor(game) {
    this.game = game;
    /** @type {PlayTable | null} the mode's table once loaded; state() reports whether there is one */
    this.table = null;
  }

  /**
   * state is everything the page draws after a change (bridge.State).
   * @returns {SessionState}
   */
  state() {
    const g = this.game;
    const p = g.position();
    const st = g.status();
    const played = g.moves();
    const k = p.king(p.side);
    const check = k >= 0 && inCheck(p) ? p.name(k) : '';
    let last = null;
    const q = g.start();
    const coords = played.map((m) => {
      last = moveOf(q, m); // SAN is read from the position before the move
      q.make(m);
      return coord(p.b, m);
    });
    /** @type {Record<string, BoardMove[]>} */
    const legal = {};
    if (st === 'active') {
      for (const m of legalMoves(p)) (legal[p.name(m.from)] ||= []).push(moveOf(p, m));
    }
    const start = g.start();
    return {
      fen: fen(p), code: code(p), w: p.w, h: p.h,
      side: p.side, sideName: colorTitle(p.side), opponentName: colorTitle(p.side === 'white' ? 'black' : 'white'),
      board: cells(p),
      status: st, over: st !== 'active', winner: g.winner() || '',
      result: g.result(), reason: statusReason(st), check,
      last, san: g.sanHistory(), coords,
      cursor: played.length, length: played.length + g.redoMoves().length,
      legal, promotion: promotionLetters(p.r), fullmove: p.fullmove,
      startSide: start.side, startFullmove: start.fullmove,
      table: this.table != null,
      statusText: statusText(g), bannedText: '',
      bans: false, banPhase: false, actor: p.side, banned: null, byBan: false, startBanPhase: false,
    };
  }

  /**
   * play plays a move in SAN or coordinates.
   * @param {unknown} text
   * @returns {SessionState}
   */
  play(text) {
    this.game.playText(str(text));
    return this.state();
  }

  /**
   * move plays from → to with an optional promotion letter.
   * @param {unknown} from
   * @param {unknown} to
   * @param {unknown} promo
   * @returns {SessionState}
   */
  move(from, to, promo) {
    this.game.play(parseCoord(this.game.position(), str(from) + str(to) + str(promo)));
    return this.state();
  }

  /** @returns {SessionState} */
  undo() {
    if (!this.game.undo()) throw new Error('no move to take back');
    return this.state();
  }

  /**
   * goto undoes or redoes until n moves are played.
   * @param {unknown} n
   * @returns {SessionState}
   */
  goto(n) {
    const want = typeof n === 'number' ? Math.trunc(n) : 0;
    while (this.game.moves().length > want && this.game.undo());
    while (this.game.moves().length < want && this.game.redo());
    return this.state();
  }

  /** @returns {SessionState} */
  reset() {
    this.game = new Game(this.game.start());
    return this.state();
  }

  /**
   * @param {unknown} tags
   * @returns {{pgn: string}}
   */
  pgn(tags) {
    return { pgn: pgn(this.game, tags && typeof tags === 'object' ? /** @type {Record<string, string>} */ (tags) : {}) };
  }

  /**
   * line parses a move line from the start position and returns its moves.
   * @param {unknown} text
   * @returns {BoardMove[]}
   */
  line(text) {
    const start = this.game.start();
    return parseLine(start, str(text)).map((m) => {
      const o = moveOf(start, m);
      start.make(m);
      return o;
    });
  }

  /**
   * resolve reads a move without playing it, here or at the start.
   * @param {unknown} text
   * @param {boolean} [atStart]
   * @returns {BoardMove}
   */
  resolve(text, atStart = false) {
    const p = atStart ? this.game.start() : this.game.position();
    return moveOf(p, parseMove(p, str(text)));
  }
}

/**
 * load starts a session (bridge.Load).
 * @param {string} variant
 * @param {Record<string, unknown> | null} rules
 * @param {string} position
 * @returns {Session}
 */
export function load(variant, rules, position) {
  return new Session(newGame(variant, rules, position));
}

/**
 * parse checks a position for the editor (bridge.Parse).
 * @param {string} variant
 * @param {Record<string, unknown> | null} rules
 * @param {string} position
 * @returns {ParsedPosition}
 */
export function parse(variant, rules, position) {
  const g = newGame(variant, rules, position);
  const p = g.position();
  const st = g.status();
  const text = `${colorTitle(p.side)} to move${st !== 'active' ? ` (${st.replaceAll('-', ' ')})` : ''}. Preset: ${p.rules.preset}.`;
  return {
    code: code(p), fen: fen(p), w: p.w, h: p.h, side: p.side, variant: p.rules.preset,
    board: cells(p), status: st, text,
  };
}
