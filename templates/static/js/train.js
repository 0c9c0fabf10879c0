// The trainer: every puzzle of the site, one at a time, with progress
// and streaks kept in localStorage.
import './prefs.js';
import { $, $$, json, store, onPage } from './dom.js';
import { Puzzle } from './puzzle.js';
import { PROGRESS_KEY, emptyProgress, readProgress, recordSolved, solvedCount, nextPuzzle } from './progress.js';

export class Trainer {
  // puzzles are the page's puzzles (mode data with .id, .title, .url).
  constructor(puzzles) {
    this.puzzles = puzzles;
    this.current = 0;
    // clean is false once the reader erred or took a hint on this puzzle.
    this.clean = true;
    this.select = $('#puzzle-select');
    this.streakBox = $('#streak-mode');
    this.progressEl = $('#progress');
    this.progress = this.loadProgress();
    this.puzzle = new Puzzle({
      data: puzzles[0], root: $('main'),
      onMistake: () => this.mistake(),
      onSolved: (r) => this.solved(r),
    });
  }

  // loadProgress reads the stored progress; unusable data is cleared
  // and the reader told so.
  loadProgress() {
    const loaded = readProgress(store.get(PROGRESS_KEY));
    if (loaded.reset) {
      store.remove(PROGRESS_KEY);
      const note = $('#storage-note');
      if (note) {
        note.textContent = 'Your saved progress could not be read (it was damaged or from an older version), so it has been reset.';
        note.hidden = false;
      }
    }
    return loaded.progress;
  }

  save() {
    store.set(PROGRESS_KEY, JSON.stringify(this.progress));
    this.showProgress();
  }

  showProgress() {
    const p = this.progress;
    this.progressEl.textContent = 'Solved ' + solvedCount(p, this.puzzles) + ' of ' + this.puzzles.length + ' · streak ' + p.streak + ' · best streak ' + p.best + (this.streakBox.checked ? ' · streak mode' : '');
    $$('option', this.select).forEach((o) => {
      const e = p.puzzles[o.value];
      const q = this.puzzles.find((x) => x.id === o.value);
      o.textContent = (e && e.solved ? '✓ ' : '') + q.title;
    });
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
    recordSolved(this.progress, this.puzzles[this.current].id, r, this.clean);
    this.save();
    const next = $('[data-action="next"]');
    if (next) next.focus();
  }

  // open shows puzzle i (modulo their number).
  open(i) {
    this.current = (i + this.puzzles.length) % this.puzzles.length;
    this.clean = true;
    const p = this.puzzles[this.current];
    this.select.value = p.id;
    $('#puzzle-title').textContent = p.title;
    $('#puzzle-task').textContent = p.puzzle.task;
    $('#puzzle-link').setAttribute('href', p.url);
    return this.puzzle.load(p);
  }

  next() {
    return this.open(nextPuzzle(this.progress, this.puzzles, this.current, this.streakBox.checked));
  }

  bind() {
    this.select.addEventListener('change', () => {
      const i = this.puzzles.findIndex((p) => p.id === this.select.value);
      if (i >= 0) this.open(i);
    });
    $('[data-action="next"]').addEventListener('click', () => this.next());
    this.streakBox.addEventListener('change', () => {
      this.progress.streak = 0;
      this.save();
      if (this.streakBox.checked) this.open(0);
    });
    $('[data-action="reset-progress"]').addEventListener('click', () => {
      this.progress = emptyProgress();
      this.save();
    });
    const hint = $('#puzzle [data-action="hint"]');
    if (hint) hint.addEventListener('click', () => { this.clean = false; });
    this.puzzle.bind();
  }

  start() {
    this.bind();
    this.showProgress();
    $('#puzzle-task').textContent = this.puzzles[0].puzzle.task;
    this.open(0).catch(() => {});
  }
}

// The page's controller (TC.page) is the puzzle being trained.
onPage('train', () => {
  const puzzles = json('puzzles-data') || [];
  if (!puzzles.length) return null;
  const t = new Trainer(puzzles);
  t.start();
  return t.puzzle;
});
