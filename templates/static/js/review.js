// @ts-check
// The review queue's schedule: FSRS, the scheduler Anki has used since
// 23.10, through its maintained implementation, ts-fsrs (vendor-fsrs.js,
// MIT; 6.7 KB gzipped, only its scheduler). Each queued puzzle is a
// card: failing it is an Again, solving it cleanly a Good and solving it
// with a hint a Hard. A failed puzzle steps through a minute's learning
// step and then waits days, weeks, up to MAX_INTERVAL_DAYS (Chessable's
// MoveTrainer schedules up to six months), longer after each clean
// solve, shorter after each failure. A puzzle in a (re)learning step is
// due LEARN_AHEAD early, as Anki's "learn ahead limit" shows it, so a
// puzzle just failed can be reviewed at once. Pure, so Node can test it.
//
// vendor-fsrs.js was made from the npm package ts-fsrs@5.4.2 by
//   echo "export { fsrs, createEmptyCard, Rating, State, generatorParameters } from 'ts-fsrs';" > entry.mjs
//   esbuild entry.mjs --bundle --minify --format=esm --legal-comments=none
// (esbuild 0.28.2) under its licence banner; vendor-fsrs.d.ts types it.

import { createEmptyCard, fsrs, generatorParameters, Rating, State } from './vendor-fsrs.js';

/**
 * MAX_INTERVAL_DAYS is the longest wait FSRS schedules between two
 * reviews (ts-fsrs makes each wait at least a day longer than the last,
 * so a card at the limit waits one day more).
 */
export const MAX_INTERVAL_DAYS = 180;
/** LEARN_AHEAD is how early a puzzle in a learning step is due, in ms. */
export const LEARN_AHEAD = 20 * 60 * 1000;

/**
 * ReviewCard is a queued puzzle as progress keeps it: when it is due (ms),
 * FSRS's stability (days) and difficulty (1 to 10), its reviews and
 * lapses, its state (0 new, 1 learning, 2 review, 3 relearning), the
 * learning step it is at, the days it was scheduled for, its last review
 * (ms, 0 for none) and whether the player marked it (rather than failed
 * it).
 * @typedef {{due: number, s: number, d: number, n: number, l: number, st: number, ls: number, sd: number, lr: number, mark?: boolean}} ReviewCard
 * @typedef {import('./vendor-fsrs.js').Grade} FsrsGrade
 * @typedef {import('./vendor-fsrs.js').Card} FsrsCard
 */

const scheduler = fsrs(generatorParameters({
  enable_fuzz: false,
  maximum_interval: MAX_INTERVAL_DAYS,
  learning_steps: ['1m'],
  relearning_steps: ['1m'],
}));

/** The grades a review gives. */
export const Grade = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good };

/**
 * newCard is a puzzle entering the queue at now, due at once.
 * @param {number} now
 * @param {boolean} [mark] the player marked it
 * @returns {ReviewCard}
 */
export function newCard(now, mark) {
  const c = fromCard(createEmptyCard(now));
  if (mark) c.mark = true;
  return c;
}

/**
 * review schedules card (null for a puzzle not queued yet) after a review
 * at now with grade (Grade.again, .hard or .good).
 * @param {ReviewCard|null} card
 * @param {number} grade
 * @param {number} now
 * @returns {ReviewCard}
 */
export function review(card, grade, now) {
  const from = card ? toCard(card) : createEmptyCard(now);
  const next = fromCard(scheduler.next(from, now, /** @type {FsrsGrade} */ (grade)).card);
  if (card && card.mark) next.mark = true;
  return next;
}

/**
 * isDue reports whether card is due at now: its due time has come or, in
 * a learning or relearning step, comes within LEARN_AHEAD.
 * @param {ReviewCard} card
 * @param {number} now
 * @returns {boolean}
 */
export function isDue(card, now) {
  const learning = card.st === State.Learning || card.st === State.Relearning || card.st === State.New;
  return card.due <= now + (learning ? LEARN_AHEAD : 0);
}

/**
 * waitText says in words how long until a time ms away: "in 5 minutes",
 * "in 3 hours", "in 2 days".
 * @param {number} ms
 * @returns {string}
 */
export function waitText(ms) {
  const min = Math.max(1, Math.round(ms / 60000));
  const [n, unit] = min < 60 ? [min, 'minute'] : min < 36 * 60 ? [Math.round(min / 60), 'hour'] : [Math.round(min / 1440), 'day'];
  return 'in ' + n + ' ' + unit + (n === 1 ? '' : 's');
}

/**
 * fromLeitner turns a record of the earlier Leitner queue (box 1 to 5,
 * due) into a card: box 1 (failed, not yet solved again) a card in
 * relearning, a higher box one in review whose stability is its box's
 * wait.
 * @param {{box: number, due: number}} r
 * @returns {ReviewCard}
 */
export function fromLeitner(r) {
  const days = [0, 0, 1, 3, 7, 21][r.box] || 0;
  if (days === 0) return { due: r.due, s: 0.5, d: 7, n: 1, l: 1, st: State.Relearning, ls: 0, sd: 0, lr: r.due };
  return { due: r.due, s: days, d: 5, n: r.box, l: 1, st: State.Review, ls: 0, sd: days, lr: Math.max(0, r.due - days * 86400000) };
}

/**
 * validCard reports whether x is a ReviewCard a reader can trust.
 * @param {unknown} x
 * @returns {boolean}
 */
export function validCard(x) {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return false;
  const c = /** @type {Record<string, unknown>} */ (x);
  const num = (/** @type {unknown} */ v) => typeof v === 'number' && isFinite(v) && v >= 0;
  return ['due', 's', 'd', 'n', 'l', 'ls', 'sd', 'lr'].every((k) => num(c[k])) &&
    [0, 1, 2, 3].includes(/** @type {number} */ (c.st)) && (c.mark === undefined || typeof c.mark === 'boolean');
}

/**
 * toCard is a ReviewCard as ts-fsrs reads it.
 * @param {ReviewCard} r
 * @returns {FsrsCard}
 */
function toCard(r) {
  return {
    due: new Date(r.due), stability: r.s, difficulty: r.d, elapsed_days: 0, scheduled_days: r.sd,
    learning_steps: r.ls, reps: r.n, lapses: r.l, state: r.st, last_review: r.lr ? new Date(r.lr) : undefined,
  };
}

/**
 * fromCard is a ts-fsrs card as progress keeps it.
 * @param {FsrsCard} c
 * @returns {ReviewCard}
 */
function fromCard(c) {
  return {
    due: c.due.getTime(), s: c.stability, d: c.difficulty, n: c.reps, l: c.lapses, st: c.state,
    ls: c.learning_steps, sd: c.scheduled_days, lr: c.last_review ? c.last_review.getTime() : 0,
  };
}
