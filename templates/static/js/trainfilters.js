// @ts-check
// The trainer's selection on the page: the filters' fields (pack, board,
// kind, theme, rating range, unsolved only, difficulty) filled from the
// corpus's index, the board picker's buttons, and the folded summary line
// that says what they choose. train.js reads the selection (filter) and
// is told when the player changes it.
import { $, $$, el, store, boardIntoView, formatCount } from './dom.js';
import { parseFilter, filterWords, filterChosen } from './trainstate.js';

export const FILTER_KEY = 'thinchess.trainFilter';

/** @param {string} sel */
const input = (sel) => /** @type {HTMLInputElement} */ ($(sel));
/** @param {string} sel */
const select = (sel) => /** @type {HTMLSelectElement} */ ($(sel));

export class TrainFilters {
  /**
   * on says what the trainer does: its mode, the next puzzle, its
   * progress line drawn again.
   * @param {{mode: () => TrainMode, next: () => unknown, showProgress: () => void}} on
   */
  constructor(on) {
    this.on = on;
    this.fields = {
      pack: select('#f-pack'), family: select('#f-family'), kind: select('#f-kind'), theme: select('#f-theme'),
      min: input('#f-min'), max: input('#f-max'), unsolved: input('#f-unsolved'), difficulty: select('#f-difficulty'),
    };
    /** @type {TrainNames} */
    this.names = { packs: {}, families: {}, kinds: {}, themes: {} };
  }

  /**
   * fill offers the packs, boards and themes of the index, and sets the
   * fields to the selection kept from the last visit, then to the
   * page's ?pack=, ?family= and ?kind=.
   * @param {import('./corpus.js').CorpusIndex} idx
   */
  fill(idx) {
    const count = (/** @type {number} */ n) => ' (' + formatCount(n) + ')';
    idx.packs.forEach((/** @type {any} */ p) => {
      this.names.packs[p.id] = p.title;
      this.fields.pack.appendChild(el('option', { value: p.id }, p.title + count(p.count)));
    });
    const fams = new Set();
    const themes = new Map();
    idx.chunks.forEach((/** @type {any} */ c) => {
      c.families.forEach((/** @type {string} */ f) => fams.add(f));
      Object.keys(c.themes || {}).forEach((t) => themes.set(t, (themes.get(t) || 0) + c.themes[t]));
    });
    const families = idx.familyNames.filter((/** @type {any} */ f) => fams.has(f.id));
    families.forEach((/** @type {any} */ f) => {
      this.names.families[f.id] = f.title;
      this.fields.family.appendChild(el('option', { value: f.id }, f.title + (f.n ? count(f.n) : '')));
    });
    (idx.kinds || []).forEach((/** @type {any} */ k) => {
      this.names.kinds[k.id] = k.title;
      this.fields.kind.appendChild(el('option', { value: k.id }, k.title + count(k.n)));
    });
    const names = this.names.themes = idx.themeNames || {};
    Array.from(themes.keys()).sort((a, b) => (names[a] || a).localeCompare(names[b] || b))
      .forEach((t) => this.fields.theme.appendChild(el('option', { value: t }, (names[t] || t) + count(themes.get(t)))));
    this.bindPicker();
    let saved = null;
    try { saved = JSON.parse(store.get(FILTER_KEY) || 'null'); } catch (e) { saved = null; }
    const q = new URLSearchParams(location.search);
    if (saved && typeof saved === 'object') this.setFilter(saved);
    if (q.get('pack') !== null) this.setFilter({ pack: q.get('pack') });
    if (q.get('family') !== null || q.get('kind') !== null) this.setFilter({ pack: '', family: q.get('family') || '', kind: q.get('kind') || '', theme: '' });
    this.showPicker();
  }

  // bindPicker makes the board picker's buttons (the page draws one for
  // all puzzles, each board family and the kinds only we can prove)
  // choose their puzzles.
  bindPicker() {
    $$('#board-pick .pick-button').forEach((b) => b.addEventListener('click', () => {
      this.setFilter({ pack: '', theme: '', family: b.dataset.family || '', kind: b.dataset.kind || '' });
      this.showPicker();
      boardIntoView();
      this.on.next();
    }));
  }

  // showPicker marks the picker's button that matches the filters, and
  // says what the filters choose on their folded summary line.
  showPicker() {
    const f = this.filter();
    $$('#board-pick .pick-button').forEach((b) => {
      const on = !f.pack && !f.theme && b.dataset.family === f.family && b.dataset.kind === f.kind;
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      // On a phone the picker is one scrolling row: keep the choice in
      // it, scrolling the row alone (the page stays where it is; the row
      // may be under the board).
      const row = b.parentElement;
      if (on && row && row.scrollWidth > row.clientWidth) {
        row.scrollLeft = b.offsetLeft - row.offsetLeft - (row.clientWidth - b.offsetWidth) / 2;
      }
    });
    const sum = $('#filter-summary');
    if (sum) sum.textContent = filterWords(f, this.on.mode(), this.names);
    const box = $('#filters-box');
    if (box) box.classList.toggle('chosen', filterChosen(f, this.on.mode(), this.names));
  }

  /** @param {{[k: string]: any}} f */
  setFilter(f) {
    const set = (/** @type {HTMLSelectElement} */ sel, /** @type {any} */ v) => {
      if (v != null && Array.from(sel.options).some((o) => o.value === String(v))) sel.value = String(v);
    };
    set(this.fields.pack, f.pack);
    set(this.fields.family, f.family);
    set(this.fields.kind, f.kind);
    set(this.fields.theme, f.theme);
    set(this.fields.difficulty, f.difficulty);
    if (typeof f.min === 'number') this.fields.min.value = f.min ? String(f.min) : '';
    if (typeof f.max === 'number') this.fields.max.value = f.max ? String(f.max) : '';
    if (typeof f.unsolved === 'boolean') this.fields.unsolved.checked = f.unsolved;
  }

  /** filter is the selection the fields hold. @returns {TrainFilter} */
  filter() {
    const v = this.fields;
    return parseFilter({
      pack: v.pack.value, family: v.family.value, kind: v.kind.value, theme: v.theme.value,
      min: v.min.value, max: v.max.value, unsolved: v.unsolved.checked, difficulty: v.difficulty.value,
    });
  }


  // bindFilters: a changed filter brings a puzzle of the new selection;
  // the filters fold away once the focus leaves them.
  bindFilters() {
    const box = /** @type {HTMLDetailsElement} */ ($('#filters-box'));
    let changed = false;
    /** @type {(keyof TrainFilters['fields'])[]} */
    const now = ['pack', 'family', 'kind', 'theme', 'unsolved', 'difficulty'];
    now.forEach((k) => this.fields[k].addEventListener('change', () => { changed = true; this.showPicker(); this.on.next(); }));
    ['min', 'max'].forEach((k) => this.fields[k].addEventListener('change', () => { changed = true; this.showPicker(); this.on.showProgress(); }));
    box.addEventListener('focusout', (ev) => {
      const to = /** @type {Node|null} */ (ev.relatedTarget);
      if (changed && (!to || !box.contains(to))) { box.open = false; changed = false; }
    });
    $('#train-filters').addEventListener('submit', (ev) => { ev.preventDefault(); box.open = false; this.on.next(); });
  }

}
