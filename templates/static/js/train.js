// @ts-check
// The trainer's view: puzzles of every source, read from the corpus's
// chunks as they are needed, played in five modes — Rated (a puzzle near
// the player's Glicko-2 rating), Streak (harder and harder, one mistake
// ends it, the next puzzle coming by itself), Storm (three minutes on a
// clock bar, a combo meter, no hints), Review (the puzzles failed, by
// Leitner boxes) and Practice (a chosen selection in order, no rating) —
// with a permalink (?id=) for each puzzle and everything kept in
// localStorage on the device. The state (mode, run, clock, selection)
// lives in trainstate.js; this module owns the DOM: it draws the state
// and turns clicks and keys into its changes.
//
// What the page shows for tests and people alike: #puzzle's data-id,
// data-pack and data-kind name the puzzle played, data-opened counts the
// puzzles opened (data-state says where it is, see puzzle.js); the mode
// buttons' aria-pressed the mode;
// #mode-status the run; #filters-box's summary the selection.
import './prefs.js';
import { $, $$, store, onPage, json, fetchJSON, announce, TC as page, boardIntoView, afterPaint, formatCount } from './dom.js';
import { notSaved } from './offline.js';
import { showEntry, showAnalyse } from './trainshow.js';
import { Recent, choose } from './variety.js';
import { Puzzle, PAUSE } from './puzzle.js';
import { Corpus, rooted, chunkOf } from './corpus.js';
import { Schedule } from './schedule.js';
import { TrainState, STORM_COMBO } from './trainstate.js';
import { TrainFilters, FILTER_KEY } from './trainfilters.js';
import { TrainSets } from './trainsets.js';
import { hintCost } from './hintscore.js';
import { PROGRESS_KEY, emptyProgress, readProgress, recordSolved, solvedCount, rate, logAttempt, reviewFailed, reviewSolved, reviewMark, dueReviews, nextReview, findEntry } from './progress.js';
import { waitText } from './review.js';
import { dailyPuzzle, utcDate } from './daily.js';

const MODE_KEY = 'thinchess.trainMode';
const RECENT_KEY = 'thinchess.trainRecent';
// After a clean solve in a run the next puzzle comes by itself, once
// "Solved!" has been seen.
const STREAK_NEXT_MS = 900;
const STORM_NEXT_MS = 400;

/** TC, the page seen from the console and the tests' clock. @type {{[k: string]: any}} */
const TC = page;

export class Trainer {
  // The trainer reads the stored progress at once; start gives it the
  // corpus once the index is loaded. now() is the clock (tests may set
  // TC.now).
  constructor() {
    /** @type {Corpus|null} */
    this.corpus = null;
    /** @type {Puzzle|null} */
    this.puzzle = null;
    /** What the trainer scheduled for the puzzle played: the next one of a run. */
    this.schedule = new Schedule();
    /** The Storm's clock, ticking for the mode. */
    this.clock = new Schedule();
    this.progressEl = $('#progress');
    /** The filters' fields, the board picker and their summary (trainfilters.js). */
    this.filters = new TrainFilters({ mode: () => this.state.mode, next: () => this.next(), showProgress: () => this.showProgress() });
    /** The count of puzzles opened on this page (#puzzle's data-opened). */
    this.opened = 0;
    this.progress = this.loadProgress();
    this.state = new TrainState('rated', () => this.now());
    /** The player's sets and the one being run (trainsets.js). */
    this.sets = new TrainSets(this);
    /** The puzzles shown last, not chosen again for a while (variety.js). */
    this.recent = new Recent(readJSON(store.get(RECENT_KEY)));
    /** The rated choice's turn: on All the boards take turns from a random one. */
    this.turn = Math.floor(Math.random() * 64);
  }

  now() { return typeof TC.now === 'function' ? TC.now() : Date.now(); }

  /** filter is the selection the fields hold. @returns {TrainFilter} */
  filter() { return this.filters.filter(); }

  /** The puzzle being played (the state's). */
  get current() { return this.state.current; }

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

  /**
   * @param {string} sel
   * @param {string} text
   */
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
    // The page draws "Review later" with its puzzle's links (train.html).
    const mark = $('[data-action="mark"]'), queued = !!(this.current && p.review[this.current.id]);
    if (mark) {
      mark.setAttribute('aria-pressed', String(queued));
      mark.textContent = queued ? 'In your reviews' : 'Review later';
    }
    const parts = ['Solved ' + solvedCount(p) + ' · streak ' + p.streak + ' · best streak ' + p.best];
    if (this.state.mode === 'practice' && this.corpus) parts.push(formatCount(this.corpus.size(this.filter())) + ' puzzles in this selection');
    if (this.state.mode === 'review') parts.push(due + ' to review');
    this.progressEl.textContent = parts.join(' · ');
    this.showRun();
    this.sets.draw();
  }

  // showRun shows the Streak or Storm under way: its line, and a
  // Storm's clock bar and combo meter.
  showRun() {
    const s = this.state;
    $('#mode-status').textContent = s.status(this.progress.records) || this.sets.status();
    const bar = $('#storm-bar');
    if (!bar) return;
    bar.hidden = s.mode !== 'storm';
    if (bar.hidden) return;
    const left = s.run ? s.left() : 0;
    const clock = /** @type {HTMLElement} */ ($('#storm-clock'));
    clock.style.setProperty('--share', String(s.clockShare()));
    clock.setAttribute('aria-valuenow', String(Math.ceil(left)));
    clock.classList.toggle('low', left > 0 && left <= 20);
    const combo = /** @type {HTMLElement} */ ($('#storm-combo'));
    const c = s.run ? s.run.combo : 0;
    combo.style.setProperty('--share', String(s.comboShare()));
    combo.setAttribute('aria-valuenow', String(c % STORM_COMBO));
    $('#storm-combo-count').textContent = 'Combo ' + c;
  }

  /**
   * setMode switches the mode: its controls show; a run under way ends
   * (recorded when it scored) and a Streak or Storm starts.
   * @param {string} m
   */
  setMode(m) {
    this.schedule.cancel();
    this.clock.cancel();
    this.carry(this.state.setMode(m, this.progress.records), 'You left it for another mode.');
    const mode = this.state.mode;
    store.set(MODE_KEY, mode);
    $$('[data-mode]').forEach((b) => b.setAttribute('aria-pressed', b.getAttribute('data-mode') === mode ? 'true' : 'false'));
    $$('[data-modes]').forEach((x) => { x.hidden = x.getAttribute('data-modes').split(' ').indexOf(mode) < 0; });
    if (mode === 'storm') this.clock.every(250, () => this.carry(this.state.tick(this.progress.records), 'Time is up.'));
    if (this.puzzle) this.puzzle.updateHintButton();
    this.filters.showPicker();
    this.showProgress();
  }

  /**
   * carry does what a change of the state brings about: a run's end told
   * and saved, a Storm's penalty or bonus announced, the next puzzle
   * scheduled.
   * @param {TrainEffect} e
   * @param {string} why what ended a run
   */
  carry(e, why) {
    if (e.ended) {
      this.save();
      const text = TrainState.endText(e.ended, why);
      if (this.puzzle) this.puzzle.feedback(text, e.ended.best ? 'good' : 'bad');
      announce(text);
    }
    if (e.bonus) announce('Combo ' + this.state.run.combo + ': ' + e.bonus + ' more seconds.');
    if (e.penalty) announce(e.penalty + ' seconds off the clock.');
    this.showRun();
  }

  /**
   * decide records the outcome of the attempt at the current puzzle,
   * once, by its score (hintscore.js): the rating (Rated), the review
   * queue and the dashboard's log.
   * @param {boolean|number} score
   */
  decide(score) {
    if (!this.state.decide(score)) return;
    const e = this.current;
    const now = this.now();
    const ok = score === true || score === 1;
    logAttempt(this.progress, e, ok, this.state.mode, now);
    this.sets.decided(e, ok);
    if (this.puzzle) this.puzzle.updateHintButton();
    if (this.state.mode === 'rated') {
      const r = rate(this.progress, e, score, now);
      if (r) {
        const d = Math.round(r.after.rating) - Math.round(r.before.rating);
        const c = $('#rating-change');
        c.textContent = (d >= 0 ? '+' : '−') + Math.abs(d);
        c.className = 'rating-change ' + (d >= 0 ? 'good' : 'bad');
      }
    }
    // The review queue (FSRS, review.js): a miss is an Again, a queued
    // puzzle solved with hints a Hard (one not queued enters as missed),
    // a clean solve a Good.
    const hinted = typeof score === 'number' && score > 0 && score < 1;
    if (hinted && this.progress.review[e.id]) reviewSolved(this.progress, e.id, now, 1);
    else if (!ok) reviewFailed(this.progress, e.id, now);
    else reviewSolved(this.progress, e.id, now);
    this.save();
  }

  // mistake: the attempt fails; a Streak ends; a Storm loses time and
  // moves on once the wrong move is taken back.
  mistake() {
    this.decide(false);
    const e = this.state.mistake(this.progress.records);
    this.carry(e, '');
    if (e.next) {
      const alive = this.schedule.live();
      this.puzzle.idle().then(() => { if (alive() && this.state.live()) this.next(); });
    }
  }

  right() { this.carry(this.state.right(), ''); }

  /** hinted: a hint was shown, or the solution (a miss). @param {boolean} solution */
  hinted(solution) {
    if (solution) this.decide(0);
    this.carry(this.state.hinted(this.progress.records), 'A hint ends a streak.');
  }

  /** hintCost words what the next hint or the solution costs. @param {boolean} solution */
  hintCost(solution) {
    const e = this.current, s = this.state, rec = e && this.progress.puzzles[e.id];
    return e ? hintCost({ mode: s.mode, decided: !!s.outcome || (s.mode === 'streak' && !s.live()), rated: !!(rec && rec.rated),
      player: this.progress.player, entry: e, hints: s.hints, solution }) : '';
  }

  /** @param {PuzzleResult} res */
  solved(res) {
    recordSolved(this.progress, this.current.id, res, this.state.clean);
    this.decide(this.state.score(res));
    const e = this.state.solved(res);
    const inSet = this.sets.solved(); // a set's next puzzle comes by itself
    this.save();
    showAnalyse(this.current, this.puzzle.game.state, this.corpus.root);
    if (inSet || e.next) {
      this.schedule.after(this.state.mode === 'storm' ? STORM_NEXT_MS : STREAK_NEXT_MS, () => { if (inSet || this.state.live()) this.next(); });
      return;
    }
    const next = /** @type {HTMLElement|null} */ ($('[data-action="next"]'));
    if (next) next.focus();
  }

  /**
   * open plays puzzle e: whatever the last one scheduled is cancelled.
   * @param {TrainEntry} e
   */
  open(e) {
    this.state.open(e);
    this.note('#train-error', '');
    showEntry(e, this.filters.names, ++this.opened);
    this.sets.opened(e);
    this.recent.add(e.id);
    store.set(RECENT_KEY, JSON.stringify(this.recent));
    if (!this.puzzle) {
      this.puzzle = new Puzzle({
        data: e, root: $('main'),
        onMistake: () => this.mistake(), onRight: () => this.right(), onSolved: (r) => this.solved(r),
        hintsAllowed: () => this.state.hintsAllowed(),
        onHint: (solution) => this.hinted(solution), hintCost: (solution) => this.hintCost(solution),
        refutationPause: () => (this.state.mode === 'storm' ? 700 : 1800),
        // The tests may shorten the defence's pause (TC.pause, in ms).
        pause: () => (typeof TC.pause === 'number' ? TC.pause : PAUSE),
      });
      TC.page = this.puzzle;
      this.puzzle.bind();
    }
    this.showProgress();
    // The board takes the puzzle's shape at once (its pieces come with
    // the engine), so the panel beside it does not move when they do.
    const b = this.puzzle.game.board;
    if (b.w !== e.w || b.h !== e.h) b.setCells(e.w, e.h, new Array(e.w * e.h).fill(''));
    this.puzzle.preview(e);
    b.fit(); // fitted before it shows, not after
    const play = $('.play');
    if (play) {
      play.classList.remove('pending');
      play.hidden = false;
    }
    // The puzzle's text paints before its table and engine are asked
    // for: they may be large, and the player reads the task meanwhile.
    return afterPaint().then(() => this.puzzle.load(e)).then(() => {
      this.puzzle.game.board.fit(); // the header above may have grown
      announce('New puzzle: ' + e.puzzle.task);
    });
  }

  /**
   * pick returns the next puzzle of the mode, or null.
   * @returns {Promise<TrainEntry|null>}
   */
  pick() {
    const f = this.filter();
    store.set(FILTER_KEY, JSON.stringify(f));
    const p = this.progress;
    const cur = this.current;
    const played = (/** @type {TrainEntry} */ e) => { const r = p.puzzles[e.id]; return !!r && (r.attempts > 0 || !!r.rated); };
    // The rated choice: the boards in turn on All, no puzzle of the
    // last ones shown (variety.js).
    const near = (/** @type {number} */ target, /** @type {(e: TrainEntry) => boolean} */ skip) =>
      choose(this.corpus, { pack: f.pack, family: f.family, kind: f.kind, theme: f.theme }, target,
        { turn: this.turn++, recent: this.recent, skip, current: cur ? cur.id : '', rng: Math.random });
    switch (this.state.mode) {
      case 'rated':
        return near(p.player.rating + f.difficulty, played);
      case 'streak':
      case 'storm': {
        const r = this.state.run;
        return near(this.state.target(), (e) => r.played.has(e.id));
      }
      case 'review': {
        // The puzzle just played waits while another one is due.
        const due = dueReviews(p, this.now());
        const ids = due.length > 1 && cur ? due.filter((id) => id !== cur.id) : due;
        if (!ids.length) return Promise.resolve(null);
        return findEntry(p, this.corpus, ids[0]).then((/** @type {TrainEntry|null} */ e) => {
          if (e) return e;
          delete p.review[ids[0]]; // a puzzle the site no longer has
          this.save();
          return this.pick();
        });
      }
      case 'sets':
        return this.sets.pick();
      default: {
        const solved = (/** @type {TrainEntry} */ e) => { const r = p.puzzles[e.id]; return !!(r && r.solved); };
        const after = cur && { chunk: cur.chunk, id: cur.id };
        return this.corpus.next(f, after, f.unsolved ? solved : null);
      }
    }
  }

  // next opens the next puzzle of the mode; skipping a puzzle ends a
  // Streak, and Next after a run's end starts a new one.
  next() {
    this.schedule.cancel();
    // Leaving a puzzle after a hint gives it up: a miss.
    if (this.current && this.state.hints > 0) this.decide(0);
    this.sets.leave();
    const e = this.state.skip(this.progress.records);
    if (e.ended) this.carry(e, 'Skipping a puzzle ends a streak.');
    if (e.stay) return Promise.resolve(null);
    if (this.puzzle) this.puzzle.end();
    return this.pick().then((x) => {
      if (x) return this.open(x);
      // No puzzle yet (Sets or Review with none to play): no empty board.
      const play = this.current ? null : $('.play.pending');
      if (play) play.hidden = true;
      this.note('#train-error', this.emptyText());
      this.showProgress();
      return null;
    }, (err) => this.failed(err));
  }

  emptyText() {
    const f = this.filter();
    if (this.state.mode === 'review') {
      const next = nextReview(this.progress, this.now());
      return 'No reviews due right now' + (next ? ' (the next ' + waitText(next - this.now()) + ')' : '') + ': puzzles you miss or mark come back here when due.';
    }
    if (this.state.mode === 'sets') return this.sets.emptyText();
    if (this.state.mode === 'practice' && f.unsolved && this.corpus.size(f) > 0) {
      return 'You have solved every puzzle of this selection. Untick “Unsolved only” to play them again, or choose others.';
    }
    return 'No puzzle matches these filters.';
  }

  // failed says why a puzzle could not be loaded (offline: that it is
  // not saved), with a button, pressed by itself once back online, that
  // calls retry (the permalink's puzzle), else opens the next puzzle.
  // Before the first puzzle opens, the board is the page's placeholder:
  // it is hidden meanwhile rather than left dead.
  /**
   * @param {Error} err
   * @param {() => unknown} [retry]
   */
  failed(err, retry) {
    const play = this.current ? null : $('.play');
    if (play) play.hidden = true;
    notSaved($('#train-error'), err, retry ? 'This puzzle' : 'The next puzzle', () => {
      if (play) play.hidden = false;
      return (retry || (() => this.next()))();
    });
  }

  /**
   * key: n next, h hint, f flip (outside fields).
   * @param {KeyboardEvent} ev
   */
  key(ev) {
    const t = /** @type {HTMLElement|null} */ (ev.target);
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    const click = (/** @type {string} */ sel) => {
      const b = /** @type {HTMLButtonElement|null} */ ($(sel));
      if (b && !b.disabled && !b.hidden) { ev.preventDefault(); b.click(); }
    };
    if (ev.key === 'n') click('[data-action="next"]');
    if (ev.key === 'h') click('#puzzle [data-action="hint"]');
    if (ev.key === 'f') click('#puzzle [data-action="flip"]');
  }

  bind() {
    $('[data-action="next"]').addEventListener('click', () => this.next());
    const mark = $('[data-action="mark"]');
    if (mark) mark.addEventListener('click', () => this.current && reviewMark(this.progress, this.current.id, this.now()) && this.save());
    this.filters.bindFilters();
    $$('[data-mode]').forEach((b) => b.addEventListener('click', () => {
      this.setMode(b.getAttribute('data-mode'));
      boardIntoView();
      this.next();
    }));
    $('[data-action="reset-progress"]').addEventListener('click', () => {
      if (!confirm('Forget your rating, history and solved puzzles on this device?')) return;
      this.progress = emptyProgress();
      this.save();
    });
    document.addEventListener('keydown', (ev) => this.key(ev));
    // A run left with the page counts: its score so far is recorded.
    window.addEventListener('pagehide', () => {
      if (this.state.abandon(this.progress.records).ended) store.set(PROGRESS_KEY, JSON.stringify(this.progress));
    });
  }

  /**
   * start opens the day's puzzle (?daily, daily.js) or the puzzle of the
   * permalink, else the page's own puzzle
   * (first) for a new player, else the next one of the mode (from ?mode=,
   * else the last one used).
   * @param {Corpus} corpus
   * @param {TrainEntry|null} [first]
   */
  start(corpus, first) {
    this.corpus = corpus;
    this.filters.fill(corpus.index);
    this.bind();
    const q = new URLSearchParams(location.search);
    // A link to a set (?set=…&ids=…) opens Sets, offering to add it.
    this.setMode(this.sets.start(q) ? 'sets' : q.get('mode') || store.get(MODE_KEY) || 'rated');
    const id = q.get('id');
    const daily = () => dailyPuzzle(corpus, utcDate(this.now())).then((e) => (e ? this.open(e) : this.next()), (err) => this.failed(err, daily));
    if (q.get('daily') !== null) return daily();
    if (!id && first) {
      first.chunk = chunkOf(corpus.index, first);
      return this.open(first);
    }
    if (!id) return this.next();
    const openID = () => findEntry(this.progress, this.corpus, id).then((/** @type {TrainEntry|null} */ e) => {
      if (e) return this.open(e);
      return this.next().then(() => this.note('#train-error', 'There is no puzzle “' + id + '” on this site; here is another.'));
    }, (err) => this.failed(err, openID));
    return openID();
  }
}

// The page's controller (TC.page) is the puzzle being trained, once the
// first one is loaded; TC.trainer is the trainer (for the console).
onPage('train', () => {
  const data = json('train-data');
  if (!data) return null;
  const t = new Trainer();
  TC.trainer = t;
  // Offline, a permalink is looked for in the chunks this device keeps.
  const kept = (/** @type {string} */ u) => ('caches' in globalThis ? caches.match(new URL(u, document.baseURI).href).then(Boolean) : Promise.resolve(false));
  // A new player plays the puzzle the page is drawn with (theme.js says
  // who is new, before the page paints).
  const first = document.documentElement.hasAttribute('data-train-fresh') && data.first ? rooted(data.first, data.root) : null;
  fetchJSON(data.index).then((index) => t.start(new Corpus(data.root, index, fetchJSON, kept), first)).catch((err) => {
    const play = /** @type {HTMLElement|null} */ ($('.play.pending'));
    if (play) play.hidden = true;
    t.note('#train-error', 'The puzzles could not be loaded: ' + err.message);
  });
  return null;
});

/**
 * readJSON parses kept text, null when it is missing or damaged.
 * @param {string|null} text
 * @returns {any}
 */
function readJSON(text) {
  try { return JSON.parse(text || 'null'); } catch (e) { return null; }
}
