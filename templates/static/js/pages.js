// Page controllers, started by the body's data-page: a mode page (a game
// or a puzzle), the trainer and the editor.
(function (TC) {
  'use strict';

  function startMode() {
    var data = TC.json('mode-data');
    if (!data) return;
    var root = TC.$('main');
    var c = data.puzzle && data.puzzle.tree ? new TC.Puzzle({ data: data, root: root }) : new TC.Game({ data: data, root: root });
    TC.page = c;
    var moves = linkedMoves();
    c.start().then(function () {
      if (moves) return playFrom(c, moves);
    }).catch(function () {});
  }

  // linkedMoves reads ?moves= (a line from the mode's start in
  // coordinates, separated by spaces, "+" or commas, as the state-graph
  // explorer links it): a list of moves, null when there is none, or an
  // error message when the parameter is not a line of coordinates.
  function linkedMoves() {
    var text = new URLSearchParams(location.search).get('moves');
    if (text == null) return null;
    var moves = text.trim().split(/[\s,+]+/).filter(Boolean);
    var ok = moves.length <= 1000 && moves.every(function (m) { return /^[a-p](1[0-6]|[1-9])[a-p](1[0-6]|[1-9])[qrbnk]?$/.test(m); });
    return ok ? moves : { error: 'The link’s moves are not a line of coordinates such as a2a4.' };
  }

  // playFrom plays a linked line from the start (out of the puzzle
  // checker, if any), then lets the player take the side to move against
  // the computer. A line that cannot be played stops at its first bad
  // move and says so.
  function playFrom(c, moves) {
    var g = c.game || c;
    if (c.free) c.free();
    if (moves.error) { g.showError(moves.error); return; }
    g.cancelPending();
    var chain = Promise.resolve(g.state);
    var played = 0;
    moves.forEach(function (m) {
      chain = chain.then(function () {
        return g.engine.call('play', g.id, m).then(function (s) { played++; return s; });
      });
    });
    return chain.then(function (s) {
      g.opponent = (g.data && g.data.opponent) || 'perfect';
      var sel = TC.$('#opponent');
      if (sel) sel.value = g.opponent;
      g.human = s.side;
      g.board.setFlipped(s.side === 'black');
      g.setState(s, false);
      var note = 'Playing from the position after ' + played + (played === 1 ? ' move' : ' moves') + ' of the linked line. You play ' + s.side + '. ' + TC.statusText(s);
      g.setStatus(note);
      TC.announce(note);
    }, function (err) {
      g.showError('Move ' + (played + 1) + ' of the linked line cannot be played: ' + err.message);
      return g.engine.call('state', g.id).then(function (s) { g.setState(s, false); });
    });
  }

  // Progress of the trainer in localStorage, validated on every read: a
  // corrupt or old record is replaced by an empty one, never trusted.
  var PROGRESS_KEY = 'thinchess.progress';
  var PROGRESS_VERSION = 1;

  function emptyProgress() {
    return { v: PROGRESS_VERSION, puzzles: {}, streak: 0, best: 0 };
  }

  function count(x) { return typeof x === 'number' && isFinite(x) && x >= 0 && Math.floor(x) === x; }

  function validProgress(p) {
    if (!p || typeof p !== 'object' || Array.isArray(p) || p.v !== PROGRESS_VERSION) return false;
    if (!count(p.streak) || !count(p.best) || !p.puzzles || typeof p.puzzles !== 'object' || Array.isArray(p.puzzles)) return false;
    return Object.keys(p.puzzles).every(function (k) {
      var e = p.puzzles[k];
      return e && typeof e === 'object' && typeof e.solved === 'boolean' && count(e.attempts) && count(e.hints);
    });
  }

  // loadProgress returns {progress, reset}; reset is true when stored
  // data was unusable and has been cleared.
  TC.loadProgress = function () {
    var raw = TC.store.get(PROGRESS_KEY);
    if (raw == null) return { progress: emptyProgress(), reset: false };
    var p = null;
    try { p = JSON.parse(raw); } catch (e) { p = null; }
    if (validProgress(p)) return { progress: p, reset: false };
    TC.store.remove(PROGRESS_KEY);
    return { progress: emptyProgress(), reset: true };
  };

  function saveProgress(p) { TC.store.set(PROGRESS_KEY, JSON.stringify(p)); }

  function startTrain() {
    var puzzles = TC.json('puzzles-data') || [];
    if (!puzzles.length) return;
    var root = TC.$('main');
    var loaded = TC.loadProgress();
    var progress = loaded.progress;
    var note = TC.$('#storage-note');
    if (loaded.reset && note) {
      note.textContent = 'Your saved progress could not be read (it was damaged or from an older version), so it has been reset.';
      note.hidden = false;
    }
    var select = TC.$('#puzzle-select');
    var streakBox = TC.$('#streak-mode');
    var progressEl = TC.$('#progress');
    var current = 0;
    var clean = true;

    function entry(id) {
      if (!progress.puzzles[id]) progress.puzzles[id] = { solved: false, attempts: 0, hints: 0 };
      return progress.puzzles[id];
    }
    function showProgress() {
      var solved = puzzles.filter(function (p) { return progress.puzzles[p.id] && progress.puzzles[p.id].solved; }).length;
      progressEl.textContent = 'Solved ' + solved + ' of ' + puzzles.length + ' · streak ' + progress.streak + ' · best streak ' + progress.best + (streakBox.checked ? ' · streak mode' : '');
      TC.$$('option', select).forEach(function (o) {
        var e = progress.puzzles[o.value];
        var title = puzzles.filter(function (p) { return p.id === o.value; })[0].title;
        o.textContent = (e && e.solved ? '✓ ' : '') + title;
      });
    }

    var puzzle = new TC.Puzzle({
      data: puzzles[0], root: root,
      onMistake: function () {
        clean = false;
        if (streakBox.checked && progress.streak > 0) {
          progress.streak = 0;
          saveProgress(progress);
          puzzle.feedback('✗ Streak over. Try this puzzle again, or start a new run with Next puzzle.', 'bad');
          showProgress();
        }
      },
      onSolved: function (r) {
        var e = entry(puzzles[current].id);
        e.attempts++;
        e.hints += r.hints;
        if (!r.shown) e.solved = true;
        if (!r.shown && r.hints === 0 && r.mistakes === 0 && clean) {
          progress.streak++;
          progress.best = Math.max(progress.best, progress.streak);
        } else {
          progress.streak = 0;
        }
        saveProgress(progress);
        showProgress();
        var next = TC.$('[data-action="next"]');
        if (next) next.focus();
      },
    });
    TC.page = puzzle;

    function open(i) {
      current = (i + puzzles.length) % puzzles.length;
      clean = true;
      var p = puzzles[current];
      select.value = p.id;
      TC.$('#puzzle-title').textContent = p.title;
      TC.$('#puzzle-task').textContent = p.puzzle.task;
      TC.$('#puzzle-link').setAttribute('href', p.url);
      return puzzle.load(p);
    }
    function next() {
      // The next unsolved puzzle after the current one, else simply the next.
      for (var k = 1; k <= puzzles.length; k++) {
        var i = (current + k) % puzzles.length;
        var e = progress.puzzles[puzzles[i].id];
        if (!e || !e.solved || streakBox.checked) return open(i);
      }
      return open(current + 1);
    }
    select.addEventListener('change', function () {
      for (var i = 0; i < puzzles.length; i++) if (puzzles[i].id === select.value) open(i);
    });
    TC.$('[data-action="next"]').addEventListener('click', function () { next(); });
    streakBox.addEventListener('change', function () {
      progress.streak = 0;
      saveProgress(progress);
      showProgress();
      if (streakBox.checked) open(0);
    });
    TC.$('[data-action="reset-progress"]').addEventListener('click', function () {
      progress = emptyProgress();
      saveProgress(progress);
      showProgress();
    });
    var hint = TC.$('#puzzle [data-action="hint"]');
    if (hint) hint.addEventListener('click', function () { clean = false; });
    showProgress();
    TC.$('#puzzle-task').textContent = puzzles[0].puzzle.task;
    puzzle.bind();
    open(0).catch(function () {});
  }

  // The editor keeps a board of cells it changes itself and asks the
  // engine to read every position it shows.
  function startEditor() {
    var board = new TC.Board(TC.$('#board'), { onSquare: function (name) { place(name); } });
    var engine = TC.engine();
    var ed = { w: board.w, h: board.h, cells: [], side: 'w', variant: '', text: '' };
    var tool = 'wk';
    var solver = null;
    var err = TC.$('#ed-error');
    var status = TC.$('#status');
    var analysis = TC.$('#analysis');
    var progress = TC.$('#solve-progress');
    TC.page = { editor: ed };

    function showError(text) {
      err.textContent = text || '';
      err.hidden = !text;
    }
    function code() {
      var ranks = [];
      for (var r = ed.h - 1; r >= 0; r--) {
        var row = [];
        for (var f = 0; f < ed.w; f++) row.push(ed.cells[r * ed.w + f] || 'x');
        ranks.push(row.join(','));
      }
      return ranks.join(ed.w === 1 ? ',' : '/') + ':' + ed.side;
    }
    function syncForm() {
      TC.$('#ed-width').value = ed.w;
      TC.$('#ed-height').value = ed.h;
      TC.$('#ed-side').value = ed.side;
      TC.$('#ed-variant').value = ed.variant;
    }
    function draw() {
      board.setCells(ed.w, ed.h, ed.cells);
    }
    // check asks the engine to read the position and shows code and FEN.
    function check(text) {
      return engine.call('parse', ed.variant, {}, text).then(function (p) {
        showError('');
        ed.text = text;
        TC.$('#ed-code').textContent = p.code;
        TC.$('#ed-fen').textContent = p.fen;
        var link = '?pos=' + encodeURIComponent(p.code);
        TC.$('#ed-share').setAttribute('href', link);
        status.textContent = TC.capitalize(p.side) + ' to move' + (p.status !== 'active' ? ' (' + p.status.replace(/-/g, ' ') + ')' : '') + '. Preset: ' + p.variant + '.';
        return p;
      });
    }
    function edited() {
      draw();
      analysis.textContent = '';
      check(code()).then(function (p) {
        history.replaceState(null, '', '?pos=' + encodeURIComponent(p.code));
      }, function (e) {
        showError(e.message);
        TC.$('#ed-code').textContent = code();
        TC.$('#ed-fen').textContent = '';
        status.textContent = 'This position cannot be played yet.';
      });
    }
    // load reads a typed or linked position; on an error nothing changes.
    function load(text) {
      return engine.call('parse', ed.variant, {}, text).then(function (p) {
        ed.w = p.w;
        ed.h = p.h;
        ed.cells = p.board.slice();
        ed.side = p.side === 'white' ? 'w' : 'b';
        syncForm();
        draw();
        analysis.textContent = '';
        return check(text);
      });
    }
    function place(name) {
      var i = TC.squareIndex(ed.w, name);
      ed.cells[i] = tool === 'x' || ed.cells[i] === tool ? '' : tool;
      edited();
      TC.announce(name + ', ' + TC.pieceName(ed.cells[i]));
    }
    function resize(w, h) {
      w = Math.max(1, Math.min(16, w | 0));
      h = Math.max(1, Math.min(16, h | 0));
      var cells = new Array(w * h).fill('');
      for (var r = 0; r < Math.min(h, ed.h); r++) {
        for (var f = 0; f < Math.min(w, ed.w); f++) cells[r * w + f] = ed.cells[r * ed.w + f] || '';
      }
      ed.w = w;
      ed.h = h;
      ed.cells = cells;
      edited();
    }
    TC.$$('#palette [data-piece]').forEach(function (b) {
      b.addEventListener('click', function () {
        tool = b.dataset.piece;
        TC.$$('#palette [data-piece]').forEach(function (o) { o.setAttribute('aria-pressed', o === b ? 'true' : 'false'); });
      });
      if (b.dataset.piece === tool) b.setAttribute('aria-pressed', 'true');
    });
    TC.$('#ed-width').addEventListener('change', function (e) { resize(parseInt(e.target.value, 10) || 1, ed.h); });
    TC.$('#ed-height').addEventListener('change', function (e) { resize(ed.w, parseInt(e.target.value, 10) || 1); });
    TC.$('#ed-side').addEventListener('change', function (e) { ed.side = e.target.value; edited(); });
    TC.$('#ed-variant').addEventListener('change', function (e) { ed.variant = e.target.value; edited(); });
    TC.$('[data-action="clear"]').addEventListener('click', function () { ed.cells = new Array(ed.w * ed.h).fill(''); edited(); });
    TC.$('[data-action="flip"]').addEventListener('click', function () { board.flip(); });
    TC.$('#pos-form').addEventListener('submit', function (e) {
      e.preventDefault();
      var text = TC.$('#pos-input').value.trim();
      load(text).then(function (p) {
        history.replaceState(null, '', '?pos=' + encodeURIComponent(p.code));
      }, function (e2) { showError(e2.message); });
    });
    var msg = TC.$('#copy-msg');
    function copy(what, text) {
      TC.copyText(text).then(function () { msg.textContent = what + ' copied.'; }, function (e) { msg.textContent = 'Could not copy: ' + e.message; });
    }
    TC.$('[data-action="copy-code"]').addEventListener('click', function () { copy('Code', TC.$('#ed-code').textContent); });
    TC.$('[data-action="copy-fen"]').addEventListener('click', function () { copy('FEN', TC.$('#ed-fen').textContent); });
    TC.$('[data-action="copy-link"]').addEventListener('click', function () { copy('Link', TC.$('#ed-share').href); });

    var solveBtn = TC.$('[data-action="solve"]');
    var cancelBtn = TC.$('[data-action="cancel"]');
    function solving(on) {
      solveBtn.disabled = on;
      cancelBtn.disabled = !on;
      progress.hidden = !on;
      if (!on) progress.removeAttribute('value');
    }
    solveBtn.addEventListener('click', function () {
      var text = ed.text || code();
      solver = solver || new TC.Engine();
      var mine = solver;
      solving(true);
      progress.removeAttribute('value');
      analysis.textContent = '';
      status.textContent = 'Solving…';
      mine.call('solve', ed.variant, {}, text, 0, 3000, {
        __opts: true,
        progress: function (p) {
          if (p.total) { progress.max = p.total; progress.value = p.done; }
          status.textContent = 'Solving… ' + (p.text || '');
        },
      }).then(function (a) {
        if (solver !== mine) return;
        solving(false);
        status.textContent = 'Solved.';
        analysis.textContent = '';
        analysis.appendChild(TC.el('p', { class: 'value', id: 'solve-value' }, a.summary));
        analysis.appendChild(TC.el('p', null, 'Method: ' + a.methodText));
        if (a.pv && a.pv.length) analysis.appendChild(TC.el('p', null, 'Principal variation: ' + TC.numberedLine(a.pv, a.side, a.fullmove)));
        TC.announce(a.summary);
      }, function (e) {
        if (solver !== mine) return;
        solving(false);
        status.textContent = 'Not solved.';
        showError(e.message);
      });
    });
    cancelBtn.addEventListener('click', function () {
      if (!solver) return;
      solver.terminate();
      solver = null;
      solving(false);
      status.textContent = 'Solving cancelled.';
    });

    // Open on ?pos= when given; a bad one leaves the default position.
    var params = new URLSearchParams(location.search);
    var pos = params.get('pos');
    var cells = [];
    for (var i = 0; i < ed.w * ed.h; i++) cells.push(board.squares[TC.squareName(ed.w, i)] && board.squares[TC.squareName(ed.w, i)].dataset.piece || '');
    ed.cells = cells;
    var first = pos != null ? load(pos).catch(function (e) {
      return check(code()).then(function () {
        showError('The position in the link cannot be read: ' + e.message);
      });
    }) : check(code());
    first.then(function () {
      if (!TC.readyAt) TC.readyAt = performance.now();
      document.body.classList.add('engine-ready');
    }, function (e) {
      showError(e.message);
    });
  }

  TC.ready(function () {
    var page = document.body.dataset.page;
    if (page === 'mode') startMode();
    else if (page === 'train') startTrain();
    else if (page === 'editor') startEditor();
  });
})(window.TC = window.TC || {});
