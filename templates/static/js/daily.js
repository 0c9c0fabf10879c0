// @ts-check
// The daily puzzle: one puzzle a day, the same for every player on that
// day (a UTC date), picked from the whole site by the date alone, so that
// no server is needed and a device offline picks the same one. The board
// families take turns, a family a day, so a week meets every family and
// not mostly the 1-D puzzles, which are half the site; within the day's
// family the pick is a hash of the date over its puzzles rated in
// DAILY_RANGE (a puzzle most players can solve with a minute's thought),
// or over all of the family's puzzles when none is. Pure, so Node can
// test it.

import { fnv1a } from './corpus.js';

/** @typedef {import('./corpus.js').CorpusIndex} CorpusIndex */
/** @typedef {import('./corpus.js').PuzzleEntry} PuzzleEntry */

/** The ratings a daily puzzle is drawn from, when the family has them. */
export const DAILY_RANGE = { min: 1000, max: 2000 };

/**
 * dayNumber is the number of days from 1970-01-01 to a date written
 * YYYY-MM-DD, or NaN for anything else.
 * @param {string} date
 * @returns {number}
 */
export function dayNumber(date) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return NaN;
  const t = Date.UTC(+m[1], +m[2] - 1, +m[3]);
  const d = new Date(t);
  if (d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return NaN;
  return Math.round(t / 86400000);
}

/**
 * utcDate writes the UTC date of a time in ms as YYYY-MM-DD.
 * @param {number} ms
 * @returns {string}
 */
export function utcDate(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * dailyPlan says where the day's puzzle is: the family whose turn it is
 * and the one chunk to read, drawn by a hash of the date from the
 * family's chunks whose ratings meet DAILY_RANGE (else all of the
 * family's), each as likely as the puzzles it holds; seed then picks in
 * it. Null when the date is not a date or the index has no puzzles.
 * @param {CorpusIndex} index
 * @param {string} date YYYY-MM-DD
 * @returns {{family: string, chunk: number, seed: number} | null}
 */
export function dailyPlan(index, date) {
  const day = dayNumber(date);
  const families = (index.familyNames || []).filter((f) => f.n > 0);
  if (Number.isNaN(day) || !families.length) return null;
  const family = families[((day % families.length) + families.length) % families.length].id;
  /** @type {number[]} */
  const all = [];
  index.chunks.forEach((c, i) => {
    if (c.families.includes(family)) all.push(i);
  });
  const fit = all.filter((i) => index.chunks[i].hi >= DAILY_RANGE.min && index.chunks[i].lo <= DAILY_RANGE.max);
  const from = fit.length ? fit : all;
  if (!from.length) return null;
  const total = from.reduce((sum, i) => sum + index.chunks[i].n, 0);
  let k = fnv1a('daily chunk ' + date) % total;
  let chunk = from[from.length - 1];
  for (const i of from) {
    if (k < index.chunks[i].n) {
      chunk = i;
      break;
    }
    k -= index.chunks[i].n;
  }
  return { family, chunk, seed: fnv1a('daily ' + date) };
}

/**
 * dailyPick picks the day's puzzle from the puzzles of the plan's chunk:
 * one of the plan's family rated in DAILY_RANGE, else any of the family,
 * else any, by the plan's seed. Null for an empty chunk.
 * @param {{family: string, seed: number}} plan
 * @param {PuzzleEntry[]} puzzles
 * @returns {PuzzleEntry | null}
 */
export function dailyPick(plan, puzzles) {
  const mine = puzzles.filter((e) => e.family === plan.family);
  const fit = mine.filter((e) => e.rating >= DAILY_RANGE.min && e.rating <= DAILY_RANGE.max);
  const from = fit.length ? fit : mine.length ? mine : puzzles;
  if (!from.length) return null;
  return from[plan.seed % from.length];
}

/**
 * dailyPuzzle finds the day's puzzle in a corpus (corpus.js), reading one
 * chunk: null when there is none.
 * @param {{index: CorpusIndex, chunk: (i: number) => Promise<PuzzleEntry[]>}} corpus
 * @param {string} date YYYY-MM-DD
 * @returns {Promise<PuzzleEntry | null>}
 */
export function dailyPuzzle(corpus, date) {
  const plan = dailyPlan(corpus.index, date);
  if (!plan) return Promise.resolve(null);
  return corpus.chunk(plan.chunk).then((list) => dailyPick(plan, list));
}
