// A puzzle over a Game: the player makes their side's moves, checked
// against the build's solution tree (any optimal move is right); the
// defence is played after a short pause; a wrong move is shown, marked
// and taken back. Hint 1, Hint 2 (with their squares), then the solution
// played out on the board.
(function (TC) {
  'use strict';

  var PAUSE = 450;

  // Puzzle drives one puzzle. opts: data (mode data with .puzzle), root,
  // engine, onSolved({mistakes, hints, shown}), onMistake().
  function Puzzle(opts) {
    var self = this;
    this.opts = opts;
    this.data = opts.data;
    this.root = opts.root || document;
    this.active = true;
    this.node = null;
    this.hintsShown = 0;
    this.mistakes = 0;
    this.shown = false;
    this.solved = false;
    this.busy = false;
    this.feedbackEl = TC.$('#feedback', this.root);
    this.hintsEl = TC.$('#hints', this.root);
    this.hintBtn = TC.$('#puzzle [data-action="hint"]', this.root);
    this.game = new TC.Game({
      data: opts.data, root: this.root, engine: opts.engine,
      onUserMove: function (from, to, promo) { return self.active ? (self.userMove(from, to, promo), true) : false; },
      onUserText: function (text) { return self.userText(text); },
      canMove: function () { return !self.active || (!self.busy && !self.solved); },
      blockControls: function (a) {
        if (!self.active || a === 'flip' || a === 'pgn') return false;
        self.feedback('Press “Play freely” first to use this button; the puzzle checker is on.', '');
        return true;
      },
    });
    this.game.opponent = 'human';
  }

  Puzzle.prototype.start = function () {
    this.bind();
    return this.load(this.data);
  };

  // load switches to another puzzle (the trainer's next puzzle).
  Puzzle.prototype.load = function (data) {
    var self = this;
    this.data = data;
    this.busy = false;
    return this.game.load(data).then(function () { return self.restart(); });
  };

  Puzzle.prototype.feedback = function (text, kind) {
    if (!this.feedbackEl) return;
    this.feedbackEl.textContent = text;
    this.feedbackEl.className = 'feedback' + (kind ? ' ' + kind : '');
  };

  Puzzle.prototype.restart = function () {
    var self = this;
    this.active = true;
    this.solved = false;
    this.shown = false;
    this.hintsShown = 0;
    this.mistakes = 0;
    this.node = this.data.puzzle.tree;
    this.game.opponent = 'human';
    this.game.human = this.data.puzzle.side;
    this.game.board.setFlipped(this.data.puzzle.side === 'black');
    if (this.hintsEl) this.hintsEl.textContent = '';
    this.updateHintButton();
    this.feedback('Your move.', '');
    document.body.classList.add('puzzle-active');
    this.game.clearAnalysis();
    this.game.board.mark('hint', []);
    this.game.board.mark('wrong', []);
    return this.game.reset().then(function () { return self.afterMove(); });
  };

  Puzzle.prototype.playerToMove = function () {
    var s = this.game.state;
    return s && s.side === this.data.puzzle.side;
  };

  // accepts reports whether a player's move (coordinates) is right here.
  Puzzle.prototype.accepts = function (coord) {
    var self = this;
    var n = this.node;
    if (n && n.accept && n.accept.length) return Promise.resolve(n.accept.indexOf(coord) >= 0);
    // Past the stored tree: ask the table, else the mate search.
    return this.game.tableReady.then(function () {
      return self.game.engine.call('judge', self.game.id, coord);
    }).then(function (r) { return r.optimal; });
  };

  Puzzle.prototype.userMove = function (from, to, promo) {
    this.tryCoord(from + to + (promo || ''));
  };

  Puzzle.prototype.userText = function (text) {
    var self = this;
    // Resolve the typed move to coordinates with the engine first.
    return this.game.engine.call('resolve', this.game.id, text, false).then(function (m) {
      return self.tryCoord(m.coord);
    });
  };

  Puzzle.prototype.tryCoord = function (coord) {
    var self = this;
    if (this.busy || this.solved || !this.playerToMove()) return Promise.resolve();
    this.busy = true;
    this.game.board.mark('hint', []);
    return this.accepts(coord).then(function (ok) {
      return self.game.run(self.game.engine.call('play', self.game.id, coord), true).then(function (s) {
        if (ok) {
          self.node = self.node && self.node.next ? self.node.next[coord] || null : null;
          self.feedback('✓ ' + s.last.san + ' is right.', 'good');
          return self.afterMove();
        }
        self.mistakes++;
        self.feedback('✗ ' + s.last.san + ' is not the best move. Try again.', 'bad');
        TC.sound.play('wrong');
        TC.announce(s.last.san + ' is wrong; the move is taken back.');
        self.game.board.mark('wrong', [s.last.from, s.last.to]);
        if (self.opts.onMistake) self.opts.onMistake();
        return TC.sleep(PAUSE + 300).then(function () {
          self.game.board.mark('wrong', []);
          return self.game.run(self.game.engine.call('undo', self.game.id), false);
        });
      });
    }).then(function () { self.busy = false; }, function (err) {
      self.busy = false;
      self.game.showError(err.message);
    });
  };

  // afterMove plays the defence when it is the opponent's turn and
  // notices the end of the puzzle.
  Puzzle.prototype.afterMove = function () {
    var self = this;
    var s = this.game.state;
    if (s.over || (this.node && this.node.end)) return this.finish();
    if (this.playerToMove()) return Promise.resolve();
    this.busy = true;
    return TC.sleep(PAUSE).then(function () {
      var reply = self.node && self.node.reply;
      if (reply) return self.game.engine.call('play', self.game.id, reply);
      return self.game.tableReady.then(function () {
        return self.game.engine.call('reply', self.game.id, 'perfect', 700, 1).then(function (r) { return r.state; });
      });
    }).then(function (st) {
      self.game.setState(st, true);
      if (self.node && self.node.next && st.last) self.node = self.node.next[st.last.coord] || null;
      else self.node = null;
      self.busy = false;
      if (st.over || (self.node && self.node.end)) return self.finish();
      if (!self.shown) self.feedback('Your move.', '');
    }, function (err) {
      self.busy = false;
      self.game.showError(err.message);
    });
  };

  Puzzle.prototype.finish = function () {
    if (this.solved) return Promise.resolve();
    this.solved = true;
    var s = this.game.state;
    var won = s.winner === this.data.puzzle.side;
    var text = this.shown ? 'That is the solution. ' + TC.statusText(s) :
      won ? 'Solved! ' + TC.statusText(s) : 'Puzzle complete. ' + TC.statusText(s);
    this.feedback(text, this.shown ? '' : 'good');
    this.game.setStatus(TC.statusText(s) + (this.shown ? '' : ' Puzzle solved.'));
    TC.announce(text);
    this.updateHintButton();
    if (this.opts.onSolved) this.opts.onSolved({ mistakes: this.mistakes, hints: this.hintsShown, shown: this.shown });
    return Promise.resolve();
  };

  Puzzle.prototype.updateHintButton = function () {
    if (!this.hintBtn) return;
    var hints = this.data.puzzle.hints || [];
    this.hintBtn.textContent = this.hintsShown < hints.length ? 'Hint' : 'Show solution';
    this.hintBtn.disabled = this.solved || this.shown;
  };

  // hint shows the next hint, then plays the solution.
  Puzzle.prototype.hint = function () {
    var hints = this.data.puzzle.hints || [];
    if (this.solved) return;
    if (this.hintsShown < hints.length) {
      var h = hints[this.hintsShown];
      this.hintsShown++;
      var li = TC.el('li', null, 'Hint ' + this.hintsShown + ': ' + h.text);
      if (this.hintsEl) this.hintsEl.appendChild(li);
      var squares = (h.squares || []).slice();
      var self = this;
      if (h.move) {
        this.game.engine.call('resolve', this.game.id, h.move, true).then(function (m) {
          squares.push(m.from);
          self.game.board.mark('hint', squares);
        }, function () { self.game.board.mark('hint', squares); });
      } else {
        this.game.board.mark('hint', squares);
      }
      TC.announce('Hint ' + this.hintsShown + ': ' + h.text);
      this.updateHintButton();
      return;
    }
    this.showSolution();
  };

  // showSolution plays the rest of the solution from the current position,
  // the player's moves from the tree (the author's line where it runs).
  Puzzle.prototype.showSolution = function () {
    var self = this;
    if (this.busy) return;
    this.shown = true;
    this.busy = true;
    this.updateHintButton();
    this.feedback('The solution:', '');
    var line = [];
    this.game.engine.call('line', this.game.id, this.data.puzzle.solution).then(function (ms) {
      line = ms.map(function (m) { return m.coord; });
    }, function () {}).then(function step() {
      var s = self.game.state;
      if (s.over || (self.node && self.node.end)) { self.busy = false; return self.finish(); }
      if (!self.playerToMove()) {
        self.busy = false;
        return self.afterMove().then(step);
      }
      var n = self.node;
      var pick = null;
      if (n && n.accept && n.accept.length) {
        var planned = line[s.cursor];
        pick = n.accept.indexOf(planned) >= 0 ? planned : n.accept[0];
      }
      var move = pick ? Promise.resolve({ coord: pick }) : self.game.engine.call('choose', self.game.id, 'perfect', 1);
      return TC.sleep(PAUSE).then(function () { return move; }).then(function (m) {
        return self.game.run(self.game.engine.call('play', self.game.id, m.coord), true).then(function () {
          self.node = n && n.next ? n.next[m.coord] || null : null;
        });
      }).then(step);
    }).catch(function (err) {
      self.busy = false;
      self.game.showError(err.message);
    });
  };

  // free leaves the puzzle for free play from the current position.
  Puzzle.prototype.free = function () {
    this.active = false;
    document.body.classList.remove('puzzle-active');
    this.game.opponent = TC.$('#opponent', this.root) ? TC.$('#opponent', this.root).value : 'human';
    this.feedback('Free play: the puzzle checker is off. Restart the puzzle to try again.', '');
    this.game.board.mark('hint', []);
    this.game.updateButtons();
  };

  Puzzle.prototype.bind = function () {
    var self = this;
    var on = function (a, fn) {
      TC.$$('#puzzle [data-action="' + a + '"]', self.root).forEach(function (b) { b.addEventListener('click', fn); });
    };
    on('hint', function () { self.hint(); });
    on('restart', function () { self.restart(); });
    on('free', function () { self.free(); });
  };

  TC.Puzzle = Puzzle;
})(window.TC = window.TC || {});
