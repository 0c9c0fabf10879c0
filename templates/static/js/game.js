// @ts-check
// A game on a mode page: the board, the engine worker, the controls, the
// move list, the opponent (two players, or the computer playing from the
// mode's table or the alpha-beta searcher, with its think time and a
// Stop while it thinks) and the status line.
import { $, $$, el, sleep, url, announce, copyText, markReady } from './dom.js';
import { engineFor } from './engine.js';
import { Board } from './board.js';
import { sound } from './prefs.js';
import { isBanAction, undoTarget, redoTarget, moveRows } from './moves.js';
import { savedLevel, saveLevel, levelText, progressText } from './levels.js';

// The searcher's time for Best move and Solve, in ms.
export const ANALYSE_MS = 3000;
// The pause before the computer answers, so a move can be seen.
const REPLY_PAUSE = 250;

// Game drives one board. opts: data (the mode data), root (the page
// element holding the controls), engine, onState(state, moved),
// onUserMove(from, to, promo) → bool (return true to handle the move
// yourself), onUserText(text) → promise, canMove() and
// blockControls(action) → bool (return true to refuse a control).
/**
 * @typedef {object} GameOptions
 * @property {any} data the mode data
 * @property {ParentNode} [root]
 * @property {EngineClient} [engine]
 * @property {(s: any, moved: boolean) => void} [onState]
 * @property {(from: string, to: string, promo?: string) => boolean} [onUserMove]
 * @property {(text: string) => Promise<any>} [onUserText]
 * @property {() => boolean} [canMove]
 * @property {(action: string) => boolean} [blockControls]
 * @property {(text: string) => void} [onIllegal] a tap on a square the piece cannot go to, in words (else the move error line says it)
 */

export class Game {
  /** @param {GameOptions} opts */
  constructor(opts) {
    this.opts = opts;
    this.data = opts.data;
    this.root = opts.root || document;
    this.engine = engineFor(this.data, opts.engine);
    this.id = 0;
    this.state = null;
    this.human = this.data.puzzle ? this.data.puzzle.side : 'white';
    this.opponent = this.data.opponent || 'perfect';
    this.level = savedLevel();
    this._busy = false;
    this.gen = 0;
    this.tableReady = Promise.resolve(false);
    this.statusEl = $('#status', this.root);
    this.movesEl = $('#moves', this.root);
    this.errorEl = $('#move-error', this.root);
    this.analysisEl = $('#analysis', this.root);
    this.thinkEl = $('#think', this.root);
    this.thinkText = $('#think-text', this.root);
    this.board = new Board($('#board', this.root), {
      onMove: (from, to, promo) => this.userMove(from, to, promo),
      onIllegal: (text) => (this.opts.onIllegal ? this.opts.onIllegal(text) : this.showError(text)),
      canMove: () => this.canMove(),
      // Before the engine is ready a move is kept, not lost.
      early: () => !this.id && !this.state,
      onEarlyMove: (from, to) => {
        this.early = { from, to };
        this.setStatus('Loading the engine… your move ' + from + '–' + to + ' will be played as soon as it is ready.');
      },
    });
  }

  /** busy: the computer is thinking; the board's data-busy shows it. */
  get busy() { return this._busy; }
  set busy(b) {
    this._busy = b;
    if (this.board) this.board.el.dataset.busy = b ? 'true' : 'false';
  }

  start() {
    return this.load(this.data);
  }

  // load starts a new game of a mode (its data), loading its table.
  load(data) {
    this.cancelPending();
    this.data = data;
    const g = data.game || {};
    const old = this.id;
    this.id = 0;
    this.tableLoaded = false;
    if (old) this.engine.call('free', old).catch(() => {});
    this.engine = engineFor(data, this.opts.engine);
    // The board says what it plays: the variant and the engine behind it
    // (LocalEngine: the page's rules and table; HybridEngine: the page's
    // rules with the WebAssembly searcher; Engine: the worker alone).
    const d = this.board.el.dataset;
    d.variant = g.variant || data.variant || '';
    d.engine = this.engine.constructor.name;
    d.table = data.table ? 'loading' : 'none';
    this.setStatus('Loading…');
    this.clearAnalysis();
    this.showError('');
    return this.engine.call('load', g.variant || data.variant || '', g.rules || {}, g.start || data.start).then((r) => {
      this.id = r.id;
      this.tableReady = data.table ? this.fetchTable(data.table) : Promise.resolve(false);
      this.setState(r.state, false);
      this.bindControls();
      markReady();
      this.playEarlyMove();
      this.maybeReply();
      return r.state;
    }, (err) => {
      this.setStatus('The engine could not start: ' + err.message);
      throw err;
    });
  }

  // playEarlyMove plays the move made while the engine was loading, when
  // it is legal and the player's to make (promoting to a queen).
  playEarlyMove() {
    const m = this.early;
    this.early = null;
    this.board.mark('pending', []);
    if (!m) return;
    const moves = this.board.movesFrom(m.from).filter((x) => x.to === m.to);
    if (!moves.length || !this.canMove()) {
      this.showError('The move ' + m.from + '–' + m.to + ' made while the engine was loading is not legal here.');
      return;
    }
    const promo = moves.length > 1 ? (moves.find((x) => x.promo === 'q') || moves[0]).promo : moves[0].promo;
    this.userMove(m.from, m.to, promo);
  }

  // fetchTable loads the mode's table into the engine; the promise says
  // whether it loaded (the computer searches without it).
  fetchTable(table) {
    return this.engine.call('fetchTable', this.id, url(table)).then(() => {
      this.tableLoaded = true;
      this.board.el.dataset.table = 'loaded';
      return true;
    }, (err) => {
      this.board.el.dataset.table = 'failed';
      // Offline, a table not kept is said in words, once.
      const offline = navigator.onLine === false || /Failed to fetch|NetworkError|Load failed/.test(err.message);
      this.showError(offline ? 'You are offline, and this position’s table is not saved on this device: the computer searches instead of reading it.'
        : 'Could not load the table: ' + err.message + '. The computer searches instead.');
      return false;
    });
  }

  setStatus(text) {
    if (this.statusEl) this.statusEl.textContent = text;
  }

  showError(text) {
    if (!this.errorEl) return;
    this.errorEl.textContent = text || '';
    this.errorEl.hidden = !text;
  }

  // isComputerTurn: the computer acts (under bans the actor is the
  // banner in a ban phase).
  isComputerTurn() {
    return this.state && !this.state.over && this.opponent !== 'human' && (this.state.actor || this.state.side) !== this.human;
  }

  canMove() {
    if (!this.state || this.busy || this.state.over) return false;
    if (this.opts.canMove && !this.opts.canMove()) return false;
    return !this.isComputerTurn();
  }

  // setState draws a new state; moved says a move was just played.
  setState(s, moved) {
    const prev = this.state;
    this.state = s;
    this.showPosition(s);
    const banned = moved && s.cursor > 0 && isBanAction(s, s.cursor - 1);
    this.board.set(s, moved && !banned);
    this.renderMoves();
    this.setStatus(s.statusText);
    this.renderBan();
    this.updateButtons();
    if (banned) {
      if (s.over) sound.play('end');
      announce(s.statusText); // it names the ban: "White to move; Black banned Ra4."
    } else if (moved && s.last) {
      const capture = s.last.san.indexOf('x') >= 0 || (prev && prev.board.filter(Boolean).length > s.board.filter(Boolean).length);
      sound.play(s.over ? 'end' : capture ? 'capture' : 'move');
      announce(s.opponentName + ' played ' + s.last.san + '. ' + s.statusText);
    }
    if (this.opts.onState) this.opts.onState(s, moved);
  }

  /**
   * showPosition tells what the board shows on its data-* attributes,
   * for tests and style: data-fen, data-ply (the moves made), data-turn
   * (the side to act), data-phase (ban or move), data-over (how the game
   * ended, else empty) and data-winner.
   * @param {SessionState} s the engine's state
   */
  showPosition(s) {
    const d = this.board.el.dataset;
    d.fen = s.fen;
    d.ply = String(s.cursor);
    d.turn = s.bans && s.actor ? s.actor : s.side;
    d.phase = s.banPhase ? 'ban' : 'move';
    d.over = s.over ? s.status || 'over' : '';
    d.winner = s.winner || '';
  }

  updateButtons() {
    const s = this.state;
    const set = (action, disabled) => {
      $$('[data-action="' + action + '"]', this.root).forEach((b) => { b.disabled = disabled; });
    };
    set('undo', !s || s.cursor === 0);
    set('redo', !s || s.cursor >= s.length);
    const you = $('#you-play', this.root);
    if (you) you.textContent = this.opponent === 'human' ? 'Both sides on this device.' : 'You play ' + this.human + '.';
  }

  // renderBan shows the banned move: its squares ringed on the board
  // and, under the status line, their key. The status names the ban
  // ("White to move; Black banned Nxa6."), once: the note says what the
  // marks mean and what the ban does, and names no move again.
  renderBan() {
    const s = this.state;
    const b = s && s.banned;
    this.board.mark('banned', b ? [b.from, b.to] : []);
    this.board.el.dataset.banned = b ? b.from + b.to : '';
    if (!s || !s.bans) return;
    if (!this.banEl && this.statusEl) {
      this.banEl = el('p', { id: 'ban-note', class: 'ban-note' });
      this.statusEl.parentNode.insertBefore(this.banEl, this.statusEl.nextSibling);
    }
    if (!this.banEl) return;
    this.banEl.textContent = b ? banNote(s) : '';
    this.banEl.hidden = !b;
  }

  // renderMoves writes the move list, each move a button that goes to
  // the position after it.
  renderMoves() {
    const list = this.movesEl;
    if (!list) return;
    list.textContent = '';
    moveRows(this.state).forEach((row) => {
      const li = el('li');
      li.appendChild(el('span', { class: 'num' }, row.num));
      row.moves.forEach((m) => {
        const b = el('button', { type: 'button', class: 'mv' + (m.ban ? ' ban' : '') + (m.current ? ' current' : ''), 'aria-label': m.label, 'data-coord': m.coord, 'data-ply': m.ply }, m.text);
        b.addEventListener('click', () => this.gotoPly(m.ply));
        li.appendChild(b);
      });
      list.appendChild(li);
    });
  }

  /**
   * run draws the state an engine call answers, unless the game moved on
   * meanwhile, and shows its error.
   * @param {Promise<SessionState>} promise
   * @param {boolean} moved
   * @returns {Promise<SessionState>}
   */
  run(promise, moved) {
    const gen = this.gen;
    return promise.then((s) => {
      if (gen !== this.gen) return s;
      this.showError('');
      this.setState(s, moved);
      return s;
    }, (err) => {
      this.showError(err.message);
      throw err;
    });
  }

  // userMove plays the player's move, then lets the computer answer.
  userMove(from, to, promo) {
    if (this.opts.onUserMove && this.opts.onUserMove(from, to, promo)) return;
    this.run(this.engine.call('move', this.id, from, to, promo || ''), true).then(() => this.maybeReply(), () => {});
  }

  // maybeReply asks the computer for a move when it is its turn. A
  // searching computer shows its progress, and Stop makes it play the
  // best move found so far.
  maybeReply() {
    if (!this.isComputerTurn() || this.busy) return Promise.resolve();
    const gen = this.gen;
    this.busy = true;
    const side = this.state.side;
    this.setStatus(this.state.sideName + ' is thinking…');
    let t0 = 0;
    return Promise.all([this.tableReady, sleep(REPLY_PAUSE)]).then(() => {
      if (gen !== this.gen) return null;
      if (this.searches()) this.showThinking(this.state.sideName + ' is thinking…');
      t0 = performance.now();
      const progress = (/** @type {SearchProgress} */ p) => { if (gen === this.gen) this.showThinking(progressText(p, side)); };
      return this.engine.call('reply', this.id, this.opponent, this.level, Math.floor(Math.random() * 1e9), { progress });
    }).then((r) => {
      this.busy = false;
      if (gen === this.gen) this.showThinking('');
      if (!r || gen !== this.gen) return;
      this.lastReplyMs = performance.now() - t0;
      this.board.el.dataset.replyMs = String(Math.round(this.lastReplyMs));
      this.noteTime(this.lastReplyMs);
      this.setState(r.state, true);
      // Under bans the computer may act twice in a row (its move, then
      // its ban of the player's next move).
      this.maybeReply();
    }, (err) => {
      this.busy = false;
      this.showThinking('');
      this.showError(err.message);
      this.setStatus(this.state.statusText);
    });
  }

  // searches reports whether the computer searches (no exact table
  // answers, and it does not play at random), so that thinking takes
  // time worth showing.
  searches() {
    return !this.data.table && !(this.state && this.state.bans) && this.opponent !== 'random';
  }

  /**
   * showThinking shows what the searcher has found so far, with Stop;
   * empty text hides it.
   * @param {string} text
   */
  showThinking(text) {
    if (!this.thinkEl) return;
    this.thinkEl.hidden = !text;
    if (this.thinkText) this.thinkText.textContent = text;
  }

  /**
   * noteTime keeps how long the last engine call of the computer took,
   * in ms, on the thinking line (data-ms): what its budget is held to.
   * @param {number} ms
   */
  noteTime(ms) {
    if (this.thinkEl) this.thinkEl.dataset.ms = String(Math.round(ms));
  }

  // stop ends the search running: a reply plays, and an analysis shows,
  // the best move found so far.
  stop() {
    this.stopped = true;
    if (this.engine.stop) this.engine.stop();
  }

  // playText plays a typed move in SAN or coordinates.
  playText(text) {
    if (!this.canMove()) return Promise.reject(new Error(this.state && this.state.over ? 'The game is over.' : 'Wait for your turn.'));
    if (this.opts.onUserText) return this.opts.onUserText(text);
    return this.run(this.engine.call('play', this.id, text), true).then(() => { this.maybeReply(); });
  }

  cancelPending() {
    // A search whose answer will be dropped stops now, so the engine is
    // free for the next one.
    if (this.busy) this.stop();
    this.gen++;
    this.busy = false;
    this.showThinking('');
  }

  undo() {
    const s = this.state;
    if (!s || s.cursor === 0) return;
    this.cancelPending();
    const target = undoTarget(s, this.human, this.opponent !== 'human');
    if (target !== s.cursor) this.gotoPly(target);
  }

  redo() {
    const s = this.state;
    if (!s || s.cursor >= s.length) return;
    this.gotoPly(redoTarget(s, this.human, this.opponent !== 'human'));
  }

  gotoPly(n) {
    this.cancelPending();
    return this.run(this.engine.call('goto', this.id, n), false).then((s) => {
      announce('After ' + s.cursor + (s.cursor === 1 ? ' move. ' : ' moves. ') + s.statusText);
      return s;
    });
  }

  reset() {
    this.cancelPending();
    this.clearAnalysis();
    return this.run(this.engine.call('reset', this.id), false).then((s) => {
      announce('New game. ' + s.statusText);
      this.maybeReply();
      return s;
    });
  }

  swap() {
    this.human = this.human === 'white' ? 'black' : 'white';
    this.board.setFlipped(this.human === 'black');
    this.updateButtons();
    announce('You now play ' + this.human + '.');
    this.maybeReply();
  }

  clearAnalysis() {
    if (this.analysisEl) this.analysisEl.textContent = '';
    this.board.mark('best', []);
  }

  // analyse asks the engine for the value, distance and best moves of the
  // current position (the table when loaded, else mate search, else the
  // searcher).
  analyse() {
    const gen = this.gen;
    const side = this.state.side;
    const progress = (/** @type {SearchProgress} */ p) => { if (gen === this.gen) this.showThinking(progressText(p, side)); };
    return this.tableReady.then(() => {
      if (this.searches()) this.showThinking('Looking for the best move…');
      this.stopped = false;
      const t0 = performance.now();
      return this.engine.call('analyse', this.id, ANALYSE_MS, { progress }).then((a) => {
        this.lastAnalyseMs = performance.now() - t0;
        this.noteTime(this.lastAnalyseMs);
        this.showThinking('');
        return a;
      }, (err) => {
        this.showThinking('');
        throw err;
      });
    });
  }

  // analysisFailed shows an analysis's error and restores the status.
  analysisFailed(err) {
    this.showError(err.message);
    this.setStatus(this.state.statusText);
  }

  best() {
    if (!this.state || this.state.over) return;
    this.setStatus('Looking for the best move…');
    this.analyse().then((a) => {
      this.setStatus(this.state.statusText);
      const m = a.bestMoves && a.bestMoves[0];
      if (!m) { this.showAnalysis(['No move to suggest.']); return; }
      this.board.mark('best', [m.from, m.to]);
      const all = a.bestMoves.map((x) => x.san).join(', ');
      const text = 'Best move: ' + m.san + (a.bestMoves.length > 1 ? ' (all best: ' + all + ')' : '') + ' — ' + a.summary + (this.stopped ? ' (Stopped: the best move found so far.)' : '');
      this.showAnalysis([text]);
      announce(text);
    }, (err) => this.analysisFailed(err));
  }

  solve() {
    if (!this.state) return;
    this.setStatus('Solving…');
    this.analyse().then((a) => {
      const s = this.state;
      this.setStatus(s.statusText);
      const lines = [a.summary, 'Method: ' + a.methodText];
      // Numbered by the engine, under bans each ban before its move (engine.NumberActions).
      if (a.pv && a.pv.length) lines.push('Principal variation: ' + a.pvText);
      this.showAnalysis(lines);
      announce(a.summary);
    }, (err) => this.analysisFailed(err));
  }

  showAnalysis(lines) {
    if (!this.analysisEl) return;
    this.analysisEl.textContent = '';
    lines.forEach((l, i) => this.analysisEl.appendChild(el('p', { class: i === 0 ? 'value' : '' }, l)));
  }

  copyPGN() {
    const msg = $('#pgn-msg', this.root);
    const tags = { Event: this.data.title || 'thinchess', Site: location.href.split('?')[0] };
    this.engine.call('pgn', this.id, tags).then((r) => copyText(r.pgn)).then(() => {
      if (msg) msg.textContent = 'PGN copied.';
    }, (err) => {
      if (msg) msg.textContent = 'Could not copy: ' + err.message;
    });
  }

  // bindControls wires the buttons, the opponent menu, the move box and
  // the ←/→ keys, once.
  bindControls() {
    if (this.bound) return;
    this.bound = true;
    this.bindButtons();
    const sel = /** @type {HTMLSelectElement} */ ($('#opponent', this.root));
    if (sel) {
      sel.value = this.opponent;
      sel.addEventListener('change', () => {
        this.opponent = sel.value;
        this.updateButtons();
        this.maybeReply();
      });
    }
    this.bindLevel();
    const form = $('#move-form', this.root);
    if (form) {
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        const input = $('#move-input', form);
        const text = input.value.trim();
        if (!text) return;
        this.playText(text).then(() => { input.value = ''; }, (err) => this.showError(err.message));
      });
    }
    document.addEventListener('keydown', (e) => this.arrowKey(e));
  }

  // bindLevel wires the think-time menu: the choice is kept on the
  // device and named in the searching opponents' labels.
  bindLevel() {
    const level = /** @type {HTMLSelectElement} */ ($('#level', this.root));
    if (!level) return;
    const label = () => {
      $$('#opponent option[data-label]', this.root).forEach((o) => {
        o.textContent = o.dataset.label.replace('{level}', levelText(this.level));
      });
    };
    level.value = String(this.level);
    label();
    level.addEventListener('change', () => {
      this.level = Number(level.value);
      saveLevel(this.level);
      label();
    });
  }

  // bindButtons wires the game's buttons by their data-action; in a
  // puzzle's box only Undo and Flip are the game's.
  bindButtons() {
    const actions = {
      undo: () => this.undo(),
      redo: () => this.redo(),
      reset: () => this.reset(),
      flip: () => this.board.flip(),
      swap: () => this.swap(),
      best: () => this.best(),
      solve: () => this.solve(),
      pgn: () => this.copyPGN(),
      stop: () => this.stop(),
    };
    Object.keys(actions).forEach((a) => {
      $$('[data-action="' + a + '"]', this.root).forEach((b) => {
        if (b.closest('#puzzle') && a !== 'undo' && a !== 'flip') return;
        b.addEventListener('click', () => { if (!this.opts.blockControls || !this.opts.blockControls(a)) actions[a](); });
      });
    });
  }

  // arrowKey steps through the line with ← and →, outside fields and
  // the board.
  arrowKey(e) {
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (t && t.closest && t.closest('#board')) return;
    if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && this.opts.blockControls && this.opts.blockControls('nav')) return;
    const s = this.state;
    if (e.key === 'ArrowLeft' && s && s.cursor > 0) { e.preventDefault(); this.gotoPly(s.cursor - 1); }
    if (e.key === 'ArrowRight' && s && s.cursor < s.length) { e.preventDefault(); this.gotoPly(s.cursor + 1); }
  }
}

/**
 * banNote is the key under the status line while a ban is in force:
 * what the ringed squares and the filled ones mean.
 * @param {{sideName: string, last?: any}} s
 * @returns {string}
 */
export function banNote(s) {
  return 'Ringed in red: the banned move, which ' + s.sideName + ' may not play now.' + (s.last ? ' Filled: the last move played.' : '');
}
