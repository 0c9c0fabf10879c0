// @ts-check
// The dashboard (train/dashboard/): the player's rating history as a
// chart drawn here in SVG over a dated time axis, accuracy by theme and
// board (named as the trainer names them, from the corpus's index), the
// records, the review queue, and export, import and reset of the
// progress — all from localStorage, nothing sent anywhere.
import './prefs.js';
import { $, el, svgEl, store, onPage, json, fetchJSON, saveFile, TC as page } from './dom.js';
import { PROGRESS_KEY, readProgress, emptyProgress, statsBy, dueReviews, exportProgress, importProgress, solvedCount } from './progress.js';
import { timeTicks } from './timeaxis.js';
import { readBests, mergeBests, BESTS_KEY } from './drillbests.js';

/** drillStore reads the drills' bests (drillbests.js) through dom.store. */
const drillStore = { getItem: (/** @type {string} */ k) => store.get(k) };

/** TC, the page seen from the console. @type {{[k: string]: any}} */
const TC = page;

/**
 * chart draws the rating history (points [t, rating, rd]) as an SVG:
 * the rating line over a band of ±RD against the dates it was played
 * on (a dated time axis), with the lowest and highest rating marked.
 * @param {number[][]} history
 * @param {number} width
 * @param {number} height
 */
export function chart(history, width, height) {
  const svg = svgEl('svg', { viewBox: '0 0 ' + width + ' ' + height, role: 'img', class: 'chart' });
  const pad = { l: 44, r: 12, t: 8, b: 30 };
  const pts = history.length === 1 ? [history[0], history[0]] : history;
  let lo = Infinity;
  let hi = -Infinity;
  pts.forEach((h) => { lo = Math.min(lo, h[1] - h[2]); hi = Math.max(hi, h[1] + h[2]); });
  lo = Math.floor(lo / 50) * 50;
  hi = Math.max(lo + 100, Math.ceil(hi / 50) * 50);
  const t0 = pts[0][0];
  const t1 = pts[pts.length - 1][0];
  const span = t1 - t0;
  // By time when the points span time, else one after the other.
  const x = (/** @type {number} */ i) => pad.l + (width - pad.l - pad.r) * (span > 0 ? (pts[i][0] - t0) / span : pts.length === 1 ? 0 : i / (pts.length - 1));
  const xt = (/** @type {number} */ t) => pad.l + (width - pad.l - pad.r) * (span > 0 ? (t - t0) / span : 0.5);
  const y = (/** @type {number} */ r) => pad.t + (height - pad.t - pad.b) * (1 - (r - lo) / (hi - lo));
  const band = pts.map((h, i) => x(i) + ',' + y(h[1] + h[2])).concat(pts.map((h, i) => x(i) + ',' + y(h[1] - h[2])).reverse());
  svg.appendChild(svgEl('polygon', { points: band.join(' '), class: 'chart-band' }));
  svg.appendChild(svgEl('polyline', { points: pts.map((h, i) => x(i) + ',' + y(h[1])).join(' '), class: 'chart-line' }));
  [lo, hi].forEach((v) => {
    const t = svgEl('text', { x: pad.l - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'chart-label' });
    t.textContent = String(v);
    svg.appendChild(t);
  });
  const base = height - pad.b;
  svg.appendChild(svgEl('line', { x1: pad.l, x2: width - pad.r, y1: base, y2: base, class: 'chart-axis' }));
  const ticks = timeTicks(t0, t1, Math.max(2, Math.floor((width - pad.l - pad.r) / 90)));
  ticks.forEach((k, i) => {
    const at = xt(k.t);
    svg.appendChild(svgEl('line', { x1: at, x2: at, y1: base, y2: base + 4, class: 'chart-axis' }));
    const anchor = ticks.length > 1 && i === 0 && at - pad.l < 30 ? 'start' : at > width - pad.r - 30 ? 'end' : 'middle';
    const t = svgEl('text', { x: at, y: base + 18, 'text-anchor': anchor, class: 'chart-label chart-date' });
    t.textContent = k.label;
    svg.appendChild(t);
  });
  const last = pts[pts.length - 1];
  const title = svgEl('title', {});
  const from = new Date(t0).toLocaleDateString('en');
  const to = new Date(t1).toLocaleDateString('en');
  title.textContent = 'Rating history: ' + history.length + ' rated puzzles' + (from === to ? ' on ' + from : ' from ' + from + ' to ' + to) +
    '; now ' + Math.round(last[1]) + ' ±' + Math.round(last[2]) + ' (range ' + lo + '–' + hi + ')';
  svg.insertBefore(title, svg.firstChild);
  return svg;
}

/**
 * table lists the statistics of rows (by theme or board).
 * @param {{name: string, attempts: number, solved: number, accuracy: number, avgSolved: number}[]} rows
 * @param {string} name the heading of the first column
 */
function table(rows, name) {
  if (!rows.length) return el('p', { class: 'muted' }, 'No attempts yet.');
  const t = el('table', { class: 'stats' });
  const head = el('tr');
  [name, 'Attempts', 'Solved', 'Accuracy', 'Average rating solved'].forEach((h) => head.appendChild(el('th', { scope: 'col' }, h)));
  t.appendChild(head);
  rows.forEach((s) => {
    const tr = el('tr');
    [s.name, s.attempts, s.solved, Math.round(100 * s.accuracy) + '%', s.avgSolved || '–'].forEach((v, i) => tr.appendChild(el(i ? 'td' : 'th', i ? null : { scope: 'row' }, String(v))));
    t.appendChild(tr);
  });
  return t;
}

export class Dashboard {
  constructor() {
    /** The names of themes and boards, from the corpus's index once loaded. */
    this.names = { themes: /** @type {{[id: string]: string}} */ ({}), families: /** @type {{[id: string]: string}} */ ({}) };
    const loaded = readProgress(store.get(PROGRESS_KEY));
    this.progress = loaded.progress;
    if (loaded.reset) this.note('Your saved progress could not be read, so it starts afresh.');
  }

  /**
   * useIndex names themes and boards as the corpus's index does.
   * @param {any} index
   */
  useIndex(index) {
    this.names.themes = index.themeNames || {};
    (index.familyNames || []).forEach((/** @type {{id: string, title: string}} */ f) => { this.names.families[f.id] = f.title; });
    this.show();
  }

  /** @param {string} text */
  note(text) {
    const n = $('#data-note');
    n.textContent = text;
    n.hidden = !text;
  }

  save() {
    store.set(PROGRESS_KEY, JSON.stringify(this.progress));
    this.show();
  }

  show() {
    const p = this.progress;
    $('#player-rating').textContent = String(Math.round(p.player.rating));
    $('#player-rd').textContent = '±' + Math.round(p.player.rd);
    const box = $('#rating-chart');
    if (p.history.length) {
      box.textContent = '';
      // Drawn at the width it shows at (up to 640), so that its
      // labels keep their size on a phone.
      const w = Math.round(Math.max(300, Math.min(640, box.clientWidth || 640)));
      box.appendChild(chart(p.history, w, 220));
    }
    const rec = $('#records');
    rec.textContent = '';
    const reviews = Object.keys(p.review).length;
    [
      ['Puzzles solved', solvedCount(p)], ['Rated puzzles', p.history.length],
      ['Best run of clean solves', p.best], ['Best Streak', p.records.streak], ['Best Storm', p.records.storm],
      ['Mistakes to review', dueReviews(p, Date.now()).length + ' due now, ' + reviews + ' in the queue'],
    ].forEach(([k, v]) => { rec.appendChild(el('dt', null, k)); rec.appendChild(el('dd', null, String(v))); });
    const themes = statsBy(p, (a) => a.th).map((s) => ({ ...s, name: this.names.themes[s.key] || s.key }));
    const fams = statsBy(p, (a) => (a.f ? [a.f] : [])).map((s) => ({ ...s, name: this.names.families[s.key] || s.key }));
    $('#by-theme').replaceChildren(table(themes, 'Theme'));
    $('#by-family').replaceChildren(table(fams, 'Board'));
  }

  exportText() { return exportProgress(this.progress, Date.now(), readBests(drillStore)); }

  exportFile() {
    saveFile('thinchess-progress.json', this.exportText());
    this.note('Exported your progress to thinchess-progress.json.');
  }

  /**
   * importText merges an export into the progress, or rejects it and
   * changes nothing.
   * @param {string} text
   */
  importText(text) {
    const r = importProgress(text, this.progress);
    if (r.error) {
      this.note('Import failed: ' + r.error);
      return false;
    }
    this.progress = r.progress;
    this.save();
    if (r.drills && Object.keys(r.drills).length) store.set(BESTS_KEY, JSON.stringify(mergeBests(readBests(drillStore), r.drills)));
    this.note('Imported: your progress now holds ' + this.progress.history.length + ' rated puzzles and ' + solvedCount(this.progress) + ' solved.');
    return true;
  }

  bind() {
    $('[data-action="export"]').addEventListener('click', () => this.exportFile());
    const file = /** @type {HTMLInputElement} */ ($('#import-file'));
    file.addEventListener('change', () => {
      const f = file.files && file.files[0];
      if (!f) return;
      f.text().then((t) => this.importText(t), (err) => this.note('Import failed: ' + err.message));
      file.value = '';
    });
    $('[data-action="reset"]').addEventListener('click', () => {
      if (!confirm('Forget your rating, history and solved puzzles on this device? Export them first to keep a copy.')) return;
      this.progress = emptyProgress();
      this.save();
      this.note('Your progress was reset.');
    });
  }
}

onPage('dashboard', () => {
  const d = new Dashboard();
  TC.dashboard = d;
  d.bind();
  d.show();
  // Themes and boards are named as the trainer names them; without the
  // index (offline, not yet saved) their identifiers stand.
  const data = json('train-data');
  if (data) fetchJSON(data.index).then((index) => d.useIndex(index), () => {});
  return d;
});
