// @ts-check
// The trainer's state, apart from the page: the mode (Rated, Streak,
// Storm, Review, Practice, Sets), the Streak or Storm under way with its
// clock, score and combo, the puzzle being played and whether its
// attempt is decided, and the selection (the filters' values). Every
// change is a method that says what follows from it (a run ended, time
// added, the next puzzle due by itself); train.js draws the state and
// carries those out. Pure: no DOM, importable from Node. What a puzzle
// has scheduled is held by schedule.js.
import { solveScore } from './hintscore.js';

/** @type {TrainMode[]} */
export const MODES = ['rated', 'streak', 'storm', 'review', 'practice', 'sets'];

// Streak and Storm start easy and get harder with every puzzle solved.
export const STREAK_START = 800;
export const STREAK_STEP = 80;
export const STORM_START = 700;
export const STORM_STEP = 50;
// Storm: three minutes, ten seconds off for a mistake, three more for
// every fifth right move in a row.
export const STORM_SECONDS = 180;
export const STORM_PENALTY = 10;
export const STORM_COMBO = 5;
export const STORM_BONUS = 3;

/** The filters' values when nothing is chosen. @type {TrainFilter} */
export const NO_FILTER = Object.freeze({ pack: '', family: '', kind: '', theme: '', min: 0, max: 0, unsolved: true, difficulty: 0 });

/**
 * isMode reports whether m names a mode.
 * @param {any} m
 * @returns {m is TrainMode}
 */
export function isMode(m) { return MODES.indexOf(m) >= 0; }

/**
 * parseFilter reads the filters' raw values (strings from the fields)
 * into a selection: ratings and the difficulty as numbers, 0 for none.
 * @param {{pack?: string, family?: string, kind?: string, theme?: string, min?: string|number, max?: string|number, unsolved?: boolean, difficulty?: string|number}} raw
 * @returns {TrainFilter}
 */
export function parseFilter(raw) {
  const num = (/** @type {any} */ x) => { const n = parseInt(String(x), 10); return isFinite(n) && n > 0 ? n : 0; };
  const d = parseInt(String(raw.difficulty), 10);
  return {
    pack: raw.pack || '', family: raw.family || '', kind: raw.kind || '', theme: raw.theme || '',
    min: num(raw.min), max: num(raw.max), unsolved: raw.unsolved !== false,
    difficulty: isFinite(d) ? d : 0,
  };
}

/**
 * filterWords says what a selection chooses, for the folded filters'
 * summary line: "Pack Test mates · Theme Mate in 1", or "All puzzles".
 * Only the filters of the mode count (the rating range of Practice and
 * Sets, Practice's "unsolved only", Rated's difficulty).
 * @param {TrainFilter} f
 * @param {TrainMode} mode
 * @param {TrainNames} names
 * @returns {string}
 */
export function filterWords(f, mode, names) {
  const parts = [];
  const name = (/** @type {{[id: string]: string}} */ m, /** @type {string} */ id) => (m && m[id]) || id;
  if (f.pack) parts.push('Pack ' + name(names.packs, f.pack));
  if (f.family) parts.push('Board ' + name(names.families, f.family));
  if (f.kind) parts.push('Kind ' + name(names.kinds, f.kind));
  if (f.theme) parts.push('Theme ' + name(names.themes, f.theme));
  if (mode === 'rated' && f.difficulty) parts.push(f.difficulty < 0 ? 'Easier' : 'Harder');
  if (mode === 'practice' || mode === 'sets') {
    if (f.min && f.max) parts.push('Rated ' + f.min + '–' + f.max);
    else if (f.min) parts.push('Rated ' + f.min + ' and up');
    else if (f.max) parts.push('Rated up to ' + f.max);
  }
  if (mode === 'practice' && !f.unsolved) parts.push('solved ones too');
  return parts.length ? parts.join(' · ') : 'All puzzles';
}

/**
 * filterChosen reports whether a selection narrows the puzzles (the
 * filters then fold away, their summary saying what is chosen).
 * @param {TrainFilter} f
 * @param {TrainMode} mode
 * @param {TrainNames} names
 */
export function filterChosen(f, mode, names) { return filterWords(f, mode, names) !== 'All puzzles'; }

/**
 * clockText writes seconds as m:ss.
 * @param {number} s
 */
export function clockText(s) {
  const n = Math.max(0, Math.ceil(s));
  return Math.floor(n / 60) + ':' + String(n % 60).padStart(2, '0');
}

export class TrainState {
  /**
   * @param {TrainMode} mode
   * @param {() => number} now the clock, in ms
   */
  constructor(mode, now) {
    /** @type {TrainMode} */
    this.mode = isMode(mode) ? mode : 'rated';
    this.now = now;
    /** @type {TrainRun|null} */
    this.run = null;
    /** @type {TrainEntry|null} the puzzle being played */
    this.current = null;
    /** false once the reader erred or took a hint on the current puzzle */
    this.clean = true;
    /** the hints taken on the current puzzle (a restart keeps them) */
    this.hints = 0;
    /** @type {'ok'|'hinted'|'fail'|null} the attempt's outcome once decided */
    this.outcome = null;
    if (this.isRun()) this.startRun();
  }

  /** isRun reports whether the mode plays runs (Streak, Storm). */
  isRun() { return this.mode === 'streak' || this.mode === 'storm'; }

  /** hintsAllowed: Storm has no hints. */
  hintsAllowed() { return this.mode !== 'storm'; }

  /**
   * setMode switches the mode; a run under way is abandoned (its score
   * kept as a record when it beats it) and a Streak or Storm starts.
   * @param {any} m
   * @param {TrainRecords} records
   * @returns {TrainEffect}
   */
  setMode(m, records) {
    const effect = this.abandon(records);
    this.mode = isMode(m) ? m : 'rated';
    this.run = null;
    if (this.isRun()) this.startRun();
    return effect;
  }

  /**
   * startRun begins a Streak or Storm. A Storm's clock waits for the
   * player's first move (as lichess's does): not for the first puzzle
   * to load.
   */
  startRun() {
    const mode = this.mode === 'storm' ? 'storm' : 'streak';
    this.run = { mode, score: 0, combo: 0, over: false, played: new Set(), ends: 0 };
  }

  /** clockStarted reports whether a Storm's clock runs. */
  clockStarted() { return !!this.run && this.run.mode === 'storm' && this.run.ends > 0; }

  /** startClock starts a Storm's clock at the player's first move. */
  startClock() {
    const r = this.run;
    if (r && r.mode === 'storm' && !r.over && !r.ends) r.ends = this.now() + STORM_SECONDS * 1000;
  }

  /** live reports whether a run is under way. */
  live() { return !!this.run && !this.run.over; }

  /** left is the seconds left on a Storm's clock (0 when none runs). */
  left() {
    const r = this.run;
    if (!r || r.mode !== 'storm') return 0;
    if (r.over) return 0;
    return r.ends ? Math.max(0, (r.ends - this.now()) / 1000) : STORM_SECONDS;
  }

  /** clockShare is the part of the Storm's three minutes left, 0 to 1. */
  clockShare() {
    if (!this.run || this.run.mode !== 'storm') return 0;
    return Math.min(1, this.left() / STORM_SECONDS);
  }

  /** comboShare is how far the combo is to its next bonus, 0 to 1. */
  comboShare() {
    const c = this.run ? this.run.combo : 0;
    return (c % STORM_COMBO) / STORM_COMBO;
  }

  /**
   * target is the rating the next puzzle of a run is chosen near.
   * @returns {number}
   */
  target() {
    const s = this.run ? this.run.score : 0;
    return this.mode === 'storm' ? STORM_START + STORM_STEP * s : STREAK_START + STREAK_STEP * s;
  }

  /**
   * open makes e the puzzle being played.
   * @param {TrainEntry} e
   */
  open(e) {
    this.current = e;
    this.clean = true;
    this.hints = 0;
    this.outcome = null;
    if (this.run && !this.run.over) this.run.played.add(e.id);
  }

  /**
   * decide settles the attempt at the current puzzle, once, by its score
   * (true or 1 a clean solve, false or 0 a miss, between a solve with
   * hints): true the first time, false after.
   * @param {boolean|number} score
   */
  decide(score) {
    if (this.outcome || !this.current) return false;
    const s = typeof score === 'number' ? score : score ? 1 : 0;
    this.outcome = s >= 1 ? 'ok' : s > 0 ? 'hinted' : 'fail';
    return true;
  }

  /**
   * score is the score of the attempt at the current puzzle once it
   * ended (hintscore.js): the hints counted are the attempt's, restarts
   * included.
   * @param {PuzzleResult} res
   * @returns {number}
   */
  score(res) {
    return solveScore({ mistakes: res.mistakes, hints: Math.max(res.hints, this.hints), shown: res.shown });
  }

  /**
   * endRun ends the run under way and keeps its record.
   * @param {TrainRecords} records
   * @returns {TrainEffect}
   */
  endRun(records) {
    const r = this.run;
    if (!r || r.over) return {};
    r.over = true;
    const best = r.score > records[r.mode];
    records[r.mode] = Math.max(records[r.mode], r.score);
    return { ended: { mode: r.mode, score: r.score, best, record: records[r.mode] } };
  }

  /**
   * abandon records a run left before its end (another mode, the page
   * left): its score so far counts as a record.
   * @param {TrainRecords} records
   * @returns {TrainEffect}
   */
  abandon(records) {
    if (!this.live() || this.run.score === 0) return {};
    return this.endRun(records);
  }

  /**
   * tick checks a Storm's clock: at zero the Storm ends.
   * @param {TrainRecords} records
   * @returns {TrainEffect}
   */
  tick(records) {
    if (!this.live() || !this.clockStarted() || this.left() > 0) return {};
    return this.endRun(records);
  }

  /**
   * mistake: the attempt fails; a Streak ends; a Storm loses time and
   * its combo, and the next puzzle comes.
   * @param {TrainRecords} records
   * @returns {TrainEffect}
   */
  mistake(records) {
    this.clean = false;
    this.decide(false);
    if (!this.live()) return {};
    this.startClock();
    const r = this.run;
    if (r.mode === 'streak') return this.endRun(records);
    r.ends -= STORM_PENALTY * 1000;
    r.combo = 0;
    const t = this.tick(records);
    return t.ended ? t : { penalty: STORM_PENALTY, next: true };
  }

  /**
   * right: a right move; in a Storm the combo grows, and every fifth
   * right move in a row adds seconds.
   * @returns {TrainEffect}
   */
  right() {
    if (!this.live() || this.run.mode !== 'storm') return {};
    this.startClock();
    const r = this.run;
    r.combo++;
    if (r.combo % STORM_COMBO !== 0) return {};
    r.ends += STORM_BONUS * 1000;
    return { bonus: STORM_BONUS };
  }

  /**
   * hinted: a hint lowers the attempt's score (score) and ends a Streak.
   * @param {TrainRecords} records
   * @returns {TrainEffect}
   */
  hinted(records) {
    this.clean = false;
    this.hints++;
    if (this.live() && this.run.mode === 'streak') return this.endRun(records);
    return {};
  }

  /**
   * solved: the puzzle ended solved; clean is whether without mistakes,
   * hints or the solution shown. A clean solve scores in a run, whose
   * next puzzle then comes by itself.
   * @param {PuzzleResult} res
   * @returns {{clean: boolean} & TrainEffect}
   */
  solved(res) {
    const clean = this.clean && res.mistakes === 0 && res.hints === 0 && !res.shown;
    this.decide(this.score(res));
    if (!clean || !this.live()) return { clean };
    this.run.score++;
    return { clean, next: true };
  }

  /**
   * skip: Next pressed. A run that is over starts again; skipping an
   * undecided puzzle ends a Streak (then no puzzle follows).
   * @param {TrainRecords} records
   * @returns {TrainEffect & {stay?: boolean}}
   */
  skip(records) {
    const r = this.run;
    if (r && r.over) {
      this.startRun();
      return {};
    }
    if (r && r.mode === 'streak' && this.current && !this.outcome && r.played.size > 0) {
      return { ...this.endRun(records), stay: true };
    }
    return {};
  }

  /**
   * status is the line that shows the run: "Streak 3 · best 7",
   * "Storm 2:41 · score 4 · combo 2 · best 9".
   * @param {TrainRecords} records
   */
  status(records) {
    const r = this.run;
    if (this.mode === 'streak') {
      return 'Streak ' + (r ? r.score : 0) + ' · best ' + records.streak + (r && r.over ? ' · the streak is over: Next puzzle starts a new one' : '');
    }
    if (this.mode === 'storm') {
      if (r && r.over) return 'Storm over · score ' + r.score + ' · best ' + records.storm + ' · Next puzzle starts a new one';
      return 'Storm ' + clockText(r ? this.left() : STORM_SECONDS) + ' · score ' + (r ? r.score : 0) + ' · combo ' + (r ? r.combo : 0) + ' · best ' + records.storm;
    }
    return '';
  }

  /**
   * endText says how a run ended, for the feedback line.
   * @param {NonNullable<TrainEffect['ended']>} e
   * @param {string} why
   */
  static endText(e, why) {
    return (e.mode === 'storm' ? 'Storm over. ' : 'Streak over. ') + (why ? why + ' ' : '') + 'Score ' + e.score +
      (e.best ? ' — a new best!' : ' (best ' + e.record + ').');
  }
}
