// A game on a mode page: the board, the engine worker, the controls, the
// move list, the opponent (two players, or the computer playing from the
// mode's table or the alpha-beta searcher) and the status line.
(function (TC) {
  'use strict';

  // The computer's think time when it searches (no table).
  var SEARCH_MS = 700;
  // The pause before the computer answers, so a move can be seen.
  var REPLY_PAUSE = 250;

  var reasons = {
    checkmate: 'by checkmate',
    stalemate: 'stalemate',
    'insufficient-material': 'insufficient material',
    'fifty-move': 'the fifty-move rule',
    threefold: 'threefold repetition',
    race: 'reaching the far rank first',
    'no-moves': 'leaving the opponent without a move',
    resigned: 'resignation',
  };

  // statusText describes a state for the status line.
  TC.statusText = function (s) {
    if (!s) return '';
    if (s.over) {
      var byBan = s.byBan ? (s.status === 'checkmate' ? ' (mate by a ban: ' : ' (stalemate by a ban: ') + TC.banText(s.banned) + ')' : '';
      if (s.winner) return TC.capitalize(s.winner) + ' wins ' + (s.status === 'checkmate' ? 'by checkmate' : 'by ' + (reasons[s.status] || s.reason)) + byBan + '.';
      return 'Draw by ' + (reasons[s.status] || s.reason) + byBan + '.';
    }
    if (s.banPhase) return TC.capitalize(s.actor) + ' bans one of ' + TC.capitalize(s.side) + '\'s moves' + (s.check ? ' (' + TC.capitalize(s.side) + ' is in check)' : '') + '.';
    return TC.capitalize(s.side) + ' to move' + (s.check ? ', in check' : '') + (s.banned ? ' (banned: ' + TC.banText(s.banned) + ')' : '') + '.';
  };

  // banText writes a banned pair {from, to} as "a2a4".
  TC.banText = function (b) {
    return b ? b.from + b.to : '';
  };

  // isBanAction reports whether action i of a state (from 0) is a ban.
  function isBanAction(s, i) {
    return !!(s.coords && s.coords[i] && s.coords[i].indexOf('b:') === 0);
  }

  // Game drives one board. opts: data (the mode data), root (the page
  // element holding the controls), engine, onState(state), onUserMove
  // (from, to, promo) → bool (return true to handle the move yourself).
  function Game(opts) {
    this.opts = opts;
    this.data = opts.data;
    this.root = opts.root || document;
    this.engine = opts.engine || TC.engine();
    this.id = 0;
    this.state = null;
    this.human = this.data.puzzle ? this.data.puzzle.side : 'white';
    this.opponent = this.data.opponent || 'perfect';
    this.busy = false;
    this.gen = 0;
    this.tableReady = Promise.resolve(false);
    var self = this;
    this.statusEl = TC.$('#status', this.root);
    this.movesEl = TC.$('#moves', this.root);
    this.errorEl = TC.$('#move-error', this.root);
    this.analysisEl = TC.$('#analysis', this.root);
    this.board = new TC.Board(TC.$('#board', this.root), {
      onMove: function (from, to, promo) { self.userMove(from, to, promo); },
      canMove: function () { return self.canMove(); },
    });
  }

  Game.prototype.start = function () {
    return this.load(this.data);
  };

  // load starts a new game of a mode (its data), loading its table.
  Game.prototype.load = function (data) {
    var self = this;
    this.cancelPending();
    this.data = data;
    var g = data.game || {};
    var old = this.id;
    this.id = 0;
    this.tableLoaded = false;
    if (old) this.engine.call('free', old).catch(function () {});
    this.setStatus('Loading the engine…');
    this.clearAnalysis();
    this.showError('');
    return this.engine.call('load', g.variant || data.variant || '', g.rules || {}, g.start || data.start).then(function (r) {
      self.id = r.id;
      if (data.table) {
        self.tableReady = self.engine.call('fetchTable', self.id, TC.url(data.table)).then(function () { self.tableLoaded = true; return true; }, function (err) {
          self.showError('Could not load the table: ' + err.message + '. The computer searches instead.');
          return false;
        });
      } else {
        self.tableReady = Promise.resolve(false);
      }
      self.setState(r.state, false);
      self.bindControls();
      if (!TC.readyAt) TC.readyAt = performance.now();
      document.body.classList.add('engine-ready');
      self.maybeReply();
      return r.state;
    }, function (err) {
      self.setStatus('The engine could not start: ' + err.message);
      throw err;
    });
  };

  Game.prototype.setStatus = function (text) {
    if (this.statusEl) this.statusEl.textContent = text;
  };

  Game.prototype.showError = function (text) {
    if (!this.errorEl) return;
    this.errorEl.textContent = text || '';
    this.errorEl.hidden = !text;
  };

  // isComputerTurn: the computer acts (under bans the actor is the
  // banner in a ban phase).
  Game.prototype.isComputerTurn = function () {
    return this.state && !this.state.over && this.opponent !== 'human' && (this.state.actor || this.state.side) !== this.human;
  };

  Game.prototype.canMove = function () {
    if (!this.state || this.busy || this.state.over) return false;
    if (this.opts.canMove && !this.opts.canMove()) return false;
    return !this.isComputerTurn();
  };

  // setState draws a new state; moved says a move was just played.
  Game.prototype.setState = function (s, moved) {
    var prev = this.state;
    this.state = s;
    var banned = moved && s.cursor > 0 && isBanAction(s, s.cursor - 1);
    this.board.set(s, moved && !banned);
    this.renderMoves();
    this.setStatus(TC.statusText(s));
    this.renderBan();
    this.updateButtons();
    if (banned) {
      if (s.over) TC.sound.play('end');
      TC.announce((s.side === 'white' ? 'Black' : 'White') + ' banned ' + TC.banText(s.banned) + '. ' + TC.statusText(s));
    } else if (moved && s.last) {
      var capture = s.last.san.indexOf('x') >= 0 || (prev && prev.board.filter(Boolean).length > s.board.filter(Boolean).length);
      TC.sound.play(s.over ? 'end' : capture ? 'capture' : 'move');
      var who = s.side === 'white' ? 'Black' : 'White';
      TC.announce(who + ' played ' + s.last.san + '. ' + TC.statusText(s));
    }
    if (this.opts.onState) this.opts.onState(s, moved);
  };

  Game.prototype.updateButtons = function () {
    var s = this.state;
    var set = function (root, action, disabled) {
      TC.$$('[data-action="' + action + '"]', root).forEach(function (b) { b.disabled = disabled; });
    };
    set(this.root, 'undo', !s || s.cursor === 0);
    set(this.root, 'redo', !s || s.cursor >= s.length);
    var you = TC.$('#you-play', this.root);
    if (you) you.textContent = this.opponent === 'human' ? 'Both sides on this device.' : 'You play ' + this.human + '.';
  };

  // renderBan shows the banned move: marked squares on the board and a
  // note under the status line ("Banned: a2a4").
  Game.prototype.renderBan = function () {
    var s = this.state;
    var b = s && s.banned;
    this.board.mark('banned', b ? [b.from, b.to] : []);
    this.board.el.dataset.banned = b ? TC.banText(b) : '';
    if (!s || !s.bans) return;
    if (!this.banEl && this.statusEl) {
      this.banEl = TC.el('p', { id: 'ban-note', class: 'ban-note', 'aria-live': 'polite' });
      this.statusEl.parentNode.insertBefore(this.banEl, this.statusEl.nextSibling);
    }
    if (!this.banEl) return;
    this.banEl.textContent = b ? 'Banned: ' + TC.banText(b) + ' — ' + TC.capitalize(s.side) + ' may not play it this move.' : '';
    this.banEl.hidden = !b;
  };

  // renderBanMoves writes the move list of a Ban Chess game: each move
  // preceded by its ban, "1. (ban a5a4) Ra4 (ban b1b2) Kb2".
  Game.prototype.renderBanMoves = function () {
    var el = this.movesEl;
    var s = this.state;
    var n = s.startFullmove || 1;
    var side = s.startSide;
    var li = null, rowDone = true, first = true;
    var self = this;
    s.san.forEach(function (san, i) {
      var ban = isBanAction(s, i);
      if (!li || rowDone) {
        li = TC.el('li');
        li.appendChild(TC.el('span', { class: 'num' }, n + (first && side === 'black' ? '…' : '.')));
        el.appendChild(li);
        rowDone = false;
      }
      first = false;
      var text = ban ? '(ban ' + san.slice(2) + ')' : san;
      var label = ban ? 'Go to after the ban of ' + san.slice(2) : 'Go to after ' + san;
      var b = TC.el('button', { type: 'button', class: 'mv' + (ban ? ' ban' : '') + (i === s.cursor - 1 ? ' current' : ''), 'aria-label': label }, text);
      b.addEventListener('click', function () { self.gotoPly(i + 1); });
      li.appendChild(b);
      if (!ban) {
        if (side === 'black') { n++; rowDone = true; }
        side = side === 'white' ? 'black' : 'white';
      }
    });
  };

  Game.prototype.renderMoves = function () {
    var el = this.movesEl;
    if (!el) return;
    var s = this.state;
    el.textContent = '';
    if (s.bans) { this.renderBanMoves(); return; }
    var n = s.startFullmove || 1;
    var black = s.startSide === 'black';
    var li = null;
    var self = this;
    s.san.forEach(function (san, i) {
      if (!li || !black) {
        li = TC.el('li');
        li.appendChild(TC.el('span', { class: 'num' }, n + (black ? '…' : '.')));
        el.appendChild(li);
      }
      var b = TC.el('button', { type: 'button', class: 'mv' + (i === s.cursor - 1 ? ' current' : ''), 'aria-label': 'Go to after ' + san }, san);
      b.addEventListener('click', function () { self.gotoPly(i + 1); });
      li.appendChild(b);
      if (black) { n++; li = null; }
      black = !black;
    });
  };

  Game.prototype.run = function (promise, moved) {
    var self = this;
    var gen = this.gen;
    return promise.then(function (s) {
      if (gen !== self.gen) return s;
      self.showError('');
      self.setState(s, moved);
      return s;
    }, function (err) {
      self.showError(err.message);
      throw err;
    });
  };

  // userMove plays the player's move, then lets the computer answer.
  Game.prototype.userMove = function (from, to, promo) {
    if (this.opts.onUserMove && this.opts.onUserMove(from, to, promo)) return;
    var self = this;
    this.run(this.engine.call('move', this.id, from, to, promo || ''), true).then(function () {
      self.maybeReply();
    }, function () {});
  };

  // maybeReply asks the computer for a move when it is its turn.
  Game.prototype.maybeReply = function () {
    if (!this.isComputerTurn() || this.busy) return Promise.resolve();
    var self = this;
    var gen = this.gen;
    this.busy = true;
    this.setStatus(TC.capitalize(this.state.side) + ' is thinking…');
    var t0 = performance.now();
    return Promise.all([this.tableReady, TC.sleep(REPLY_PAUSE)]).then(function () {
      if (gen !== self.gen) return null;
      return self.engine.call('reply', self.id, self.opponent, SEARCH_MS, Math.floor(Math.random() * 1e9));
    }).then(function (r) {
      self.busy = false;
      if (!r || gen !== self.gen) return;
      self.lastReplyMs = performance.now() - t0 - REPLY_PAUSE;
      self.setState(r.state, true);
      // Under bans the computer may act twice in a row (its move, then
      // its ban of the player's next move).
      self.maybeReply();
    }, function (err) {
      self.busy = false;
      self.showError(err.message);
      self.setStatus(TC.statusText(self.state));
    });
  };

  // playText plays a typed move in SAN or coordinates.
  Game.prototype.playText = function (text) {
    var self = this;
    if (!this.canMove()) return Promise.reject(new Error(this.state && this.state.over ? 'The game is over.' : 'Wait for your turn.'));
    if (this.opts.onUserText) return this.opts.onUserText(text);
    return this.run(this.engine.call('play', this.id, text), true).then(function () { self.maybeReply(); });
  };

  Game.prototype.cancelPending = function () {
    this.gen++;
    this.busy = false;
  };

  Game.prototype.undo = function () {
    var s = this.state;
    if (!s || s.cursor === 0) return;
    this.cancelPending();
    var target = s.cursor - 1;
    // Against the computer, take back to the player's own turn.
    while (this.opponent !== 'human' && target > 0 && this.sideAt(target) !== this.human) target--;
    if (this.opponent !== 'human' && this.sideAt(target) !== this.human) target = s.cursor;
    if (target === s.cursor) return;
    this.gotoPly(target);
  };

  Game.prototype.redo = function () {
    var s = this.state;
    if (!s || s.cursor >= s.length) return;
    var target = s.cursor + 1;
    while (this.opponent !== 'human' && target < s.length && this.sideAt(target) !== this.human) target++;
    this.gotoPly(target);
  };

  // sideAt is the side to act after n moves (under bans, n actions: the
  // banner, then the mover twice (its move, its ban), then the other side
  // twice, and so on).
  Game.prototype.sideAt = function (n) {
    var first = this.state.startSide;
    var other = first === 'white' ? 'black' : 'white';
    if (this.state.bans) {
      var k = this.state.startBanPhase ? Math.floor((n + 1) / 2) : Math.floor(n / 2) + 1;
      return k % 2 === 0 ? other : first;
    }
    return n % 2 === 0 ? first : other;
  };

  Game.prototype.gotoPly = function (n) {
    this.cancelPending();
    var self = this;
    return this.run(this.engine.call('goto', this.id, n), false).then(function (s) {
      TC.announce('After ' + s.cursor + (s.cursor === 1 ? ' move. ' : ' moves. ') + TC.statusText(s));
      return s;
    });
  };

  Game.prototype.reset = function () {
    this.cancelPending();
    var self = this;
    this.clearAnalysis();
    return this.run(this.engine.call('reset', this.id), false).then(function (s) {
      TC.announce('New game. ' + TC.statusText(s));
      self.maybeReply();
      return s;
    });
  };

  Game.prototype.swap = function () {
    this.human = this.human === 'white' ? 'black' : 'white';
    this.board.setFlipped(this.human === 'black');
    this.updateButtons();
    TC.announce('You now play ' + this.human + '.');
    this.maybeReply();
  };

  Game.prototype.clearAnalysis = function () {
    if (this.analysisEl) this.analysisEl.textContent = '';
    this.board.mark('best', []);
  };

  // analyse asks the engine for the value, distance and best moves of the
  // current position (the table when loaded, else mate search, else the
  // searcher).
  Game.prototype.analyse = function () {
    var self = this;
    return this.tableReady.then(function () {
      return self.engine.call('analyse', self.id, 1500);
    });
  };

  Game.prototype.best = function () {
    var self = this;
    if (!this.state || this.state.over) return;
    this.setStatus('Looking for the best move…');
    this.analyse().then(function (a) {
      self.setStatus(TC.statusText(self.state));
      var m = a.bestMoves && a.bestMoves[0];
      if (!m) { self.showAnalysis(['No move to suggest.']); return; }
      self.board.mark('best', [m.from, m.to]);
      var all = a.bestMoves.map(function (x) { return x.san; }).join(', ');
      var text = 'Best move: ' + m.san + (a.bestMoves.length > 1 ? ' (all best: ' + all + ')' : '') + ' — ' + a.summary;
      self.showAnalysis([text]);
      TC.announce(text);
    }, function (err) { self.showError(err.message); self.setStatus(TC.statusText(self.state)); });
  };

  Game.prototype.solve = function () {
    var self = this;
    if (!this.state) return;
    this.setStatus('Solving…');
    this.analyse().then(function (a) {
      self.setStatus(TC.statusText(self.state));
      var lines = [a.summary, 'Method: ' + a.methodText];
      if (a.pv && a.pv.length) lines.push(self.state.bans ? 'Principal variation (bans and moves): ' + a.pv.join(' ') : 'Principal variation: ' + TC.numberedLine(a.pv, self.state.side, self.state.fullmove));
      self.showAnalysis(lines);
      TC.announce(a.summary);
    }, function (err) { self.showError(err.message); self.setStatus(TC.statusText(self.state)); });
  };

  Game.prototype.showAnalysis = function (lines) {
    if (!this.analysisEl) return;
    this.analysisEl.textContent = '';
    var el = this.analysisEl;
    lines.forEach(function (l, i) { el.appendChild(TC.el('p', { class: i === 0 ? 'value' : '' }, l)); });
  };

  Game.prototype.copyPGN = function () {
    var msg = TC.$('#pgn-msg', this.root);
    var tags = { Event: this.data.title || 'thinchess', Site: location.href.split('?')[0] };
    this.engine.call('pgn', this.id, tags).then(function (r) {
      return TC.copyText(r.pgn);
    }).then(function () { if (msg) msg.textContent = 'PGN copied.'; }, function (err) { if (msg) msg.textContent = 'Could not copy: ' + err.message; });
  };

  // bindControls wires the buttons, the opponent menu, the move box and
  // the ←/→ keys.
  Game.prototype.bindControls = function () {
    if (this.bound) return;
    this.bound = true;
    var self = this;
    var actions = {
      undo: function () { self.undo(); },
      redo: function () { self.redo(); },
      reset: function () { self.reset(); },
      flip: function () { self.board.flip(); },
      swap: function () { self.swap(); },
      best: function () { self.best(); },
      solve: function () { self.solve(); },
      pgn: function () { self.copyPGN(); },
    };
    Object.keys(actions).forEach(function (a) {
      TC.$$('[data-action="' + a + '"]', self.root).forEach(function (b) {
        if (b.closest('#puzzle') && a !== 'undo' && a !== 'flip') return;
        b.addEventListener('click', function () { if (!self.opts.blockControls || !self.opts.blockControls(a)) actions[a](); });
      });
    });
    var sel = TC.$('#opponent', this.root);
    if (sel) {
      sel.value = this.opponent;
      sel.addEventListener('change', function () {
        self.opponent = sel.value;
        self.updateButtons();
        self.maybeReply();
      });
    }
    var form = TC.$('#move-form', this.root);
    if (form) {
      form.addEventListener('submit', function (e) {
        e.preventDefault();
        var input = TC.$('#move-input', form);
        var text = input.value.trim();
        if (!text) return;
        self.playText(text).then(function () { input.value = ''; }, function (err) { self.showError(err.message); });
      });
    }
    document.addEventListener('keydown', function (e) {
      var t = e.target;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      if (t && t.closest && t.closest('#board')) return;
      if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && self.opts.blockControls && self.opts.blockControls('nav')) return;
      if (e.key === 'ArrowLeft' && self.state && self.state.cursor > 0) { e.preventDefault(); self.gotoPly(self.state.cursor - 1); }
      if (e.key === 'ArrowRight' && self.state && self.state.cursor < self.state.length) { e.preventDefault(); self.gotoPly(self.state.cursor + 1); }
    });
  };

  TC.Game = Game;
})(window.TC = window.TC || {});
