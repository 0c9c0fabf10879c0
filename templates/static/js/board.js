// The board: one <button data-square aria-label> per square, drawn from
// the engine's state. Moves by click-click, drag (pointer events, touch
// included) or keyboard (arrow keys move focus, Enter/Space select and
// move); legal-move dots, last-move and check highlights, a promotion
// chooser and a short move animation.
(function (TC) {
  'use strict';

  var reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  // Board wraps the .board element. opts.onMove(from, to, promo) is called
  // for a move the player made; opts.onSquare(name) instead, when set,
  // receives every square activation (the editor). opts.canMove() says
  // whether the player may move now.
  function Board(el, opts) {
    this.el = el;
    this.opts = opts || {};
    this.w = parseInt(el.style.getPropertyValue('--w'), 10) || 1;
    this.h = parseInt(el.style.getPropertyValue('--h'), 10) || 1;
    this.flipped = false;
    this.cells = [];
    this.legal = {};
    this.selected = null;
    this.focusName = null;
    this.marks = {};
    this.drag = null;
    this.squares = {};
    this.adopt();
    var self = this;
    el.addEventListener('click', function (e) { self.click(e); });
    el.addEventListener('keydown', function (e) { self.key(e); });
    el.addEventListener('pointerdown', function (e) { self.pointerDown(e); });
    el.addEventListener('focusin', function (e) {
      var b = e.target.closest('button[data-square]');
      if (b) self.setFocus(b.dataset.square, false);
    });
  }

  // adopt reads the squares rendered at build time.
  Board.prototype.adopt = function () {
    var self = this;
    this.squares = {};
    TC.$$('button[data-square]', this.el).forEach(function (b) { self.squares[b.dataset.square] = b; });
    if (!this.focusName || !this.squares[this.focusName]) {
      var first = this.el.querySelector('button[data-square]');
      this.focusName = first ? first.dataset.square : null;
    }
    this.updateTabStops();
  };

  // build lays out w×h squares in the current orientation.
  Board.prototype.build = function (w, h) {
    this.w = w;
    this.h = h;
    this.el.style.setProperty('--w', w);
    this.el.style.setProperty('--h', h);
    this.el.setAttribute('aria-label', 'Board, ' + w + ' by ' + h);
    this.el.textContent = '';
    for (var row = 0; row < h; row++) {
      for (var col = 0; col < w; col++) {
        var f = this.flipped ? w - 1 - col : col;
        var r = this.flipped ? row : h - 1 - row;
        var name = String.fromCharCode(97 + f) + (r + 1);
        var b = TC.el('button', { type: 'button', class: 'sq ' + ((f + r) % 2 === 0 ? 'dark' : 'light'), 'data-square': name, 'aria-label': name + ', empty', tabindex: '-1' });
        // Coordinates are drawn by CSS from data-c, so they are not part of
        // the square's name (its aria-label says it all).
        if (col === 0) b.appendChild(TC.el('span', { class: 'coord rank', 'aria-hidden': 'true', 'data-c': r + 1 }));
        if (row === h - 1) b.appendChild(TC.el('span', { class: 'coord file', 'aria-hidden': 'true', 'data-c': String.fromCharCode(97 + f) }));
        this.el.appendChild(b);
      }
    }
    this.adopt();
  };

  // setCells draws pieces: cells[i] is "wk", "bn" or "" by square index.
  Board.prototype.setCells = function (w, h, cells) {
    if (w !== this.w || h !== this.h || Object.keys(this.squares).length !== w * h) this.build(w, h);
    this.cells = cells.slice();
    for (var i = 0; i < cells.length; i++) {
      var name = TC.squareName(w, i);
      var b = this.squares[name];
      if (!b) continue;
      var code = cells[i] || '';
      var old = b.querySelector('svg.pc');
      var oldCode = old ? b.dataset.piece : '';
      if (oldCode !== code) {
        if (old) old.remove();
        if (code) b.insertBefore(TC.svgPiece(code), b.firstChild);
        if (code) b.dataset.piece = code; else delete b.dataset.piece;
      } else if (code && !b.dataset.piece) {
        b.dataset.piece = code;
      }
      b.setAttribute('aria-label', name + ', ' + TC.pieceName(code));
    }
  };

  // set draws an engine state: pieces, legal moves, last move and check.
  Board.prototype.set = function (state, animate) {
    var prev = this.cells;
    this.setCells(state.w, state.h, state.board);
    this.legal = state.legal || {};
    this.select(null);
    this.mark('last', state.last ? [state.last.from, state.last.to] : []);
    this.mark('check', state.check ? [state.check] : []);
    if (animate && state.last && !reduceMotion && prev.length === state.board.length) this.animate(state.last.from, state.last.to);
  };

  Board.prototype.piece = function (name) {
    return this.cells[TC.squareIndex(this.w, name)] || '';
  };

  // mark sets a highlight class on a list of squares, clearing it elsewhere.
  Board.prototype.mark = function (cls, names) {
    var old = this.marks[cls] || [];
    var self = this;
    old.forEach(function (n) { if (self.squares[n]) self.squares[n].classList.remove(cls); });
    this.marks[cls] = (names || []).filter(function (n) { return self.squares[n]; });
    this.marks[cls].forEach(function (n) { self.squares[n].classList.add(cls); });
  };

  Board.prototype.flip = function () {
    this.flipped = !this.flipped;
    var cells = this.cells, marks = this.marks, sel = this.selected;
    this.build(this.w, this.h);
    this.cells = [];
    this.setCells(this.w, this.h, cells);
    var self = this;
    this.marks = {};
    Object.keys(marks).forEach(function (k) { self.mark(k, marks[k]); });
    if (sel) this.select(sel);
  };

  Board.prototype.setFlipped = function (flipped) {
    if (this.flipped !== flipped) this.flip();
  };

  // select chooses a square and shows its legal destinations.
  Board.prototype.select = function (name) {
    this.selected = name;
    this.mark('sel', name ? [name] : []);
    var dests = [], caps = [];
    var self = this;
    if (name && this.legal[name]) {
      this.legal[name].forEach(function (m) {
        if (self.piece(m.to) && self.piece(m.to)[0] !== self.piece(name)[0]) caps.push(m.to); else dests.push(m.to);
      });
    }
    this.mark('dot', dests);
    this.mark('cap', caps);
  };

  Board.prototype.movesFrom = function (name) {
    return this.legal[name] || [];
  };

  Board.prototype.canMove = function () {
    return !this.opts.canMove || this.opts.canMove();
  };

  // activate handles a click, Enter or Space on a square.
  Board.prototype.activate = function (name) {
    if (this.opts.onSquare) {
      this.opts.onSquare(name);
      return;
    }
    if (!this.canMove()) return;
    if (this.selected && this.selected !== name) {
      var moves = this.movesFrom(this.selected).filter(function (m) { return m.to === name; });
      if (moves.length) {
        this.tryMove(this.selected, name);
        return;
      }
    }
    if (this.selected === name) {
      this.select(null);
      return;
    }
    if (this.movesFrom(name).length) {
      this.select(name);
      var n = this.movesFrom(name).length;
      TC.announce(TC.pieceName(this.piece(name)) + ' on ' + name + ' selected, ' + n + (n === 1 ? ' move' : ' moves'));
    } else {
      this.select(null);
    }
  };

  // tryMove completes a move, asking for the promotion piece if needed.
  Board.prototype.tryMove = function (from, to) {
    var moves = this.movesFrom(from).filter(function (m) { return m.to === to; });
    if (!moves.length) { this.select(null); return; }
    var self = this;
    this.select(null);
    if (moves.length > 1 && moves[0].promo) {
      this.choosePromotion(to, moves.map(function (m) { return m.promo; }), this.piece(from)[0]).then(function (p) {
        if (p) self.opts.onMove(from, to, p);
      });
      return;
    }
    this.opts.onMove(from, to, moves[0].promo || '');
  };

  // choosePromotion shows the pieces a pawn may become; resolves to the
  // letter chosen, or '' when cancelled.
  Board.prototype.choosePromotion = function (to, letters, color) {
    var self = this;
    return new Promise(function (resolve) {
      var box = TC.el('div', { class: 'promo', role: 'dialog', 'aria-label': 'Promote to' });
      var order = ['q', 'r', 'b', 'n', 'k'];
      letters.sort(function (a, b) { return order.indexOf(a) - order.indexOf(b); });
      function done(v) {
        box.remove();
        document.removeEventListener('keydown', esc, true);
        if (self.squares[to]) self.squares[to].focus();
        resolve(v);
      }
      function esc(e) { if (e.key === 'Escape') { e.preventDefault(); done(''); } }
      letters.forEach(function (l) {
        var b = TC.el('button', { type: 'button', 'data-promo': l, 'aria-label': 'Promote to ' + TC.typeName(l) });
        b.appendChild(TC.svgPiece((color || 'w') + l));
        b.addEventListener('click', function (e) { e.stopPropagation(); done(l); });
        box.appendChild(b);
      });
      var cancel = TC.el('button', { type: 'button', class: 'promo-cancel', 'aria-label': 'Cancel promotion' }, '✕');
      cancel.addEventListener('click', function (e) { e.stopPropagation(); done(''); });
      box.appendChild(cancel);
      self.el.parentNode.appendChild(box);
      document.addEventListener('keydown', esc, true);
      box.querySelector('button').focus();
    });
  };

  Board.prototype.click = function (e) {
    var b = e.target.closest('button[data-square]');
    if (!b) return;
    if (this.suppressClick) { this.suppressClick = false; return; }
    this.setFocus(b.dataset.square, false);
    this.activate(b.dataset.square);
  };

  // Keyboard: arrows move the focus as the squares appear on screen.
  Board.prototype.key = function (e) {
    var b = e.target.closest('button[data-square]');
    if (!b) return;
    var d = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (e.key === 'Escape') { this.select(null); return; }
    if (!d) return;
    e.preventDefault();
    e.stopPropagation();
    var name = b.dataset.square;
    var f = name.charCodeAt(0) - 97, r = parseInt(name.slice(1), 10) - 1;
    var s = this.flipped ? -1 : 1;
    f = Math.max(0, Math.min(this.w - 1, f + d[0] * s));
    r = Math.max(0, Math.min(this.h - 1, r + d[1] * s));
    this.setFocus(String.fromCharCode(97 + f) + (r + 1), true);
  };

  Board.prototype.setFocus = function (name, move) {
    this.focusName = name;
    this.updateTabStops();
    if (move && this.squares[name]) this.squares[name].focus();
  };

  // updateTabStops keeps one square in the tab order (roving tabindex).
  Board.prototype.updateTabStops = function () {
    var self = this;
    Object.keys(this.squares).forEach(function (n) {
      self.squares[n].tabIndex = n === self.focusName ? 0 : -1;
    });
  };

  // Drag and drop with pointer events (mouse, pen and touch).
  Board.prototype.pointerDown = function (e) {
    if (e.button !== 0 || this.opts.onSquare) return;
    var b = e.target.closest('button[data-square]');
    if (!b || !this.canMove()) return;
    var name = b.dataset.square;
    if (!this.movesFrom(name).length) return;
    var self = this;
    var start = { x: e.clientX, y: e.clientY };
    var ghost = null;
    var pc = b.querySelector('svg.pc');
    function move(ev) {
      if (!ghost) {
        if (Math.abs(ev.clientX - start.x) + Math.abs(ev.clientY - start.y) < 6 || !pc) return;
        var rect = b.getBoundingClientRect();
        ghost = pc.cloneNode(true);
        ghost.classList.add('ghost');
        ghost.style.width = rect.width + 'px';
        ghost.style.height = rect.height + 'px';
        document.body.appendChild(ghost);
        pc.classList.add('lifted');
        self.select(name);
      }
      ghost.style.transform = 'translate(' + (ev.clientX - ghost.clientWidth / 2) + 'px,' + (ev.clientY - ghost.clientHeight / 2) + 'px)';
      ev.preventDefault();
    }
    function up(ev) {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', up);
      if (!ghost) return;
      ghost.remove();
      pc.classList.remove('lifted');
      self.suppressClick = true;
      setTimeout(function () { self.suppressClick = false; }, 0);
      var target = document.elementFromPoint(ev.clientX, ev.clientY);
      var to = target && target.closest && target.closest('button[data-square]');
      if (to && to.dataset.square !== name && self.el.contains(to)) self.tryMove(name, to.dataset.square);
      else self.select(null);
    }
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', up);
  };

  // animate slides the piece now on `to` from `from`.
  Board.prototype.animate = function (from, to) {
    var a = this.squares[from], b = this.squares[to];
    if (!a || !b) return;
    var pc = b.querySelector('svg.pc');
    if (!pc) return;
    var ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    var dx = ra.left - rb.left, dy = ra.top - rb.top;
    pc.style.transition = 'none';
    pc.style.transform = 'translate(' + dx + 'px,' + dy + 'px)';
    pc.getBoundingClientRect();
    pc.style.transition = 'transform 140ms ease-out';
    pc.style.transform = '';
  };

  TC.Board = Board;
})(window.TC = window.TC || {});
