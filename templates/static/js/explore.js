// The state-graph explorer: draws the graph the build laid out (the
// nodes' places come with the page data; nothing is laid out here), shows
// the chosen state's board, value and moves, lists the states row by row
// for the keyboard, and links to the mode page to play from a state.
(function (TC) {
  'use strict';

  var NS = 'http://www.w3.org/2000/svg';
  var WINNER = { W: 'White', B: 'Black' };
  var ENDS = { mate: 'checkmate', stalemate: 'stalemate', insufficient: 'insufficient material', race: 'race won' };
  // Flags of nodes and moves (see site/explore.go).
  var BEST = 1, SCOPE = 2, DRAWN = 4, SUB = 8;

  // readNodes turns the page data's arrays into objects.
  function readNodes(raw) {
    return raw.map(function (a, i) {
      var moves = (a[10] || []).map(function (m) {
        return { san: m[0], to: m[1], flags: m[2], value: m.length > 3 ? m[3] : null, dtm: m.length > 4 ? m[4] : null };
      });
      return { i: i, x: a[0], y: a[1], layer: a[2], fen: a[3], value: a[4], dtm: a[5], end: a[6], parent: a[7], via: a[8], flags: a[9], moves: moves };
    });
  }

  // cellsOf reads a FEN's placement into cells by square index (a1 = 0).
  function cellsOf(fen, w, h) {
    var cells = new Array(w * h).fill('');
    var ranks = fen.split(' ')[0].split('/');
    ranks.forEach(function (row, ri) {
      var r = h - 1 - ri, f = 0, run = '';
      for (var k = 0; k < row.length; k++) {
        var c = row[k];
        if (c >= '0' && c <= '9') { run += c; continue; }
        if (run) { f += parseInt(run, 10); run = ''; }
        var lower = c.toLowerCase();
        if (f < w && r >= 0) cells[r * w + f] = (c === lower ? 'b' : 'w') + lower;
        f++;
      }
    });
    return cells;
  }

  function sideOf(fen) { return fen.split(' ')[1] === 'b' ? 'black' : 'white'; }

  function plies(n) { return n + (n === 1 ? ' ply' : ' plies'); }

  // valueText says who wins a state and how fast; race is set when a win
  // is a race to the far rank, not a mate.
  function valueText(value, dtm, race) {
    if (value === 'D') return 'Draw';
    if (dtm === 0) return WINNER[value] + ' has won';
    return WINNER[value] + (race ? ' wins the race in ' : ' wins, mate in ') + plies(dtm);
  }

  function shortValue(value, dtm) {
    if (value === 'D') return 'draw';
    return WINNER[value] + ' wins in ' + dtm;
  }

  function Explorer(data) {
    this.data = data;
    this.nodes = readNodes(data.nodes || []);
    this.rows = [];
    var self = this;
    this.nodes.forEach(function (n) {
      while (self.rows.length <= n.layer) self.rows.push([]);
      self.rows[n.layer].push(n.i);
    });
    this.svg = TC.$('#ex-svg');
    this.view = { x: 0, y: 0, w: data.width, h: data.height };
    this.board = new TC.Board(TC.$('#board'), { onSquare: function () {} });
    this.current = -1;
    this.listRow = -1;
  }

  Explorer.prototype.start = function () {
    this.draw();
    this.bind();
    this.fillRows();
    var m = /^#state-(\d+)$/.exec(location.hash);
    var k = m ? parseInt(m[1], 10) : 0;
    if (!(k >= 0 && k < this.nodes.length)) k = 0;
    this.select(k, false);
    document.body.classList.add('explore-ready');
  };

  // draw builds the picture: the lines, then one shape per state.
  // The winning subtree stands out only inside the whole graph.
  Explorer.prototype.draw = function () {
    var nodes = this.nodes;
    var plain = [], sub = [];
    var mark = this.data.scope === 'all' ? SUB : 0;
    nodes.forEach(function (n) {
      n.moves.forEach(function (m) {
        if (!(m.flags & DRAWN) || m.to < 0) return;
        var t = nodes[m.to];
        ((m.flags & mark) ? sub : plain).push('M' + n.x + ' ' + n.y + 'L' + t.x + ' ' + t.y);
      });
    });
    var svg = this.svg;
    svg.textContent = '';
    var edges = document.createElementNS(NS, 'g');
    edges.setAttribute('class', 'ex-edges');
    [[plain, 'ex-e'], [sub, 'ex-e ex-e-sub']].forEach(function (p) {
      if (!p[0].length) return;
      var path = document.createElementNS(NS, 'path');
      path.setAttribute('class', p[1]);
      path.setAttribute('d', p[0].join(''));
      edges.appendChild(path);
    });
    svg.appendChild(edges);
    this.pathEl = document.createElementNS(NS, 'path');
    this.pathEl.setAttribute('class', 'ex-path');
    svg.appendChild(this.pathEl);
    var g = document.createElementNS(NS, 'g');
    g.setAttribute('class', 'ex-nodes');
    nodes.forEach(function (n) {
      var el;
      var x = n.x, y = n.y;
      switch (n.end) {
        case 'mate':
          el = document.createElementNS(NS, 'rect');
          el.setAttribute('x', x - 5);
          el.setAttribute('y', y - 5);
          el.setAttribute('width', 10);
          el.setAttribute('height', 10);
          break;
        case 'stalemate':
          el = document.createElementNS(NS, 'path');
          el.setAttribute('d', 'M' + x + ' ' + (y - 6) + 'L' + (x + 6) + ' ' + y + 'L' + x + ' ' + (y + 6) + 'L' + (x - 6) + ' ' + y + 'Z');
          break;
        case 'insufficient':
          el = document.createElementNS(NS, 'path');
          el.setAttribute('d', 'M' + x + ' ' + (y - 6) + 'L' + (x + 6) + ' ' + (y + 5) + 'L' + (x - 6) + ' ' + (y + 5) + 'Z');
          break;
        case 'race':
          el = document.createElementNS(NS, 'path');
          el.setAttribute('d', 'M' + (x - 6) + ' ' + (y - 5) + 'L' + (x + 6) + ' ' + (y - 5) + 'L' + x + ' ' + (y + 6) + 'Z');
          break;
        default:
          el = document.createElementNS(NS, 'circle');
          el.setAttribute('cx', x);
          el.setAttribute('cy', y);
          el.setAttribute('r', 5);
      }
      el.setAttribute('class', 'ex-n v-' + n.value + (n.end !== '-' ? ' t-' + n.end : '') + ((n.flags & mark) ? ' ex-sub' : ''));
      el.setAttribute('data-i', n.i);
      g.appendChild(el);
    });
    svg.appendChild(g);
    this.selEl = document.createElementNS(NS, 'circle');
    this.selEl.setAttribute('class', 'ex-sel');
    this.selEl.setAttribute('r', 10);
    svg.appendChild(this.selEl);
    this.setView(this.view);
  };

  Explorer.prototype.setView = function (v) {
    var W = this.data.width, H = this.data.height;
    v.w = Math.max(40, Math.min(v.w, W * 2));
    v.h = v.w * H / W;
    v.x = Math.max(-v.w / 2, Math.min(v.x, W - v.w / 2));
    v.y = Math.max(-v.h / 2, Math.min(v.y, H - v.h / 2));
    this.view = v;
    this.svg.setAttribute('viewBox', v.x + ' ' + v.y + ' ' + v.w + ' ' + v.h);
  };

  // zoom scales the view by f around a point of the picture.
  Explorer.prototype.zoom = function (f, cx, cy) {
    var v = this.view;
    if (cx == null) { cx = v.x + v.w / 2; cy = v.y + v.h / 2; }
    var w = v.w / f;
    this.setView({ x: cx - (cx - v.x) / f, y: cy - (cy - v.y) / f, w: w, h: v.h / f });
  };

  // reveal centres the view on a node when it is out of sight.
  Explorer.prototype.reveal = function (n) {
    var v = this.view;
    if (n.x >= v.x && n.x <= v.x + v.w && n.y >= v.y && n.y <= v.y + v.h) return;
    this.setView({ x: n.x - v.w / 2, y: n.y - v.h / 2, w: v.w, h: v.h });
  };

  Explorer.prototype.bind = function () {
    var self = this;
    var svg = this.svg;
    var drag = null;
    svg.addEventListener('click', function (e) {
      if (self.dragged) { self.dragged = false; return; }
      var t = e.target.closest('[data-i]');
      if (t) self.select(parseInt(t.getAttribute('data-i'), 10), true);
    });
    svg.addEventListener('pointerdown', function (e) {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, v: { x: self.view.x, y: self.view.y, w: self.view.w, h: self.view.h }, moved: false };
    });
    svg.addEventListener('pointermove', function (e) {
      if (!drag) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 5) return;
      if (!drag.moved) { drag.moved = true; svg.setPointerCapture(e.pointerId); }
      var scale = drag.v.w / svg.getBoundingClientRect().width;
      self.setView({ x: drag.v.x - dx * scale, y: drag.v.y - dy * scale, w: drag.v.w, h: drag.v.h });
    });
    var end = function () {
      if (drag && drag.moved) self.dragged = true;
      drag = null;
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    svg.addEventListener('wheel', function (e) {
      e.preventDefault();
      var r = svg.getBoundingClientRect();
      var v = self.view;
      var cx = v.x + (e.clientX - r.left) / r.width * v.w;
      var cy = v.y + (e.clientY - r.top) / r.height * v.h;
      self.zoom(e.deltaY < 0 ? 1.25 : 0.8, cx, cy);
    }, { passive: false });
    var actions = {
      'zoom-in': function () { self.zoom(1.5); },
      'zoom-out': function () { self.zoom(1 / 1.5); },
      fit: function () { self.setView({ x: 0, y: 0, w: self.data.width, h: self.data.height }); },
      start: function () { self.select(0, true); },
    };
    TC.$$('[data-ex]').forEach(function (b) {
      b.addEventListener('click', function () { actions[b.dataset.ex](); });
    });
    TC.$('#ex-parent').addEventListener('click', function () {
      var n = self.nodes[self.current];
      if (n && n.parent >= 0) self.select(n.parent, true);
    });
    TC.$('#ex-row').addEventListener('change', function (e) { self.fillList(parseInt(e.target.value, 10)); });
  };

  // rowName names row r for the list.
  Explorer.prototype.rowName = function (r) {
    var count = this.rows[r].length;
    var what = this.data.layering === 'dtm' ? (this.data.race ? 'plies to the win ' : 'distance to mate ') + this.nodes[this.rows[r][0]].dtm : 'ply ' + r;
    return 'Row ' + (r + 1) + ' · ' + what + ' · ' + count + (count === 1 ? ' state' : ' states');
  };

  Explorer.prototype.fillRows = function () {
    var sel = TC.$('#ex-row');
    sel.textContent = '';
    for (var r = 0; r < this.rows.length; r++) sel.appendChild(TC.el('option', { value: r }, this.rowName(r)));
  };

  // fillList lists the states of row r as buttons.
  Explorer.prototype.fillList = function (r) {
    if (!(r >= 0 && r < this.rows.length)) return;
    var self = this;
    var ul = TC.$('#ex-states');
    this.listRow = r;
    TC.$('#ex-row').value = String(r);
    ul.textContent = '';
    this.rows[r].forEach(function (k) {
      var n = self.nodes[k];
      var label = shortValue(n.value, n.dtm) + (n.end !== '-' ? ' (' + ENDS[n.end] + ')' : '') + ' · ' + n.fen;
      var b = TC.el('button', { type: 'button', class: 'ex-state v-' + n.value, 'data-i': k }, label);
      if (k === self.current) b.setAttribute('aria-current', 'true');
      b.addEventListener('click', function () { self.select(k, true); });
      ul.appendChild(TC.el('li')).appendChild(b);
    });
  };

  // line returns the moves from the start to node k: their SAN and
  // coordinates.
  Explorer.prototype.line = function (k) {
    var san = [], coords = [];
    var n = this.nodes[k];
    var guard = this.nodes.length;
    while (n && n.parent >= 0 && guard-- > 0) {
      var p = this.nodes[n.parent];
      var m = p.moves.filter(function (x) { return x.to === n.i; })[0];
      san.unshift(m ? m.san : n.via);
      coords.unshift(n.via);
      n = p;
    }
    return { san: san, coords: coords };
  };

  // select shows node k; user says the reader chose it (announce it).
  Explorer.prototype.select = function (k, user) {
    var n = this.nodes[k];
    if (!n) return;
    var self = this;
    this.current = k;
    var start = this.nodes[0];
    var line = this.line(k);
    var side = sideOf(n.fen);

    this.board.setCells(this.data.w, this.data.h, cellsOf(n.fen, this.data.w, this.data.h));
    var title = k === 0 ? 'The start position' : 'State ' + (k + 1) + ' of ' + this.nodes.length;
    TC.$('#ex-state-h').textContent = title;
    var facts = TC.$('#ex-facts');
    facts.textContent = '';
    var add = function (dt, dd) {
      facts.appendChild(TC.el('dt', null, dt));
      facts.appendChild(TC.el('dd', null, dd));
    };
    var race = this.data.race;
    add('Value', valueText(n.value, n.dtm, race));
    add(race ? 'Distance to the win' : 'Distance to mate', n.dtm < 0 ? 'none (a draw)' : plies(n.dtm));
    add('To move', TC.capitalize(side));
    add('Game over', n.end === '-' ? 'no' : ENDS[n.end]);
    add('Row', this.rowName(n.layer));
    add('From the start', line.san.length ? TC.numberedLine(line.san, sideOf(start.fen), parseInt(start.fen.split(' ')[5], 10) || 1) : 'this is the start');
    add('FEN', n.fen);
    var status = TC.$('#status');
    status.textContent = title + ': ' + valueText(n.value, n.dtm, race) + (n.end !== '-' ? ' (' + ENDS[n.end] + ')' : '') + '.';

    var ul = TC.$('#ex-moves');
    ul.textContent = '';
    if (!n.moves.length) ul.appendChild(TC.el('li', { class: 'muted' }, 'No moves: the game is over.'));
    n.moves.forEach(function (m) {
      var li = TC.el('li');
      var value = m.to >= 0 ? self.nodes[m.to].value : m.value;
      var dtm = m.to >= 0 ? self.nodes[m.to].dtm : m.dtm;
      if (m.to >= 0) {
        var b = TC.el('button', { type: 'button', class: 'ex-move', 'data-to': m.to }, m.san);
        b.addEventListener('click', function () { self.select(m.to, true); });
        li.appendChild(b);
      } else {
        li.appendChild(TC.el('span', { class: 'ex-move' }, m.san));
      }
      li.appendChild(TC.el('span', { class: 'ex-mv-value v-' + value }, ' → ' + valueText(value, dtm, race)));
      if (m.flags & BEST) li.appendChild(TC.el('span', { class: 'ex-best' }, 'optimal'));
      if (m.to < 0) li.appendChild(TC.el('span', { class: 'muted' }, '(not shown here)'));
      ul.appendChild(li);
    });

    var play = TC.$('#ex-play');
    play.setAttribute('href', this.data.play + (line.coords.length ? '?moves=' + line.coords.join('+') : ''));
    play.textContent = 'Play from here';
    TC.$('#ex-parent').disabled = n.parent < 0;

    this.selEl.setAttribute('cx', n.x);
    this.selEl.setAttribute('cy', n.y);
    var d = '';
    for (var p = n; p.parent >= 0; p = this.nodes[p.parent]) {
      var q = this.nodes[p.parent];
      d += 'M' + p.x + ' ' + p.y + 'L' + q.x + ' ' + q.y;
    }
    this.pathEl.setAttribute('d', d);
    this.reveal(n);

    if (this.listRow !== n.layer) this.fillList(n.layer);
    TC.$$('#ex-states [aria-current]').forEach(function (b) { b.removeAttribute('aria-current'); });
    var mine = TC.$('#ex-states [data-i="' + k + '"]');
    if (mine) mine.setAttribute('aria-current', 'true');
    if (history.replaceState) history.replaceState(null, '', k === 0 ? location.pathname + location.search : '#state-' + k);
    if (user) TC.announce(status.textContent);
  };

  TC.Explorer = Explorer;

  TC.ready(function () {
    if (document.body.dataset.page !== 'explore') return;
    var data = TC.json('explore-data');
    if (!data || !data.nodes || !data.nodes.length) {
      TC.$('#status').textContent = 'The graph data could not be read.';
      return;
    }
    var ex = new Explorer(data);
    TC.page = ex;
    ex.start();
  });
})(window.TC = window.TC || {});
