// The trainer: puzzles of every source, read from the corpus's chunks
// as they are needed, chosen by the filters, one at a time, with a
// permalink (?id=) for each, progress and streaks kept in localStorage.
import './prefs.js';
import { $, el, json, store, onPage, fetchJSON, TC } from './dom.js';
import { Puzzle } from './puzzle.js';
import { Corpus } from './corpus.js';
import { PROGRESS_KEY, emptyProgress, readProgress, recordSolved, solvedCount } from './progress.js';

const FILTER_KEY = 'thinchess.trainFilter';

// safeLink is u when it is an http(s) URL, else null: a source URL is
// data, never a script.
function safeLink(u) {
  try {
    const x = new URL(u);
    return x.protocol === 'https:' || x.protocol === 'http:' ? x.href : null;
  } catch (e) {
    return null;
  }
}

export class Trainer {
  // The trainer reads the stored progress at once; start gives it the
  // corpus once the index is loaded.
  constructor() {
    this.corpus = null;
    this.current = null; // the puzzle being played
    this.clean = true; // false once the reader erred or took a hint on it
    this.puzzle = null;
    this.streakBox = $('#streak-mode');
    this.progressEl = $('#progress');
    this.fields = {
      pack: $('#f-pack'), family: $('#f-family'), theme: $('#f-theme'),
      min: $('#f-min'), max: $('#f-max'), unsolved: $('#f-unsolved'),
    };
    this.progress = this.loadProgress();
  }

  // loadProgress reads the stored progress; unusable data is cleared
  // and the reader told so.
  loadProgress() {
    const loaded = readProgress(store.get(PROGRESS_KEY));
    if (loaded.reset) {
      store.remove(PROGRESS_KEY);
      this.note('#storage-note', 'Your saved progress could not be read (it was damaged or from an older version), so it has been reset.');
    }
    return loaded.progress;
  }

  note(sel, text) {
    const n = $(sel);
    if (!n) return;
    n.textContent = text || '';
    n.hidden = !text;
  }

  save() {
    store.set(PROGRESS_KEY, JSON.stringify(this.progress));
    this.showProgress();
  }

  showProgress() {
    const p = this.progress;
    const pool = this.corpus.size(this.filter());
    this.progressEl.textContent = 'Solved ' + solvedCount(p) + ' · streak ' + p.streak + ' · best streak ' + p.best +
      (this.streakBox.checked ? ' · streak mode' : '') + ' · ' + pool.toLocaleString('en') + ' puzzles in this selection';
  }

  // fillFilters offers the packs, boards and themes of the index.
  fillFilters() {
    const idx = this.corpus.index;
    idx.packs.forEach((p) => this.fields.pack.appendChild(el('option', { value: p.id }, p.title + ' (' + p.count.toLocaleString('en') + ')')));
    const fams = new Set();
    const themes = new Map();
    idx.chunks.forEach((c) => {
      c.families.forEach((f) => fams.add(f));
      Object.keys(c.themes || {}).forEach((t) => themes.set(t, (themes.get(t) || 0) + c.themes[t]));
    });
    idx.familyNames.filter((f) => fams.has(f.id)).forEach((f) => this.fields.family.appendChild(el('option', { value: f.id }, f.title)));
    Array.from(themes.keys()).sort().forEach((t) => this.fields.theme.appendChild(el('option', { value: t }, t + ' (' + themes.get(t).toLocaleString('en') + ')')));
    let saved = null;
    try { saved = JSON.parse(store.get(FILTER_KEY) || 'null'); } catch (e) { saved = null; }
    const pack = new URLSearchParams(location.search).get('pack');
    if (saved && typeof saved === 'object') this.setFilter(saved);
    if (pack !== null) this.setFilter({ pack: pack });
  }

  setFilter(f) {
    const set = (sel, v) => { if (v != null && Array.from(sel.options).some((o) => o.value === String(v))) sel.value = String(v); };
    set(this.fields.pack, f.pack);
    set(this.fields.family, f.family);
    set(this.fields.theme, f.theme);
    if (typeof f.min === 'number') this.fields.min.value = f.min || '';
    if (typeof f.max === 'number') this.fields.max.value = f.max || '';
    if (typeof f.unsolved === 'boolean') this.fields.unsolved.checked = f.unsolved;
  }

  filter() {
    const num = (x) => { const n = parseInt(x.value, 10); return isFinite(n) && n > 0 ? n : 0; };
    return {
      pack: this.fields.pack.value, family: this.fields.family.value, theme: this.fields.theme.value,
      min: num(this.fields.min), max: num(this.fields.max), unsolved: this.fields.unsolved.checked,
    };
  }

  // mistake ends the streak in streak mode.
  mistake() {
    this.clean = false;
    if (!this.streakBox.checked || this.progress.streak === 0) return;
    this.progress.streak = 0;
    this.save();
    this.puzzle.feedback('✗ Streak over. Try this puzzle again, or start a new run with Next puzzle.', 'bad');
  }

  solved(r) {
    recordSolved(this.progress, this.current.id, r, this.clean);
    this.save();
    const next = $('[data-action="next"]');
    if (next) next.focus();
  }

  // open plays puzzle e and gives it a permalink.
  open(e) {
    this.current = e;
    this.clean = true;
    this.note('#train-error', '');
    $('#puzzle-title').textContent = e.title;
    $('#puzzle-task').textContent = e.puzzle.task;
    const pack = this.corpus.index.packs.find((p) => p.id === e.pack);
    const meta = ['Rated ' + e.rating + (e.estimated ? ' (estimated)' : '')];
    if (e.themes && e.themes.length) meta.push(e.themes.join(', '));
    if (pack) meta.push(pack.title);
    $('#puzzle-meta').textContent = meta.join(' · ');
    const link = new URL(location.href);
    link.search = '?id=' + encodeURIComponent(e.id);
    history.replaceState(null, '', link.href);
    $('#puzzle-permalink').setAttribute('href', link.href);
    const help = $('#puzzle-link');
    help.hidden = !e.url;
    if (e.url) help.setAttribute('href', e.url);
    const src = $('#puzzle-source');
    const srcURL = e.source && safeLink(e.source.url);
    src.hidden = !srcURL;
    if (srcURL) src.setAttribute('href', srcURL);
    if (!this.puzzle) {
      this.puzzle = new Puzzle({ data: e, root: $('main'), onMistake: () => this.mistake(), onSolved: (r) => this.solved(r) });
      TC.page = this.puzzle;
      this.bindPuzzle();
    }
    this.showProgress();
    return this.puzzle.load(e);
  }

  // next opens the next puzzle of the selection: unsolved ones first when
  // asked (any one in streak mode).
  next() {
    const f = this.filter();
    store.set(FILTER_KEY, JSON.stringify(f));
    const skipSolved = f.unsolved && !this.streakBox.checked;
    const solved = (e) => { const r = this.progress.puzzles[e.id]; return !!(r && r.solved); };
    const after = this.current && { chunk: this.current.chunk, id: this.current.id };
    return this.corpus.next(f, after, skipSolved ? solved : null).then((e) => {
      if (e) return this.open(e);
      if (skipSolved && this.corpus.size(f) > 0) {
        this.note('#train-error', 'You have solved every puzzle of this selection. Untick “Unsolved only” to play them again, or choose others.');
      } else {
        this.note('#train-error', 'No puzzle matches these filters.');
      }
      this.showProgress();
      return null;
    }, (err) => this.failed(err));
  }

  failed(err) {
    this.note('#train-error', 'The puzzles could not be loaded (' + err.message + '). Offline, only packs made available offline and puzzles already played can be opened.');
  }

  bindPuzzle() {
    const hint = $('#puzzle [data-action="hint"]');
    if (hint) hint.addEventListener('click', () => { this.clean = false; });
    this.puzzle.bind();
  }

  bind() {
    $('[data-action="next"]').addEventListener('click', () => this.next());
    ['pack', 'family', 'theme', 'unsolved'].forEach((k) => this.fields[k].addEventListener('change', () => this.next()));
    ['min', 'max'].forEach((k) => this.fields[k].addEventListener('change', () => this.showProgress()));
    $('#train-filters').addEventListener('submit', (ev) => { ev.preventDefault(); this.next(); });
    this.streakBox.addEventListener('change', () => {
      this.progress.streak = 0;
      this.save();
      if (this.streakBox.checked) this.next();
    });
    $('[data-action="reset-progress"]').addEventListener('click', () => {
      this.progress = emptyProgress();
      this.save();
    });
  }

  // start opens the puzzle of the permalink, else the next one.
  start(corpus) {
    this.corpus = corpus;
    this.fillFilters();
    this.bind();
    this.showProgress();
    const id = new URLSearchParams(location.search).get('id');
    if (!id) return this.next();
    return this.corpus.find(id).then((e) => {
      if (e) return this.open(e);
      return this.next().then(() => this.note('#train-error', 'There is no puzzle “' + id + '” on this site; here is another.'));
    }, (err) => this.failed(err));
  }
}

// The page's controller (TC.page) is the puzzle being trained, once the
// first one is loaded; TC.trainer is the trainer.
onPage('train', () => {
  const data = json('train-data');
  if (!data) return null;
  const t = new Trainer();
  TC.trainer = t;
  fetchJSON(data.index).then((index) => t.start(new Corpus(data.root, index, fetchJSON))).catch((err) => {
    const n = $('#train-error');
    if (n) {
      n.textContent = 'The puzzles could not be loaded: ' + err.message;
      n.hidden = false;
    }
  });
  return null;
});
