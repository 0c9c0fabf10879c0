// @ts-check
// The editor: a board of cells it changes itself, a palette, the size,
// side and preset, a position box, share links and exact solving in a
// worker of its own (with progress and cancel). It asks the engine to
// read every position it shows.
import './prefs.js';
import { $, $$, el, copyText, announce, markReady, onPage } from './dom.js';
import { Engine, engine } from './engine.js';
import { Board } from './board.js';
import { squareName, squareIndex, pieceName } from './squares.js';
import { positionCode, resizeCells } from './position.js';

/**
 * A position as the engine read it ('parse').
 * @typedef {{code: string, fen: string, text: string, w: number, h: number, board: string[], side: string}} ParsedPosition
 */

/**
 * An exact solve's answer ('solve').
 * @typedef {{summary: string, methodText: string, pv?: string[], pvText?: string}} SolveAnswer
 */

/**
 * The position edited: size, cells (a piece code or ''), side ("w" or
 * "b"), preset and the text the engine last read.
 * @typedef {{w: number, h: number, cells: string[], side: string, variant: string, text: string}} EditedPosition
 */

/** Editor is the editor page's controller (TC.page). */
export class Editor {
  constructor() {
    this.board = new Board($('#board'), { onSquare: (name) => this.place(name) });
    this.engine = engine();
    /** @type {EditedPosition} */
    this.ed = { w: this.board.w, h: this.board.h, cells: [], side: 'w', variant: '', text: '' };
    // tool is the palette's piece ("wk"), or "x" for the eraser.
    this.tool = 'wk';
    /** @type {Engine|null} */
    this.solver = null;
    this.errorEl = $('#ed-error');
    this.status = $('#status');
    this.analysis = $('#analysis');
    /** @type {HTMLProgressElement} */
    this.progress = $('#solve-progress');
    this.solveBtn = $('[data-action="solve"]');
    this.cancelBtn = $('[data-action="cancel"]');
  }

  /**
   * showError shows an error under the board, or hides it (no text).
   * @param {string} [text]
   */
  showError(text) {
    this.errorEl.textContent = text || '';
    this.errorEl.hidden = !text;
  }

  /** @returns {string} the position code of the position edited */
  code() {
    const ed = this.ed;
    return positionCode(ed.cells, ed.w, ed.h, ed.side);
  }

  // syncForm sets the size, side and preset fields to the position.
  syncForm() {
    $('#ed-width').value = String(this.ed.w);
    $('#ed-height').value = String(this.ed.h);
    $('#ed-side').value = this.ed.side;
    $('#ed-variant').value = this.ed.variant;
  }

  // draw shows the position edited on the board.
  draw() {
    this.board.setCells(this.ed.w, this.ed.h, this.ed.cells);
  }

  /**
   * check asks the engine to read the position and shows code and FEN.
   * @param {string} text a position code or FEN
   * @returns {Promise<ParsedPosition>}
   */
  check(text) {
    return this.engine.call('parse', this.ed.variant, {}, text).then((p) => {
      this.showError('');
      this.ed.text = text;
      $('#ed-code').textContent = p.code;
      $('#ed-fen').textContent = p.fen;
      $('#ed-share').setAttribute('href', '?pos=' + encodeURIComponent(p.code));
      this.status.textContent = p.text;
      return p;
    });
  }

  // edited redraws after a change and checks the new position.
  edited() {
    this.draw();
    this.analysis.textContent = '';
    this.check(this.code()).then((p) => {
      history.replaceState(null, '', '?pos=' + encodeURIComponent(p.code));
    }, (e) => {
      this.showError(e.message);
      $('#ed-code').textContent = this.code();
      $('#ed-fen').textContent = '';
      this.status.textContent = 'This position cannot be played yet.';
    });
  }

  /**
   * load reads a typed or linked position; on an error nothing changes.
   * @param {string} text
   * @returns {Promise<ParsedPosition>}
   */
  load(text) {
    return this.engine.call('parse', this.ed.variant, {}, text).then((p) => {
      Object.assign(this.ed, { w: p.w, h: p.h, cells: p.board.slice(), side: p.side === 'white' ? 'w' : 'b' });
      this.syncForm();
      this.draw();
      this.analysis.textContent = '';
      return this.check(text);
    });
  }

  /**
   * place puts the palette's piece on a square, or empties it (the
   * eraser, or the same piece again).
   * @param {string} name the square ("a1")
   */
  place(name) {
    const ed = this.ed;
    const i = squareIndex(ed.w, name);
    ed.cells[i] = this.tool === 'x' || ed.cells[i] === this.tool ? '' : this.tool;
    this.edited();
    announce(name + ', ' + pieceName(ed.cells[i]));
  }

  /**
   * resize changes the board's size, keeping what still fits.
   * @param {number} w
   * @param {number} h
   */
  resize(w, h) {
    Object.assign(this.ed, resizeCells(this.ed.cells, this.ed.w, this.ed.h, w, h));
    this.edited();
  }

  // bindPalette makes the palette's buttons choose the tool.
  bindPalette() {
    const buttons = $$('#palette [data-piece]');
    buttons.forEach((b) => {
      b.addEventListener('click', () => {
        this.tool = b.dataset.piece;
        buttons.forEach((o) => o.setAttribute('aria-pressed', o === b ? 'true' : 'false'));
      });
      if (b.dataset.piece === this.tool) b.setAttribute('aria-pressed', 'true');
    });
  }

  // bindForm wires the size, side and preset fields, clear, flip and
  // the position box.
  bindForm() {
    const ed = this.ed;
    $('#ed-width').addEventListener('change', (e) => this.resize(parseInt(e.target.value, 10) || 1, ed.h));
    $('#ed-height').addEventListener('change', (e) => this.resize(ed.w, parseInt(e.target.value, 10) || 1));
    $('#ed-side').addEventListener('change', (e) => { ed.side = e.target.value; this.edited(); });
    $('#ed-variant').addEventListener('change', (e) => { ed.variant = e.target.value; this.edited(); });
    $('[data-action="clear"]').addEventListener('click', () => { ed.cells = new Array(ed.w * ed.h).fill(''); this.edited(); });
    $('[data-action="flip"]').addEventListener('click', () => this.board.flip());
    $('#pos-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.load($('#pos-input').value.trim()).then((p) => {
        history.replaceState(null, '', '?pos=' + encodeURIComponent(p.code));
      }, (e2) => this.showError(e2.message));
    });
  }

  // bindCopy wires the copy buttons of the code, the FEN and the link.
  bindCopy() {
    const msg = $('#copy-msg');
    const copy = (what, text) => {
      copyText(text).then(() => { msg.textContent = what + ' copied.'; }, (e) => { msg.textContent = 'Could not copy: ' + e.message; });
    };
    $('[data-action="copy-code"]').addEventListener('click', () => copy('Code', $('#ed-code').textContent));
    $('[data-action="copy-fen"]').addEventListener('click', () => copy('FEN', $('#ed-fen').textContent));
    $('[data-action="copy-link"]').addEventListener('click', () => copy('Link', $('#ed-share').href));
  }

  /**
   * solving switches the solve and cancel buttons and the progress bar.
   * @param {boolean} on
   */
  solving(on) {
    this.solveBtn.disabled = on;
    this.cancelBtn.disabled = !on;
    this.progress.hidden = !on;
    if (!on) this.progress.removeAttribute('value');
  }

  // solve solves the position exactly in a worker of its own, which
  // cancel can stop; an answer from a cancelled worker is dropped.
  solve() {
    const text = this.ed.text || this.code();
    this.solver = this.solver || new Engine();
    const mine = this.solver;
    this.solving(true);
    this.progress.removeAttribute('value');
    this.analysis.textContent = '';
    this.status.textContent = 'Solving…';
    const progress = (p) => {
      if (p.total) { this.progress.max = p.total; this.progress.value = p.done; }
      this.status.textContent = 'Solving… ' + (p.text || '');
    };
    mine.call('solve', this.ed.variant, {}, text, 0, 3000, { progress: progress }).then((a) => {
      if (this.solver !== mine) return;
      this.solving(false);
      this.status.textContent = 'Solved.';
      this.showSolution(a);
    }, (e) => {
      if (this.solver !== mine) return;
      this.solving(false);
      this.status.textContent = 'Not solved.';
      this.showError(e.message);
    });
  }

  /**
   * showSolution shows a solve's answer and announces it.
   * @param {SolveAnswer} a
   */
  showSolution(a) {
    const out = this.analysis;
    out.textContent = '';
    out.appendChild(el('p', { class: 'value', id: 'solve-value' }, a.summary));
    out.appendChild(el('p', null, 'Method: ' + a.methodText));
    if (a.pv && a.pv.length) out.appendChild(el('p', null, 'Principal variation: ' + a.pvText));
    announce(a.summary);
  }

  // cancel stops the solve under way.
  cancel() {
    if (!this.solver) return;
    this.solver.terminate();
    this.solver = null;
    this.solving(false);
    this.status.textContent = 'Solving cancelled.';
  }

  // start opens on ?pos= when given (a bad one leaves the position the
  // page was built with) and wires the controls.
  start() {
    this.bindPalette();
    this.bindForm();
    this.bindCopy();
    this.solveBtn.addEventListener('click', () => this.solve());
    this.cancelBtn.addEventListener('click', () => this.cancel());
    const ed = this.ed;
    ed.cells = [];
    for (let i = 0; i < ed.w * ed.h; i++) {
      const b = this.board.squares[squareName(ed.w, i)];
      ed.cells.push((b && b.dataset.piece) || '');
    }
    const pos = new URLSearchParams(location.search).get('pos');
    const first = pos != null ? this.load(pos).catch((e) => this.check(this.code()).then(() => {
      this.showError('The position in the link cannot be read: ' + e.message);
    })) : this.check(this.code());
    first.then(markReady, (e) => this.showError(e.message));
  }
}

onPage('editor', () => {
  const ed = new Editor();
  ed.start();
  return ed;
});
