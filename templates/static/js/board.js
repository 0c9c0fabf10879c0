// The board: one <button data-square aria-label> per square, drawn from
// the engine's state. Moves by click-click, drag (pointer events, touch
// included) or keyboard (arrow keys move focus, Enter/Space select and
// move); legal-move dots, last-move and check highlights, a promotion
// chooser and a short move animation.
import { $$, el, svgPiece, announce } from './dom.js';
import { squareName, squareIndex, stepSquare, pieceName, typeName } from './squares.js';

const PROMOTION_ORDER = ['q', 'r', 'b', 'n', 'k'];
const ARROWS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function reduceMotion() {
  return !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

// Board wraps the .board element. opts.onMove(from, to, promo) is called
// for a move the player made; opts.onSquare(name) instead, when set,
// receives every square activation (the editor). opts.canMove() says
// whether the player may move now.
export class Board {
  constructor(elem, opts) {
    this.el = elem;
    this.opts = opts || {};
    this.w = parseInt(elem.style.getPropertyValue('--w'), 10) || 1;
    this.h = parseInt(elem.style.getPropertyValue('--h'), 10) || 1;
    this.flipped = false;
    this.cells = [];
    this.legal = {};
    this.selected = null;
    this.focusName = null;
    this.marks = {};
    this.squares = {};
    this.adopt();
    elem.addEventListener('click', (e) => this.click(e));
    elem.addEventListener('keydown', (e) => this.key(e));
    elem.addEventListener('pointerdown', (e) => this.pointerDown(e));
    elem.addEventListener('focusin', (e) => {
      const b = e.target.closest('button[data-square]');
      if (b) this.setFocus(b.dataset.square, false);
    });
    window.addEventListener('resize', () => this.fit());
    this.fit();
  }

  // fit sizes the board to the window below where it starts, so that it
  // shows whole without scrolling; a one-file board too tall for that
  // lies down (rank 1 on the left) when its squares are larger so.
  fit() {
    const b = this.el;
    b.classList.remove('lying');
    b.style.removeProperty('--max-h');
    b.style.removeProperty('--lie-w');
    const top = b.getBoundingClientRect().top + window.scrollY;
    const avail = window.innerHeight - top - 12;
    if (avail < 96) return; // below the fold anyway: the CSS sizes stand
    b.style.setProperty('--max-h', avail + 'px');
    if (this.w === 1 && this.h >= 5) {
      const tall = b.getBoundingClientRect().height;
      const upright = tall / this.h;
      const width = this.roomAcross();
      const lying = Math.min(width / this.h, 88);
      // Lie down when standing does not fit or gives small squares, and
      // lying fits with squares at least as large (or standing does not).
      const stands = tall <= avail + 1;
      if ((!stands || upright < 40) && lying <= avail && (lying > upright || !stands)) {
        b.style.setProperty('--lie-w', width + 'px');
        b.classList.add('lying');
      }
    }
  }

  // roomAcross is the width a board may take: its column of the page's
  // grid (the page's width less the side panel's, side by side), else
  // its frame's.
  roomAcross() {
    const play = this.el.closest('.play');
    const frame = this.el.parentElement.getBoundingClientRect().width;
    if (!play) return frame;
    const side = play.querySelector('.side');
    const twoColumns = getComputedStyle(play).gridTemplateColumns.split(' ').length > 1;
    const gap = parseFloat(getComputedStyle(play).columnGap) || 0;
    return twoColumns && side ? play.clientWidth - side.getBoundingClientRect().width - gap : play.clientWidth;
  }

  // lying reports whether the board lies down (see fit).
  lying() { return this.el.classList.contains('lying'); }

  // adopt reads the squares rendered at build time.
  adopt() {
    this.squares = {};
    $$('button[data-square]', this.el).forEach((b) => { this.squares[b.dataset.square] = b; });
    if (!this.focusName || !this.squares[this.focusName]) {
      const first = this.el.querySelector('button[data-square]');
      this.focusName = first ? first.dataset.square : null;
    }
    this.updateTabStops();
  }

  // build lays out w×h squares in the current orientation.
  build(w, h) {
    this.w = w;
    this.h = h;
    this.el.style.setProperty('--w', w);
    this.el.style.setProperty('--h', h);
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
  set(state, animate) {
    const prev = this.cells;
    this.setCells(state.w, state.h, state.board);
    this.legal = state.legal || {};
    this.select(null);
    this.mark('last', state.last ? [state.last.from, state.last.to] : []);
    this.mark('check', state.check ? [state.check] : []);
    if (animate && state.last && !reduceMotion() && prev.length === state.board.length) this.animate(state.last.from, state.last.to);
  }

  piece(name) {
    return this.cells[squareIndex(this.w, name)] || '';
  }

  // mark sets a highlight class on a list of squares, clearing it elsewhere.
  mark(cls, names) {
    (this.marks[cls] || []).forEach((n) => { if (this.squares[n]) this.squares[n].classList.remove(cls); });
    this.marks[cls] = (names || []).filter((n) => this.squares[n]);
    this.marks[cls].forEach((n) => this.squares[n].classList.add(cls));
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

  setFlipped(flipped) {
    if (this.flipped !== flipped) this.flip();
  }

  // select chooses a square and shows its legal destinations.
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

  movesFrom(name) {
    return (name && this.legal[name]) || [];
  }

  canMove() {
    return !this.opts.canMove || this.opts.canMove();
  }

  // activate handles a click, Enter or Space on a square.
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
  tryMove(from, to) {
    const moves = this.movesFrom(from).filter((m) => m.to === to);
    this.select(null);
    if (!moves.length) return;
    if (moves.length > 1 && moves[0].promo) {
      this.choosePromotion(to, moves.map((m) => m.promo), this.piece(from)[0]).then((p) => {
        if (p) this.opts.onMove(from, to, p);
      });
      return;
    }
    this.opts.onMove(from, to, moves[0].promo || '');
  }

  // choosePromotion shows the pieces a pawn may become; resolves to the
  // letter chosen, or '' when cancelled.
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
      const cancel = el('button', { type: 'button', class: 'promo-cancel', 'aria-label': 'Cancel promotion' }, '✕');
      cancel.addEventListener('click', (e) => { e.stopPropagation(); done(''); });
      box.appendChild(cancel);
      this.el.parentNode.appendChild(box);
      document.addEventListener('keydown', esc, true);
      box.querySelector('button').focus();
    });
  }

  click(e) {
    const b = e.target.closest('button[data-square]');
    if (!b) return;
    if (this.suppressClick) { this.suppressClick = false; return; }
    this.setFocus(b.dataset.square, false);
    this.activate(b.dataset.square);
  }

  // key moves the focus with the arrows as the squares appear on screen.
  key(e) {
    const b = e.target.closest('button[data-square]');
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

  // pointerDown starts a drag and drop with pointer events (mouse, pen
  // and touch).
  pointerDown(e) {
    if (e.button !== 0 || this.opts.onSquare) return;
    const b = e.target.closest('button[data-square]');
    if (!b || !this.canMove()) return;
    const name = b.dataset.square;
    const pc = b.querySelector('svg.pc');
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

  // animate slides the piece now on `to` from `from`.
  animate(from, to) {
    const a = this.squares[from], b = this.squares[to];
    if (!a || !b) return;
    const pc = b.querySelector('svg.pc');
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
  constructor(board, b, pc, e) {
    this.board = board;
    this.b = b;
    this.pc = pc;
    this.name = b.dataset.square;
    this.start = { x: e.clientX, y: e.clientY };
    this.ghost = null;
  }

  move(ev) {
    if (!this.ghost) {
      if (Math.abs(ev.clientX - this.start.x) + Math.abs(ev.clientY - this.start.y) < 6) return;
      const rect = this.b.getBoundingClientRect();
      this.ghost = this.pc.cloneNode(true);
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

  // drop plays the move to the square under the pointer, if any.
  drop(ev) {
    if (!this.ghost) return;
    const board = this.board;
    this.ghost.remove();
    this.pc.classList.remove('lifted');
    board.suppressClick = true;
    setTimeout(() => { board.suppressClick = false; }, 0);
    const target = document.elementFromPoint(ev.clientX, ev.clientY);
    const to = target && target.closest && target.closest('button[data-square]');
    if (to && to.dataset.square !== this.name && board.el.contains(to)) board.tryMove(this.name, to.dataset.square);
    else board.select(null);
  }
}
