// @ts-check
// The state-graph explorer: draws the graph the build laid out (the
// nodes' places come with the page data; nothing is laid out here), shows
// the chosen state's board, value and moves, lists the states row by row
// for the keyboard, and links to the mode page to play from a state.
import './prefs.js';
import { $, $$, el, svgEl, json, announce, onPage } from './dom.js';
import { Board } from './board.js';
import { cellsOf, sideOf } from './position.js';
import { BEST, SUB, readNodes, rowsOf, rowName, lineTo, pathTo, edgePaths, nodeShape, clampView, zoomView, revealView } from './graph.js';

/**
 * A state of the graph as graph.js reads it, and the part of the picture
 * shown (an SVG view box).
 * @typedef {ReturnType<typeof readNodes>[number]} Node
 * @typedef {ReturnType<typeof clampView>} View
 */

/** Explorer is the explorer page's controller (TC.page). */
export class Explorer {
  /** @param {wire.Explore} data */
  constructor(data) {
    this.data = data;
    /** @type {Node[]} */
    this.nodes = readNodes(data.nodes || []);
    /** @type {number[][]} */
    this.rows = rowsOf(this.nodes);
    /** @type {SVGSVGElement} */
    this.svg = $('#ex-svg');
    /** @type {View} */
    this.view = { x: 0, y: 0, w: data.width, h: data.height };
    this.board = new Board($('#board'), { onSquare: () => {} });
    this.current = -1;
    this.listRow = -1;
    // dragged is set when a drag ends, so that its click selects nothing.
    this.dragged = false;
    /** @type {SVGPathElement|null} */
    this.pathEl = null;
    /** @type {SVGCircleElement|null} */
    this.selEl = null;
  }

  // start draws the graph and selects the state of the address
  // (#state-K), else the start.
  start() {
    this.draw();
    this.phoneView();
    this.bind();
    this.fillRows();
    const m = /^#state-(\d+)$/.exec(location.hash);
    let k = m ? parseInt(m[1], 10) : 0;
    if (!(k >= 0 && k < this.nodes.length)) k = 0;
    this.select(k, false);
    document.body.classList.add('explore-ready');
  }

  // draw builds the picture: the lines, then one shape per state.
  // The winning subtree stands out only inside the whole graph.
  draw() {
    const mark = this.data.scope === 'all' ? SUB : 0;
    const svg = this.svg;
    svg.textContent = '';
    const edges = svgEl('g', { class: 'ex-edges' });
    const paths = edgePaths(this.nodes, mark);
    if (paths.plain) edges.appendChild(svgEl('path', { class: 'ex-e', d: paths.plain }));
    if (paths.sub) edges.appendChild(svgEl('path', { class: 'ex-e ex-e-sub', d: paths.sub }));
    svg.appendChild(edges);
    this.pathEl = /** @type {SVGPathElement} */ (svg.appendChild(svgEl('path', { class: 'ex-path' })));
    const g = svgEl('g', { class: 'ex-nodes' });
    this.nodes.forEach((n) => {
      const shape = nodeShape(n);
      const e = svgEl(shape.tag, shape.attrs);
      e.setAttribute('class', 'ex-n v-' + n.value + (n.end !== '-' ? ' t-' + n.end : '') + ((n.flags & mark) ? ' ex-sub' : ''));
      e.setAttribute('data-i', String(n.i));
      g.appendChild(e);
    });
    svg.appendChild(g);
    this.selEl = /** @type {SVGCircleElement} */ (svg.appendChild(svgEl('circle', { class: 'ex-sel', r: '10' })));
    this.setView(this.view);
  }

  /**
   * setView shows part v of the picture, kept inside it.
   * @param {View} v
   */
  setView(v) {
    const box = this.svg.getBoundingClientRect();
    this.view = clampView(v, this.data.width, this.data.height, box.width > 0 ? box.height / box.width : 0);
    const w = this.view;
    this.svg.setAttribute('viewBox', w.x + ' ' + w.y + ' ' + w.w + ' ' + w.h);
  }

  // phoneView starts a phone's picture (a tall box, app.css) zoomed in
  // at the top, where the start is, so that its states stand apart: the
  // whole graph in 360 px is a tangle. Dragging moves it.
  phoneView() {
    const box = this.svg.getBoundingClientRect();
    if (!(box.width > 0) || box.width >= 640 || box.height <= box.width * this.data.height / this.data.width + 1) return;
    const w = Math.min(this.data.width, box.width * 1.4);
    const s = this.nodes[0];
    this.setView({ x: (s ? s.x : this.data.width / 2) - w / 2, y: -20, w: w, h: 0 });
  }

  /**
   * zoom scales the view by f around a point of the picture (its
   * centre when cx, cy are not given).
   * @param {number} f
   * @param {number} [cx]
   * @param {number} [cy]
   */
  zoom(f, cx, cy) {
    this.setView(zoomView(this.view, f, cx, cy));
  }

  // bind wires the zoom buttons, the parent button and the row list.
  bind() {
    this.bindPicture();
    const actions = {
      'zoom-in': () => this.zoom(1.5),
      'zoom-out': () => this.zoom(1 / 1.5),
      fit: () => this.setView({ x: 0, y: 0, w: this.data.width, h: this.data.height }),
      start: () => this.select(0, true),
    };
    $$('[data-ex]').forEach((b) => b.addEventListener('click', () => actions[b.dataset.ex]()));
    $('#ex-parent').addEventListener('click', () => {
      const n = this.nodes[this.current];
      if (n && n.parent >= 0) this.select(n.parent, true);
    });
    $('#ex-row').addEventListener('change', (e) => this.fillList(parseInt(e.target.value, 10)));
  }

  // bindPicture lets the reader pick a state, drag the picture and zoom
  // it with the wheel.
  bindPicture() {
    const svg = this.svg;
    /** @type {{x: number, y: number, v: View, moved: boolean}|null} */
    let drag = null;
    svg.addEventListener('click', (e) => {
      if (this.dragged) { this.dragged = false; return; }
      const t = /** @type {Element} */ (e.target).closest('[data-i]');
      if (t) this.select(parseInt(t.getAttribute('data-i'), 10), true);
    });
    svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, v: Object.assign({}, this.view), moved: false };
    });
    svg.addEventListener('pointermove', (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 5) return;
      if (!drag.moved) { drag.moved = true; svg.setPointerCapture(e.pointerId); }
      const scale = drag.v.w / svg.getBoundingClientRect().width;
      this.setView({ x: drag.v.x - dx * scale, y: drag.v.y - dy * scale, w: drag.v.w, h: drag.v.h });
    });
    const end = () => {
      if (drag && drag.moved) this.dragged = true;
      drag = null;
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      const v = this.view;
      this.zoom(e.deltaY < 0 ? 1.25 : 0.8, v.x + (e.clientX - r.left) / r.width * v.w, v.y + (e.clientY - r.top) / r.height * v.h);
    }, { passive: false });
  }

  /**
   * rowName names row r of the list.
   * @param {number} r
   * @returns {string}
   */
  rowName(r) {
    return rowName(this.data, this.nodes, this.rows, r);
  }

  // fillRows fills the row picker.
  fillRows() {
    const sel = $('#ex-row');
    sel.textContent = '';
    this.rows.forEach((_, r) => sel.appendChild(el('option', { value: r }, this.rowName(r))));
  }

  /**
   * fillList lists the states of row r as buttons.
   * @param {number} r
   */
  fillList(r) {
    if (!(r >= 0 && r < this.rows.length)) return;
    const ul = $('#ex-states');
    this.listRow = r;
    $('#ex-row').value = String(r);
    ul.textContent = '';
    this.rows[r].forEach((k) => {
      const n = this.nodes[k];
      const b = el('button', { type: 'button', class: 'ex-state v-' + n.value, 'data-i': k }, n.text + ' · ' + n.fen);
      if (k === this.current) b.setAttribute('aria-current', 'true');
      b.addEventListener('click', () => this.select(k, true));
      ul.appendChild(el('li')).appendChild(b);
    });
  }

  /**
   * select shows node k; user says the reader chose it (announce it).
   * @param {number} k
   * @param {boolean} user
   */
  select(k, user) {
    const n = this.nodes[k];
    if (!n) return;
    this.current = k;
    const line = lineTo(this.nodes, k);
    const title = k === 0 ? 'The start position' : 'State ' + (k + 1) + ' of ' + this.nodes.length;
    this.board.setCells(this.data.w, this.data.h, cellsOf(n.fen, this.data.w, this.data.h));
    $('#ex-state-h').textContent = title;
    this.showFacts(n, line);
    const status = $('#status');
    status.textContent = title + ': ' + n.text + '.';
    this.showMoves(n);
    const play = $('#ex-play');
    play.setAttribute('href', this.data.play + (line.coords.length ? '?moves=' + line.coords.join('+') : ''));
    play.textContent = 'Play from here';
    $('#ex-parent').disabled = n.parent < 0;
    this.showPlace(n);
    this.showInList(n);
    if (history.replaceState) history.replaceState(null, '', k === 0 ? location.pathname + location.search : '#state-' + k);
    if (user) announce(status.textContent);
  }

  /**
   * showFacts lists what is known of node n, reached by line.
   * @param {Node} n
   * @param {{text: string}} line
   */
  showFacts(n, line) {
    const facts = $('#ex-facts');
    facts.textContent = '';
    const add = (dt, dd) => {
      facts.appendChild(el('dt', null, dt));
      facts.appendChild(el('dd', null, dd));
    };
    add('Value', n.text);
    add('To move', this.data.sides[sideOf(n.fen)]);
    add('Game over', n.end === '-' ? 'no' : this.data.ends[n.end]);
    add('Row', this.rowName(n.layer));
    add('From the start', line.text || 'this is the start');
    add('FEN', n.fen);
  }

  /**
   * showMoves lists the moves of node n with the values they lead to.
   * @param {Node} n
   */
  showMoves(n) {
    const ul = $('#ex-moves');
    ul.textContent = '';
    if (!n.moves.length) ul.appendChild(el('li', { class: 'muted' }, 'No moves: the game is over.'));
    n.moves.forEach((m) => {
      const li = el('li');
      const value = m.to >= 0 ? this.nodes[m.to].value : m.value;
      const text = m.to >= 0 ? this.nodes[m.to].text : m.text;
      if (m.to >= 0) {
        const b = el('button', { type: 'button', class: 'ex-move', 'data-to': m.to }, m.san);
        b.addEventListener('click', () => this.select(m.to, true));
        li.appendChild(b);
      } else {
        li.appendChild(el('span', { class: 'ex-move' }, m.san));
      }
      li.appendChild(el('span', { class: 'ex-mv-value v-' + value }, ' → ' + text));
      if (m.flags & BEST) li.appendChild(el('span', { class: 'ex-best' }, 'optimal'));
      if (m.to < 0) li.appendChild(el('span', { class: 'muted' }, '(not shown here)'));
      ul.appendChild(li);
    });
  }

  /**
   * showPlace marks node n and its path from the start in the picture.
   * @param {Node} n
   */
  showPlace(n) {
    this.selEl.setAttribute('cx', String(n.x));
    this.selEl.setAttribute('cy', String(n.y));
    this.pathEl.setAttribute('d', pathTo(this.nodes, n.i));
    this.setView(revealView(this.view, n));
  }

  /**
   * showInList shows node n's row in the list and marks n in it.
   * @param {Node} n
   */
  showInList(n) {
    if (this.listRow !== n.layer) this.fillList(n.layer);
    $$('#ex-states [aria-current]').forEach((b) => b.removeAttribute('aria-current'));
    const mine = $('#ex-states [data-i="' + n.i + '"]');
    if (mine) mine.setAttribute('aria-current', 'true');
  }
}

onPage('explore', () => {
  const data = /** @type {wire.Explore|null} */ (json('explore-data'));
  if (!data || !data.nodes || !data.nodes.length) {
    $('#status').textContent = 'The graph data could not be read.';
    return null;
  }
  const ex = new Explorer(data);
  ex.start();
  return ex;
});
