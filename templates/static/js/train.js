// The trainer: puzzles of every source, read from the corpus's chunks
// as they are needed, played in five modes — Rated (a puzzle near the
// player's Glicko-2 rating), Streak (harder and harder, one mistake ends
// it), Storm (three minutes, as many as you can), Review (the puzzles
// failed, by Leitner boxes) and Practice (a chosen selection in order,
// no rating) — with a permalink (?id=) for each puzzle and everything
// kept in localStorage on the device.
import './prefs.js';
import { $, $$, el, json, store, onPage, fetchJSON, announce, TC } from './dom.js';
import { Puzzle } from './puzzle.js';
import { Corpus } from './corpus.js';
import { PROGRESS_KEY, emptyProgress, readProgress, recordSolved, solvedCount, rate, logAttempt, reviewFailed, reviewSolved, dueReviews } from './progress.js';

const FILTER_KEY = 'thinchess.trainFilter';
const MODE_KEY = 'thinchess.trainMode';
export const MODES = ['rated', 'streak', 'storm', 'review', 'practice'];

// Streak and Storm start easy and get harder with every puzzle solved.
const STREAK_START = 800;
const STREAK_STEP = 80;
const STORM_START = 700;
const STORM_STEP = 50;
// Storm: three minutes, ten seconds off for a mistake, three more for
// every fifth right move in a row.
export const STORM_SECONDS = 180;
const STORM_PENALTY = 10;
const STORM_COMBO = 5;
const STORM_BONUS = 3;

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
  // corpus once the index is loaded. now() is the clock (tests may set
  // TC.now).
  constructor() {
    this.corpus = null;
    this.current = null; // the puzzle being played
    this.clean = true; // false once the reader erred or took a hint on it
    this.outcome = null; // 'ok' or 'fail' once the attempt is decided
    this.puzzle = null;
    this.mode = 'rated';
    this.run = null; // the Streak or Storm under way
    this.progressEl = $('#progress');
    this.fields = {
      pack: $('#f-pack'), family: $('#f-family'), kind: $('#f-kind'), theme: $('#f-theme'),
      min: $('#f-min'), max: $('#f-max'), unsolved: $('#f-unsolved'), difficulty: $('#f-difficulty'),
    };
    this.progress = this.loadProgress();
  }

  now() { return typeof TC.now === 'function' ? TC.now() : Date.now(); }

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
    $('#player-rating').textContent = String(Math.round(p.player.rating));
    $('#player-rd').textContent = '±' + Math.round(p.player.rd);
    const due = dueReviews(p, this.now()).length;
    $('#review-count').textContent = String(due);
    const parts = ['Solved ' + solvedCount(p) + ' · streak ' + p.streak + ' · best streak ' + p.best];
    if (this.mode === 'practice') parts.push(this.corpus.size(this.filter()).toLocaleString('en') + ' puzzles in this selection');
    if (this.mode === 'review') parts.push(due + ' to review');
    this.progressEl.textContent = parts.join(' · ');
    this.showRun();
  }

  // showRun shows the Streak or Storm under way.
  showRun() {
    const r = this.run;
    const s = $('#mode-status');
    const rec = this.progress.records;
    if (this.mode === 'streak') {
      s.textContent = 'Streak ' + (r ? r.score : 0) + ' · best ' + rec.streak + (r && r.over ? ' · the streak is over: Next puzzle starts a new one' : '');
    } else if (this.mode === 'storm') {
      const left = r ? Math.max(0, Math.ceil(r.left())) : STORM_SECONDS;
      s.textContent = (r && r.over ? 'Storm over · score ' + r.score : 'Storm ' + Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') +
        ' · score ' + (r ? r.score : 0) + ' · combo ' + (r ? r.combo : 0)) + ' · best ' + rec.storm;
    } else {
      s.textContent = '';
    }
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
    const count = (n) => ' (' + n.toLocaleString('en') + ')';
    const families = idx.familyNames.filter((f) => fams.has(f.id));
    families.forEach((f) => this.fields.family.appendChild(el('option', { value: f.id }, f.title + (f.n ? count(f.n) : ''))));
    (idx.kinds || []).forEach((k) => this.fields.kind.appendChild(el('option', { value: k.id }, k.title + count(k.n))));
    const names = idx.themeNames || {};
    Array.from(themes.keys()).sort((a, b) => (names[a] || a).localeCompare(names[b] || b))
      .forEach((t) => this.fields.theme.appendChild(el('option', { value: t }, (names[t] || t) + count(themes.get(t)))));
    this.fillPicker(families, idx.kinds || []);
    let saved = null;
    try { saved = JSON.parse(store.get(FILTER_KEY) || 'null'); } catch (e) { saved = null; }
    const q = new URLSearchParams(location.search);
    if (saved && typeof saved === 'object') this.setFilter(saved);
    if (q.get('pack') !== null) this.setFilter({ pack: q.get('pack') });
    if (q.get('family') !== null || q.get('kind') !== null) this.setFilter({ pack: '', family: q.get('family') || '', kind: q.get('kind') || '', theme: '' });
    this.showPicker();
  }

  // fillPicker offers every board family and the kinds only we can
  // prove (holds, Ban Chess) as one-tap buttons above the filters.
  fillPicker(families, kinds) {
    const box = $('#board-pick');
    if (!box || families.length + kinds.length < 2) return;
    const button = (text, f) => {
      const b = el('button', { type: 'button', class: 'pick-button', 'aria-pressed': 'false' }, text);
      b.pick = f;
      b.addEventListener('click', () => {
        this.setFilter({ pack: '', theme: '', family: '', kind: '', ...f });
        this.showPicker();
        this.next();
      });
      box.appendChild(b);
    };
    button('All', {});
    families.forEach((f) => button(f.title, { family: f.id }));
    kinds.filter((k) => k.id === 'hold' || k.id === 'ban').forEach((k) => button(k.title, { kind: k.id }));
    box.hidden = false;
  }

  // showPicker marks the picker's button that matches the filters.
  showPicker() {
    const f = this.filter();
    $$('#board-pick .pick-button').forEach((b) => {
      const p = b.pick || {};
      const on = !f.pack && !f.theme && (p.family || '') === f.family && (p.kind || '') === f.kind;
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      // On a phone the picker is one scrolling row: keep the choice in it.
      if (on && b.parentNode.scrollWidth > b.parentNode.clientWidth) {
        b.scrollIntoView({ block: 'nearest', inline: 'center' });
      }
    });
  }

  setFilter(f) {
    const set = (sel, v) => { if (v != null && Array.from(sel.options).some((o) => o.value === String(v))) sel.value = String(v); };
    set(this.fields.pack, f.pack);
    set(this.fields.family, f.family);
    set(this.fields.kind, f.kind);
    set(this.fields.theme, f.theme);
    set(this.fields.difficulty, f.difficulty);
    if (typeof f.min === 'number') this.fields.min.value = f.min || '';
    if (typeof f.max === 'number') this.fields.max.value = f.max || '';
    if (typeof f.unsolved === 'boolean') this.fields.unsolved.checked = f.unsolved;
  }

  filter() {
    const num = (x) => { const n = parseInt(x.value, 10); return isFinite(n) && n > 0 ? n : 0; };
    return {
      pack: this.fields.pack.value, family: this.fields.family.value, kind: this.fields.kind.value, theme: this.fields.theme.value,
      min: num(this.fields.min), max: num(this.fields.max), unsolved: this.fields.unsolved.checked,
      difficulty: parseInt(this.fields.difficulty.value, 10) || 0,
    };
  }

  // setMode switches the mode: its controls show, a run ends.
  setMode(m) {
    if (MODES.indexOf(m) < 0) m = 'rated';
    this.stopRun();
    this.mode = m;
    store.set(MODE_KEY, m);
    $$('[data-mode]').forEach((b) => b.setAttribute('aria-pressed', b.getAttribute('data-mode') === m ? 'true' : 'false'));
    $$('[data-modes]').forEach((x) => { x.hidden = x.getAttribute('data-modes').split(' ').indexOf(m) < 0; });
    if (m === 'streak' || m === 'storm') this.startRun();
    this.showProgress();
  }

  // startRun begins a Streak or a Storm.
  startRun() {
    const r = { mode: this.mode, score: 0, combo: 0, over: false, played: new Set() };
    if (this.mode === 'storm') {
      r.ends = this.now() + STORM_SECONDS * 1000;
      r.left = () => (r.ends - this.now()) / 1000;
      r.timer = setInterval(() => {
        if (r.left() <= 0) this.endRun('Time is up.');
        else this.showRun();
      }, 250);
    }
    this.run = r;
  }

  stopRun() {
    if (this.run && this.run.timer) clearInterval(this.run.timer);
    this.run = null;
  }

  // endRun ends the Streak or Storm under way and keeps its record.
  endRun(why) {
    const r = this.run;
    if (!r || r.over) return;
    r.over = true;
    if (r.timer) clearInterval(r.timer);
    const rec = this.progress.records;
    const best = r.score > rec[r.mode];
    rec[r.mode] = Math.max(rec[r.mode], r.score);
    this.save();
    const text = (r.mode === 'storm' ? 'Storm over. ' : 'Streak over. ') + why + ' Score ' + r.score + (best ? ' — a new best!' : ' (best ' + rec[r.mode] + ').');
    if (this.puzzle) this.puzzle.feedback(text, best ? 'good' : 'bad');
    announce(text);
    this.showRun();
  }

  // decide records the outcome of the attempt at the current puzzle, once:
  // the rating (Rated), the review queue and the dashboard's log.
  decide(ok) {
    if (this.outcome) return;
    this.outcome = ok ? 'ok' : 'fail';
    const e = this.current;
    const now = this.now();
    logAttempt(this.progress, e, ok, this.mode, now);
    if (this.mode === 'rated') {
      const r = rate(this.progress, e, ok, now);
      if (r) {
        const d = Math.round(r.after.rating) - Math.round(r.before.rating);
        const c = $('#rating-change');
        c.textContent = (d >= 0 ? '+' : '−') + Math.abs(d);
        c.className = 'rating-change ' + (d >= 0 ? 'good' : 'bad');
      }
    }
    if (!ok) reviewFailed(this.progress, e.id, now);
    else if (this.mode === 'review') reviewSolved(this.progress, e.id, now);
    this.save();
  }

  // mistake: the attempt fails; a Streak ends; a Storm loses time and
  // moves on.
  mistake() {
    this.clean = false;
    this.decide(false);
    const r = this.run;
    if (!r || r.over) return;
    if (r.mode === 'streak') {
      this.endRun('');
    } else if (r.mode === 'storm') {
      r.ends -= STORM_PENALTY * 1000;
      r.combo = 0;
      this.showRun();
      this.whenIdle().then(() => { if (this.run === r && !r.over) this.next(); });
    }
  }

  // whenIdle resolves once the puzzle has finished its move (a wrong
  // move is shown, refuted and taken back first).
  whenIdle() {
    return new Promise((res) => {
      const t = setInterval(() => { if (!this.puzzle || !this.puzzle.busy) { clearInterval(t); res(); } }, 50);
    });
  }

  right() {
    const r = this.run;
    if (!r || r.over || r.mode !== 'storm') return;
    r.combo++;
    if (r.combo % STORM_COMBO === 0) {
      r.ends += STORM_BONUS * 1000;
      announce('Combo ' + r.combo + ': ' + STORM_BONUS + ' more seconds.');
    }
    this.showRun();
  }

  hinted() {
    this.clean = false;
    this.decide(false);
    if (this.run && this.run.mode === 'streak') this.endRun('A hint ends a streak.');
  }

  solved(res) {
    const clean = this.clean && res.mistakes === 0 && res.hints === 0 && !res.shown;
    recordSolved(this.progress, this.current.id, res, this.clean);
    this.decide(clean);
    const r = this.run;
    if (r && !r.over && clean) {
      r.score++;
      this.showRun();
      if (r.mode === 'storm') { setTimeout(() => { if (this.run === r && !r.over) this.next(); }, 400); return; }
    }
    this.save();
    this.showAnalyse();
    const next = $('[data-action="next"]');
    if (next) next.focus();
  }

  // showAnalyse links the solved position to where it can be played on
  // against perfect play: its mode page with the moves (?moves=), else
  // the editor (?pos=).
  showAnalyse() {
    const a = $('#analyse-link');
    const s = this.puzzle.game.state;
    const e = this.current;
    if (!a || !s) return;
    a.href = e.url ? e.url + '?moves=' + (s.coords || []).join(',') : this.corpus.root + 'editor/?pos=' + encodeURIComponent(s.code);
    a.textContent = e.url ? 'Analyse on the mode page' : 'Analyse in the editor';
    a.hidden = false;
  }

  // open plays puzzle e and gives it a permalink.
  open(e) {
    this.current = e;
    this.clean = true;
    this.outcome = null;
    if (this.run) this.run.played.add(e.id);
    this.note('#train-error', '');
    $('#rating-change').textContent = '';
    $('#analyse-link').hidden = true;
    $('#puzzle-title').textContent = e.title;
    $('#puzzle-task').textContent = e.puzzle.task;
    const pack = this.corpus.index.packs.find((p) => p.id === e.pack);
    const meta = ['Rated ' + e.rating + (e.estimated ? ' (estimated)' : '')];
    const names = this.corpus.index.themeNames || {};
    if (e.themes && e.themes.length) meta.push(e.themes.map((t) => names[t] || t).join(', '));
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
      this.puzzle = new Puzzle({
        data: e, root: $('main'),
        onMistake: () => this.mistake(), onRight: () => this.right(), onSolved: (r) => this.solved(r),
        get refutationPause() { return TC.trainer && TC.trainer.mode === 'storm' ? 700 : 1800; },
      });
      TC.page = this.puzzle;
      this.bindPuzzle();
    }
    this.showProgress();
    return this.puzzle.load(e).then(() => {
      this.puzzle.game.board.fit(); // the header above may have grown
      announce('New puzzle: ' + e.puzzle.task);
    });
  }

  // pick returns the next puzzle of the mode, or null.
  pick() {
    const f = this.filter();
    store.set(FILTER_KEY, JSON.stringify(f));
    const p = this.progress;
    const played = (e) => { const r = p.puzzles[e.id]; return !!r && (r.attempts > 0 || !!r.rated); };
    const near = (target, skip) => this.corpus.near({ pack: f.pack, family: f.family, kind: f.kind, theme: f.theme }, target, skip, Math.random)
      .then((r) => (r ? r.e : null));
    switch (this.mode) {
      case 'rated':
        return near(p.player.rating + f.difficulty, (e) => played(e) || (this.current && e.id === this.current.id));
      case 'streak':
      case 'storm': {
        const r = this.run;
        const target = this.mode === 'streak' ? STREAK_START + STREAK_STEP * r.score : STORM_START + STORM_STEP * r.score;
        return near(target, (e) => r.played.has(e.id));
      }
      case 'review': {
        // The puzzle just played waits while another one is due.
        const due = dueReviews(p, this.now());
        const ids = due.length > 1 && this.current ? due.filter((id) => id !== this.current.id) : due;
        if (!ids.length) return Promise.resolve(null);
        return this.corpus.find(ids[0]).then((e) => {
          if (e) return e;
          delete p.review[ids[0]]; // a puzzle the site no longer has
          this.save();
          return this.pick();
        });
      }
      default: {
        const skipSolved = f.unsolved;
        const solved = (e) => { const r = p.puzzles[e.id]; return !!(r && r.solved); };
        const after = this.current && { chunk: this.current.chunk, id: this.current.id };
        return this.corpus.next(f, after, skipSolved ? solved : null);
      }
    }
  }

  // next opens the next puzzle of the mode.
  next() {
    const r = this.run;
    if (r && r.over) {
      this.startRun();
    } else if (r && r.mode === 'streak' && this.current && !this.outcome && r.played.size > 0) {
      this.endRun('Skipping a puzzle ends a streak.');
      return Promise.resolve(null);
    }
    return this.pick().then((e) => {
      if (e) return this.open(e);
      this.note('#train-error', this.emptyText());
      this.showProgress();
      return null;
    }, (err) => this.failed(err));
  }

  emptyText() {
    if (this.mode === 'review') return 'No mistakes to review right now: puzzles you fail come back here.';
    if (this.mode === 'practice' && this.filter().unsolved && this.corpus.size(this.filter()) > 0) {
      return 'You have solved every puzzle of this selection. Untick “Unsolved only” to play them again, or choose others.';
    }
    return 'No puzzle matches these filters.';
  }

  failed(err) {
    this.note('#train-error', 'The puzzles could not be loaded (' + err.message + '). Offline, only packs made available offline and puzzles already played can be opened.');
  }

  bindPuzzle() {
    const hint = $('#puzzle [data-action="hint"]');
    if (hint) hint.addEventListener('click', () => this.hinted());
    this.puzzle.bind();
  }

  // key: n next, h hint, f flip (outside fields).
  key(ev) {
    const t = ev.target;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    const click = (sel) => { const b = $(sel); if (b && !b.disabled) { ev.preventDefault(); b.click(); } };
    if (ev.key === 'n') click('[data-action="next"]');
    if (ev.key === 'h') click('#puzzle [data-action="hint"]');
    if (ev.key === 'f') click('#puzzle [data-action="flip"]');
  }

  bind() {
    $('[data-action="next"]').addEventListener('click', () => this.next());
    ['pack', 'family', 'kind', 'theme', 'unsolved', 'difficulty'].forEach((k) => this.fields[k].addEventListener('change', () => { this.showPicker(); this.next(); }));
    ['min', 'max'].forEach((k) => this.fields[k].addEventListener('change', () => this.showProgress()));
    $('#train-filters').addEventListener('submit', (ev) => { ev.preventDefault(); this.next(); });
    $$('[data-mode]').forEach((b) => b.addEventListener('click', () => {
      this.setMode(b.getAttribute('data-mode'));
      this.next();
    }));
    $('[data-action="reset-progress"]').addEventListener('click', () => {
      if (!confirm('Forget your rating, history and solved puzzles on this device?')) return;
      this.progress = emptyProgress();
      this.save();
    });
    document.addEventListener('keydown', (ev) => this.key(ev));
  }

  // start opens the puzzle of the permalink, else the next one of the
  // mode (from ?mode=, else the last one used).
  start(corpus) {
    this.corpus = corpus;
    this.fillFilters();
    this.bind();
    const q = new URLSearchParams(location.search);
    // On a phone the filters fold away, so that the board shows whole.
    if (window.matchMedia && window.matchMedia('(max-width: 760px)').matches) $('#filters-box').open = false;
    this.setMode(q.get('mode') || store.get(MODE_KEY) || 'rated');
    const id = q.get('id');
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
