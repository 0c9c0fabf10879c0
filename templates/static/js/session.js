// The game functions of bridge.Session in plain JavaScript, on rules.js:
// each returns the plain object the WebAssembly bridge would answer (as
// JSON), or throws an Error with the bridge's message. The table part of
// a light page builds on Session.table; bridge/js_diff_test.go checks
// that every answer here equals Go's.

import { newGame, Game, colorTitle, statusReason } from './rules.js';

// str reads a text argument as the WebAssembly glue does: "" unless a string.
const str = (x) => (typeof x === 'string' ? x : '');

// cells lists the pieces by square index: "wk", "bn", or "".
const cells = (p) => Array.from({ length: p.n }, (_, s) => p.at(s));

// moveOf returns a legal move of p as the board needs it (bridge.moveOf).
export function moveOf(p, m) {
  return { from: p.name(m.from), to: p.name(m.to), promo: m.promo || '', san: p.san(m), coord: p.coord(m) };
}

// statusText describes the game for the status line (bridge.StatusText).
export function statusText(g) {
  const p = g.position();
  const st = g.status();
  if (st !== 'active') {
    const w = g.winner();
    return w ? `${colorTitle(w)} wins by ${statusReason(st)}.` : `Draw by ${statusReason(st)}.`;
  }
  return `${colorTitle(p.side)} to move${p.inCheck() ? ', in check' : ''}.`;
}

export class Session {
  constructor(game) {
    this.game = game;
    // table is the mode's table once loaded; state() reports whether there is one.
    this.table = null;
  }

  // state is everything the page draws after a change (bridge.State).
  state() {
    const g = this.game;
    const p = g.position();
    const st = g.status();
    const played = g.moves();
    const k = p.king(p.side);
    const check = k >= 0 && p.inCheck() ? p.name(k) : '';
    let last = null;
    const q = g.start();
    const coords = played.map((m) => {
      last = moveOf(q, m); // SAN is read from the position before the move
      q.make(m);
      return p.coord(m);
    });
    const legal = {};
    if (st === 'active') {
      for (const m of p.legal()) (legal[p.name(m.from)] ||= []).push(moveOf(p, m));
    }
    const start = g.start();
    return {
      fen: p.fen(), code: p.code(), w: p.w, h: p.h,
      side: p.side, sideName: colorTitle(p.side), opponentName: colorTitle(p.side === 'white' ? 'black' : 'white'),
      board: cells(p),
      status: st, over: st !== 'active', winner: g.winner() || '',
      result: g.result(), reason: statusReason(st), check,
      last, san: g.sanHistory(), coords,
      cursor: played.length, length: played.length + g.redoMoves().length,
      legal, promotion: p.promotionLetters(), fullmove: p.fullmove,
      startSide: start.side, startFullmove: start.fullmove,
      table: this.table != null,
      statusText: statusText(g), bannedText: '',
      bans: false, banPhase: false, actor: p.side, banned: null, byBan: false, startBanPhase: false,
    };
  }

  // play plays a move in SAN or coordinates.
  play(text) {
    this.game.playText(str(text));
    return this.state();
  }

  // move plays from → to with an optional promotion letter.
  move(from, to, promo) {
    this.game.play(this.game.position().parseCoord(str(from) + str(to) + str(promo)));
    return this.state();
  }

  undo() {
    if (!this.game.undo()) throw new Error('no move to take back');
    return this.state();
  }

  // goto undoes or redoes until n moves are played.
  goto(n) {
    n = typeof n === 'number' ? Math.trunc(n) : 0;
    while (this.game.moves().length > n && this.game.undo());
    while (this.game.moves().length < n && this.game.redo());
    return this.state();
  }

  reset() {
    this.game = new Game(this.game.start());
    return this.state();
  }

  pgn(tags) {
    return { pgn: this.game.pgn(tags && typeof tags === 'object' ? tags : {}) };
  }

  // line parses a move line from the start position and returns its moves.
  line(text) {
    const start = this.game.start();
    return start.parseLine(str(text)).map((m) => {
      const o = moveOf(start, m);
      start.make(m);
      return o;
    });
  }

  // resolve reads a move without playing it, here or at the start.
  resolve(text, atStart = false) {
    const p = atStart ? this.game.start() : this.game.position();
    return moveOf(p, p.parseMove(str(text)));
  }
}

// load starts a session (bridge.Load).
export function load(variant, rules, position) {
  return new Session(newGame(variant, rules, position));
}

// parse checks a position for the editor (bridge.Parse).
export function parse(variant, rules, position) {
  const g = newGame(variant, rules, position);
  const p = g.position();
  const st = g.status();
  const text = `${colorTitle(p.side)} to move${st !== 'active' ? ` (${st.replaceAll('-', ' ')})` : ''}. Preset: ${p.rules.preset}.`;
  return {
    code: p.code(), fen: p.fen(), w: p.w, h: p.h, side: p.side, variant: p.rules.preset,
    board: cells(p), status: st, text,
  };
}
