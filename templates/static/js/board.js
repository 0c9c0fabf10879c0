// @ts-check
// The board: one <button data-square aria-label> per square, drawn from
// the engine's state. Moves by click-click, drag (pointer events, touch
// included) or keyboard (arrow keys move focus, Enter/Space select and
// move); legal-move dots, last-move and check highlights, a promotion
// chooser and a short move animation. How big its squares are and where
// it stands on the page is boardfit.js's.
import { $$, el, svgEl, svgPiece, announce } from './dom.js';
import { squareName, squareIndex, stepSquare, pieceName, typeName } from './squares.js';

// MARK_TITLES are the words for the marks a square's title names: the
// last move played and, under Ban Chess, the banned move (ringed, where
// the last move is filled; the ban note under the status is their key).
/** @type {Record<string, string>} */
const MARK_TITLES = { last: 'last move', banned: 'banned move', check: 'king in check' };
import { fitBoard, watchRoom } from './boardfit.js';

const PROMOTION_ORDER = ['q', 'r', 'b', 'n', 'k'];
/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * icon draws one of the sprite's icons ("x" for #i-x).
 * @param {string} name
 * @returns {SVGSVGElement}
 */
function icon(name) {
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { class: 'ic', 'aria-hidden': 'true', focusable: 'false' }));
  svg.appendChild(svgEl('use', { href: '#i-' + name }));
  return svg;
}

/**
 * squareOf is the square button an event happened in, if any.
 * @param {EventTarget | null} t
 * @returns {HTMLElement | null}
 */
function squareOf(t) {
  return t instanceof Element ? /** @type {HTMLElement | null} */ (t.closest('button[data-square]')) : null;
}

function reduceMotion() {
  return !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

/**
 * What Board's owner hears of and decides.
 * @typedef {object} BoardOptions
 * @property {(from: string, to: string, promo: string) => void} [onMove] a move the player made
 * @property {(name: string) => void} [onSquare] every square activation, instead of moves (the editor)
 * @property {() => boolean} [canMove] whether the player may move now
 * @property {() => boolean} [early] whether moves are taken before the engine is ready
 * @property {(from: string, to: string) => void} [onEarlyMove] such a move
 * @property {(text: string) => void} [onIllegal] a piece tapped or dropped on a square it cannot go to, in words
 */

/**
 * A legal move from a square, as the engine lists it.
 * @typedef {{to: string, promo?: string}} LegalMove
 */

// Board wraps the .board element. opts.onMove(from, to, promo) is called
// for a move the player made; opts.onSquare(name) instead, when set,
// receives every square activation (the editor). opts.canMove() says
// whether the player may move now.
export class Board {
  /**
   * @param {HTMLElement} elem the .board element
   * @param {BoardOptions} [opts]
   */
  constructor(elem, opts) {
    this.el = elem;
    /** @type {BoardOptions} */
    this.opts = opts || {};
    this.w = parseInt(elem.style.getPropertyValue('--w'), 10) || 1;
    this.h = parseInt(elem.style.getPropertyValue('--h'), 10) || 1;
    this.flipped = false;
    /** @type {string[]} */
    this.cells = [];
    /** @type {Record<string, LegalMove[]>} */
    this.legal = {};
    /** @type {string | null} */
    this.selected = null;
    /** @type {string | null} */
    this.focusName = null;
    /** @type {Record<string, string[]>} */
    this.marks = {};
    /** @type {Record<string, HTMLElement>} */
    this.squares = {};
    this.suppressClick = false;
    this.adopt();
    elem.addEventListener('click', (e) => this.click(e));
    elem.addEventListener('keydown', (e) => this.key(e));
    elem.addEventListener('pointerdown', (e) => this.pointerDown(e));
    elem.addEventListener('focusin', (e) => {
      const b = squareOf(e.target);
      if (b) this.setFocus(b.dataset.square, false);
    });
    watchRoom(this.el, () => this.fit());
    this.fit();
  }

  // fit sizes the squares so that the board and what a player needs
  // beside or under it show whole (fitBoard, boardfit.js).
  fit() { fitBoard(this); }

  // lying reports whether the board lies down (see fit).
  lying() { return this.el.classList.contains('lying'); }

  // adopt reads the squares rendered at build time.
  adopt() {
    this.squares = {};
    $$('button[data-square]', this.el).forEach((b) => { this.squares[b.dataset.square] = b; });
    if (!this.focusName || !this.squares[this.focusName]) {
      const first = /** @type {HTMLElement | null} */ (this.el.querySelector('button[data-square]'));
      this.focusName = first ? first.dataset.square : null;
    }
    this.updateTabStops();
  }

  // build lays out w×h squares in the current orientation.
  /**
   * @param {number} w
   * @param {number} h
   */
  build(w, h) {
    this.w = w;
    this.h = h;
    this.el.style.setProperty('--w', String(w));
    this.el.style.setProperty('--h', String(h));
    this.el.setAttribute('aria-label', 'Board, ' + w + ' by ' + h);
    this.el.textContent = '';
    for (let row = 0; row < h; row++) {
      for (let col = 0; col < w; col++) {
        const f = this.flipped ? w - 1 - col : col;
        const r = this.flipped ? row : h - 1 - row;
        const name = String.fromCharCode(97 + f) + (r + 1);
        const b = el('button', { type: 'button', class: 'sq ' + ((f + r) % 2 === 0 ? 'dark' : 'light'), 'data-square': name, 'aria-label': name + ', empty', tabindex: '-1' });
        // Coordinates are drawn by CSS from data-c, so they are not part of
        // the square's name (its aria-label says it all).
        if (col === 0) b.appendChild(el('span', { class: 'coord rank', 'aria-hidden': 'true', 'data-c': r + 1 }));
        if (row === h - 1) b.appendChild(el('span', { class: 'coord file', 'aria-hidden': 'true', 'data-c': String.fromCharCode(97 + f) }));
        this.el.appendChild(b);
      }
    }
    this.adopt();
  }

  // setCells draws pieces: cells[i] is "wk", "bn" or "" by square index.
  /**
   * @param {number} w
   * @param {number} h
   * @param {string[]} cells
   */
  setCells(w, h, cells) {
    if (w !== this.w || h !== this.h || Object.keys(this.squares).length !== w * h) {
      this.build(w, h);
      this.fit();
    }
    this.cells = cells.slice();
    for (let i = 0; i < cells.length; i++) {
      const name = squareName(w, i);
      const b = this.squares[name];
      if (!b) continue;
      const code = cells[i] || '';
      const old = b.querySelector('svg.pc');
      const oldCode = old ? b.dataset.piece : '';
      if (oldCode !== code) {
        if (old) old.remove();
        if (code) b.insertBefore(svgPiece(code), b.firstChild);
        if (code) b.dataset.piece = code; else delete b.dataset.piece;
      } else if (code && !b.dataset.piece) {
        b.dataset.piece = code;
      }
      b.setAttribute('aria-label', name + ', ' + pieceName(code));
    }
  }

  // set draws an engine state: pieces, legal moves, last move and check.
  /**
   * @param {{w: number, h: number, board: string[], legal?: Record<string, LegalMove[]>, last?: {from: string, to: string}, check?: string}} state
   * @param {boolean} [animate]
   */
  set(state, animate) {
    const prev = this.cells;
    this.setCells(state.w, state.h, state.board);
    this.legal = state.legal || {};
    this.select(null);
    this.mark('last', state.last ? [state.last.from, state.last.to] : []);
    this.mark('check', state.check ? [state.check] : []);
    if (animate && state.last && !reduceMotion() && prev.length === state.board.length) this.animate(state.last.from, state.last.to);
  }

  /**
   * piece is the piece on a square: "wk", or "" when empty.
   * @param {string} name
   * @returns {string}
   */
  piece(name) {
    return this.cells[squareIndex(this.w, name)] || '';
  }

  // mark sets a highlight class on a list of squares, clearing it elsewhere.
  /**
   * @param {string} cls
   * @param {string[]} names
   */
  mark(cls, names) {
    const old = this.marks[cls] || [];
    old.forEach((n) => { if (this.squares[n]) this.squares[n].classList.remove(cls); });
    this.marks[cls] = (names || []).filter((n) => this.squares[n]);
    this.marks[cls].forEach((n) => this.squares[n].classList.add(cls));
    if (MARK_TITLES[cls]) old.concat(this.marks[cls]).forEach((n) => this.title(n));
  }

  /**
   * title says on a square's title (a tooltip, and a description for a
   * screen reader beside its aria-label) what its marks mean: "last
   * move", "banned move".
   * @param {string} name
   */
  title(name) {
    const b = this.squares[name];
    if (!b) return;
    const words = Object.keys(MARK_TITLES).filter((c) => b.classList.contains(c)).map((c) => MARK_TITLES[c]);
    if (words.length) b.title = words.join(', '); else b.removeAttribute('title');
  }

  flip() {
    this.flipped = !this.flipped;
    const cells = this.cells, marks = this.marks, sel = this.selected;
    this.build(this.w, this.h);
    this.cells = [];
    this.setCells(this.w, this.h, cells);
    this.marks = {};
    Object.keys(marks).forEach((k) => this.mark(k, marks[k]));
    if (sel) this.select(sel);
  }

  /** @param {boolean} flipped */
  setFlipped(flipped) {
    if (this.flipped !== flipped) this.flip();
  }

  // select chooses a square and shows its legal destinations.
  /** @param {string | null} name */
  select(name) {
    this.selected = name;
    this.mark('sel', name ? [name] : []);
    const dests = [], caps = [];
    this.movesFrom(name).forEach((m) => {
      if (this.piece(m.to) && this.piece(m.to)[0] !== this.piece(name)[0]) caps.push(m.to); else dests.push(m.to);
    });
    this.mark('dot', dests);
    this.mark('cap', caps);
  }

  /**
   * @param {string | null} name
   * @returns {LegalMove[]}
   */
  movesFrom(name) {
    return (name && this.legal[name]) || [];
  }

  canMove() {
    return !this.opts.canMove || this.opts.canMove();
  }

  // activate handles a click, Enter or Space on a square.
  /** @param {string} name */
  activate(name) {
    if (this.opts.onSquare) {
      this.opts.onSquare(name);
      return;
    }
    if (this.opts.early && this.opts.early()) {
      this.earlyActivate(name);
      return;
    }
    if (!this.canMove()) return;
    if (this.selected && this.selected !== name && this.movesFrom(this.selected).some((m) => m.to === name)) {
      this.tryMove(this.selected, name);
      return;
    }
    const n = this.movesFrom(name).length;
    if (this.selected && this.selected !== name && !n) {
      const from = this.selected;
      this.select(null);
      this.illegal(from, name);
      return;
    }
    if (this.selected === name || !n) {
      this.select(null);
      return;
    }
    this.select(name);
    announce(pieceName(this.piece(name)) + ' on ' + name + ' selected, ' + n + (n === 1 ? ' move' : ' moves'));
  }

  // earlyActivate takes a move while the engine is still loading, when
  // the legal moves are not known yet: a piece, then a square; the game
  // plays it (or says it is illegal) once the engine is ready.
  /** @param {string} name */
  earlyActivate(name) {
    if (this.selected && this.selected !== name) {
      const from = this.selected;
      this.select(null);
      this.mark('pending', [from, name]);
      this.opts.onEarlyMove(from, name);
      return;
    }
    // The pieces drawn at build time stand for the engine's cells.
    if (this.selected === name || !this.squares[name] || !this.squares[name].querySelector('.pc')) {
      this.select(null);
      return;
    }
    this.select(name);
  }

  // tryMove completes a move, asking for the promotion piece if needed.
  /**
   * @param {string} from
   * @param {string} to
   */
  tryMove(from, to) {
    const moves = this.movesFrom(from).filter((m) => m.to === to);
    this.select(null);
    if (!moves.length) {
      this.illegal(from, to);
      return;
    }
    if (moves.length > 1 && moves[0].promo) {
      this.choosePromotion(to, moves.map((m) => m.promo), this.piece(from)[0]).then((p) => {
        if (p) this.opts.onMove(from, to, p);
      });
      return;
    }
    this.opts.onMove(from, to, moves[0].promo || '');
  }

  /**
   * illegal says that the piece on from cannot go to to: a tap or a drop
   * there is not a move, and is not silent.
   * @param {string} from
   * @param {string} to
   */
  illegal(from, to) {
    const text = 'The ' + typeName(this.piece(from).slice(1)) + ' on ' + from + ' cannot go to ' + to + '.';
    announce(text);
    if (this.opts.onIllegal) this.opts.onIllegal(text);
  }

  // choosePromotion shows the pieces a pawn may become; resolves to the
  // letter chosen, or '' when cancelled.
  /**
   * @param {string} to
   * @param {string[]} letters
   * @param {string} color
   * @returns {Promise<string>}
   */
  choosePromotion(to, letters, color) {
    return new Promise((resolve) => {
      const box = el('div', { class: 'promo', role: 'dialog', 'aria-label': 'Promote to' });
      const done = (v) => {
        box.remove();
        document.removeEventListener('keydown', esc, true);
        if (this.squares[to]) this.squares[to].focus();
        resolve(v);
      };
      const esc = (e) => { if (e.key === 'Escape') { e.preventDefault(); done(''); } };
      letters.sort((a, b) => PROMOTION_ORDER.indexOf(a) - PROMOTION_ORDER.indexOf(b));
      letters.forEach((l) => {
        const b = el('button', { type: 'button', 'data-promo': l, 'aria-label': 'Promote to ' + typeName(l) });
        b.appendChild(svgPiece((color || 'w') + l));
        b.addEventListener('click', (e) => { e.stopPropagation(); done(l); });
        box.appendChild(b);
      });
      const cancel = el('button', { type: 'button', class: 'promo-cancel', 'aria-label': 'Cancel promotion' });
      cancel.appendChild(icon('x'));
      cancel.addEventListener('click', (e) => { e.stopPropagation(); done(''); });
      box.appendChild(cancel);
      this.el.parentNode.appendChild(box);
      document.addEventListener('keydown', esc, true);
      box.querySelector('button').focus();
    });
  }

  /** @param {MouseEvent} e */
  click(e) {
    const b = squareOf(e.target);
    if (!b) return;
    if (this.suppressClick) { this.suppressClick = false; return; }
    this.setFocus(b.dataset.square, false);
    this.activate(b.dataset.square);
  }

  // key moves the focus with the arrows as the squares appear on screen.
  /** @param {KeyboardEvent} e */
  key(e) {
    const b = squareOf(e.target);
    if (!b) return;
    if (e.key === 'Escape') { this.select(null); return; }
    let d = ARROWS[e.key];
    if (!d) return;
    // Lying down, left and right step along the file.
    if (this.lying()) d = e.key === 'ArrowRight' ? [0, 1] : e.key === 'ArrowLeft' ? [0, -1] : [0, 0];
    e.preventDefault();
    e.stopPropagation();
    const s = this.flipped ? -1 : 1;
    this.setFocus(stepSquare(b.dataset.square, d[0] * s, d[1] * s, this.w, this.h), true);
  }

  /**
   * @param {string} name
   * @param {boolean} move
   */
  setFocus(name, move) {
    this.focusName = name;
    this.updateTabStops();
    if (move && this.squares[name]) this.squares[name].focus();
  }

  // updateTabStops keeps one square in the tab order (roving tabindex).
  updateTabStops() {
    Object.keys(this.squares).forEach((n) => {
      this.squares[n].tabIndex = n === this.focusName ? 0 : -1;
    });
  }

  /**
   * pointerDown starts a drag and drop with pointer events (mouse, pen
   * and touch).
   * @param {PointerEvent} e
   */
  pointerDown(e) {
    if (e.button !== 0 || this.opts.onSquare) return;
    const b = squareOf(e.target);
    if (!b || !this.canMove()) return;
    const name = b.dataset.square;
    const pc = /** @type {SVGSVGElement | null} */ (b.querySelector('svg.pc'));
    if (!this.movesFrom(name).length || !pc) return;
    const drag = new Drag(this, b, pc, e);
    const move = (ev) => drag.move(ev);
    const up = (ev) => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', up);
      drag.drop(ev);
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', up);
  }

  /**
   * animate slides the piece now on `to` from `from`.
   * @param {string} from
   * @param {string} to
   */
  animate(from, to) {
    const a = this.squares[from], b = this.squares[to];
    if (!a || !b) return;
    const pc = /** @type {SVGSVGElement | null} */ (b.querySelector('svg.pc'));
    if (!pc) return;
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    pc.style.transition = 'none';
    pc.style.transform = 'translate(' + (ra.left - rb.left) + 'px,' + (ra.top - rb.top) + 'px)';
    pc.getBoundingClientRect();
    pc.style.transition = 'transform 140ms ease-out';
    pc.style.transform = '';
  }
}

// Drag is one drag of the piece pc from square button b: a ghost of the
// piece follows the pointer once it has moved a few pixels.
class Drag {
  /**
   * @param {Board} board
   * @param {HTMLElement} b the square the drag starts on
   * @param {SVGSVGElement} pc its piece
   * @param {PointerEvent} e the pointerdown
   */
  constructor(board, b, pc, e) {
    this.board = board;
    this.b = b;
    this.pc = pc;
    this.name = b.dataset.square;
    this.start = { x: e.clientX, y: e.clientY };
    /** @type {SVGSVGElement | null} */
    this.ghost = null;
  }

  /** @param {PointerEvent} ev */
  move(ev) {
    if (!this.ghost) {
      if (Math.abs(ev.clientX - this.start.x) + Math.abs(ev.clientY - this.start.y) < 6) return;
      const rect = this.b.getBoundingClientRect();
      this.ghost = /** @type {SVGSVGElement} */ (this.pc.cloneNode(true));
      this.ghost.classList.add('ghost');
      this.ghost.style.width = rect.width + 'px';
      this.ghost.style.height = rect.height + 'px';
      document.body.appendChild(this.ghost);
      this.pc.classList.add('lifted');
      this.board.select(this.name);
    }
    const g = this.ghost;
    g.style.transform = 'translate(' + (ev.clientX - g.clientWidth / 2) + 'px,' + (ev.clientY - g.clientHeight / 2) + 'px)';
    ev.preventDefault();
  }

  /**
   * drop plays the move to the square under the pointer, if any.
   * @param {PointerEvent} ev
   */
  drop(ev) {
    if (!this.ghost) return;
    const board = this.board;
    this.ghost.remove();
    this.pc.classList.remove('lifted');
    board.suppressClick = true;
    setTimeout(() => { board.suppressClick = false; }, 0);
    const target = document.elementFromPoint(ev.clientX, ev.clientY);
    const to = /** @type {HTMLElement | null} */ (target && target.closest('button[data-square]'));
    if (to && to.dataset.square !== this.name && board.el.contains(to)) board.tryMove(this.name, to.dataset.square);
    else board.select(null);
  }
}
