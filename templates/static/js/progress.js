// @ts-check
// The trainer's progress, kept in localStorage as JSON and validated on
// every read: a corrupt record is replaced by an empty one, never
// trusted; a record of the previous version is upgraded. It holds the
// player's Glicko-2 rating and its history, a log of attempts (for the
// dashboard), the review queue (FSRS cards, review.js), the records of
// Streak and Storm, the puzzles made from the player's games (own,
// optional: ownpuzzles.js) and the player's sets (sets.js, optional).
// Pure: no DOM, importable from Node.

import { update, START } from './rating.js';
import { Grade, fromLeitner, isDue, newCard, review, validCard } from './review.js';
import { validOwn, mergeOwn, ownEntry } from './ownpuzzles.js';
import { validSets, mergeSets } from './sets.js';
import { validBests } from './drillbests.js';

/**
 * Progress is the stored record (see emptyProgress): puzzles by id, the
 * streaks, the player's rating and its history ([time, rating, RD]), the
 * log of attempts, the review queue by id, the best records and the
 * sets (sets.js; missing when there is none).
 * @typedef {import('./rating.js').Player} Player
 * @typedef {import('./review.js').ReviewCard} ReviewCard
 * @typedef {{solved: boolean, attempts: number, hints: number, rated?: boolean}} PuzzleRecord
 * @typedef {{id: string, t: number, ok: boolean, pr: number, th: string[], f: string, m: string}} Attempt
 * @typedef {{v: number, puzzles: Record<string, PuzzleRecord>, streak: number, best: number, player: Player,
 *   history: number[][], log: Attempt[], review: Record<string, ReviewCard>,
 *   records: {streak: number, storm: number}, own?: Record<string, import('./ownpuzzles.js').OwnPuzzle>,
 *   sets?: PuzzleSet[]}} Progress
 * @typedef {import('./sets.js').PuzzleSet} PuzzleSet
 * RatedPuzzle is what rating and logging read of a puzzle entry.
 * @typedef {{id: string, rating: number, themes?: string[], family?: string, source?: {rd?: number, [k: string]: any}, estimated?: boolean}} RatedPuzzle
 */

export const PROGRESS_KEY = 'thinchess.progress';
export const VERSION = 3;

// LOG_MAX bounds the attempts kept for the dashboard (the oldest go).
export const LOG_MAX = 20000;

// DAY is a day in milliseconds.
export const DAY = 24 * 3600 * 1000;

/**
 * emptyProgress is the progress of a new reader.
 * @returns {Progress}
 */
export function emptyProgress() {
  return {
    v: VERSION, puzzles: {}, streak: 0, best: 0,
    player: { ...START }, history: [], log: [], review: {},
    records: { streak: 0, storm: 0 },
  };
}

/** @type {(x: unknown) => boolean} a whole number from 0 */
const count = (x) => typeof x === 'number' && isFinite(x) && x >= 0 && Math.floor(x) === x;
/** @type {(x: unknown) => boolean} */
const num = (x) => typeof x === 'number' && isFinite(x);
/** @type {(x: unknown) => boolean} */
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
/** @type {(x: unknown) => boolean} */
const strings = (x) => Array.isArray(x) && x.every((s) => typeof s === 'string');

/**
 * @param {any} ps
 * @returns {boolean}
 */
function validPuzzles(ps) {
  return isObject(ps) && Object.keys(ps).every((k) => {
    const e = ps[k];
    return isObject(e) && typeof e.solved === 'boolean' && count(e.attempts) && count(e.hints) &&
      (e.rated === undefined || typeof e.rated === 'boolean');
  });
}

/**
 * validProgress reports whether p is a progress record of this version.
 * @param {any} p
 * @returns {boolean}
 */
export function validProgress(p) {
  if (!isObject(p) || p.v !== VERSION) return false;
  if (!count(p.streak) || !count(p.best) || !validPuzzles(p.puzzles)) return false;
  const pl = p.player;
  if (!isObject(pl) || !num(pl.rating) || !num(pl.rd) || pl.rd <= 0 || !num(pl.vol) || pl.vol <= 0) return false;
  if (!Array.isArray(p.history) || !p.history.every((h) => Array.isArray(h) && h.length === 3 && h.every(num))) return false;
  if (!Array.isArray(p.log) || !p.log.every((a) => isObject(a) && typeof a.id === 'string' && num(a.t) &&
    typeof a.ok === 'boolean' && num(a.pr) && strings(a.th) && typeof a.f === 'string' && typeof a.m === 'string')) return false;
  if (!isObject(p.review) || !Object.keys(p.review).every((k) => validCard(p.review[k]))) return false;
  if (!validOwn(p.own)) return false;
  if (p.sets !== undefined && !validSets(p.sets)) return false;
  return isObject(p.records) && count(p.records.streak) && count(p.records.storm);
}

/**
 * upgrade turns a valid record of an earlier version into this one:
 * version 2's Leitner boxes become FSRS cards (review.fromLeitner);
 * version 1 kept only solved puzzles and streaks. Anything else gives
 * null.
 * @param {any} p
 * @returns {Progress | null}
 */
function upgrade(p) {
  if (isObject(p) && p.v === 2 && isObject(p.review) && Object.keys(p.review).every((k) => {
    const r = p.review[k];
    return isObject(r) && count(r.box) && r.box >= 1 && r.box <= 5 && num(r.due);
  })) {
    const q = { ...p, v: VERSION, review: {} };
    for (const id of Object.keys(p.review)) q.review[id] = fromLeitner(p.review[id]);
    return validProgress(q) ? q : null;
  }
  if (!isObject(p) || p.v !== 1 || !count(p.streak) || !count(p.best) || !validPuzzles(p.puzzles)) return null;
  const q = emptyProgress();
  q.puzzles = p.puzzles;
  q.streak = p.streak;
  q.best = p.best;
  return q;
}

/**
 * readProgress reads stored text (null when nothing is stored) into
 * {progress, reset}; reset is true when the text was unusable.
 * @param {string | null} raw
 * @returns {{progress: Progress, reset: boolean}}
 */
export function readProgress(raw) {
  if (raw == null) return { progress: emptyProgress(), reset: false };
  let p = null;
  try { p = JSON.parse(raw); } catch (e) { p = null; }
  if (validProgress(p)) return { progress: p, reset: false };
  const up = upgrade(p);
  if (up) return { progress: up, reset: false };
  return { progress: emptyProgress(), reset: true };
}

/**
 * entry is the record of puzzle id, made when there is none.
 * @param {Progress} p
 * @param {string} id
 * @returns {PuzzleRecord}
 */
export function entry(p, id) {
  if (!p.puzzles[id]) p.puzzles[id] = { solved: false, attempts: 0, hints: 0 };
  return p.puzzles[id];
}

/**
 * recordSolved counts an attempt at puzzle id that reached the end: r is
 * {mistakes, hints, shown} (shown: the solution was played out); clean
 * says nothing went wrong on the way. A clean, unaided solve extends the
 * streak; anything else ends it.
 * @param {Progress} p
 * @param {string} id
 * @param {{mistakes: number, hints: number, shown: boolean}} r
 * @param {boolean} clean
 */
export function recordSolved(p, id, r, clean) {
  const e = entry(p, id);
  e.attempts++;
  e.hints += r.hints;
  if (!r.shown) e.solved = true;
  if (!r.shown && r.hints === 0 && r.mistakes === 0 && clean) {
    p.streak++;
    p.best = Math.max(p.best, p.streak);
  } else {
    p.streak = 0;
  }
}

/**
 * solvedCount counts the puzzles solved.
 * @param {Progress} p
 * @returns {number}
 */
export function solvedCount(p) {
  return Object.keys(p.puzzles).filter((k) => p.puzzles[k].solved).length;
}

/**
 * puzzleRD is the deviation of a puzzle's rating: lichess's own, else
 * wider for an estimated rating than for a measured one.
 * @param {{source?: {rd?: number, [k: string]: any}, estimated?: boolean}} e
 * @returns {number}
 */
export function puzzleRD(e) {
  if (e.source && e.source.rd > 0) return e.source.rd;
  return e.estimated ? 150 : 100;
}

/**
 * rate updates the player's rating after the first rated attempt at
 * puzzle e and records it in the history; a puzzle is rated once. The
 * attempt's score is true or 1 for a clean solve, false or 0 for a
 * miss, and between for a solve with hints (hintscore.js). It returns
 * {before, after}, or null when e was rated already.
 * @param {Progress} p
 * @param {RatedPuzzle} e
 * @param {boolean|number} score
 * @param {number} now
 * @returns {{before: Player, after: Player} | null}
 */
export function rate(p, e, score, now) {
  const rec = entry(p, e.id);
  if (rec.rated) return null;
  rec.rated = true;
  const before = p.player;
  const s = typeof score === 'number' ? Math.max(0, Math.min(1, score)) : score ? 1 : 0;
  p.player = update(before, [{ rating: e.rating, rd: puzzleRD(e), score: s }], undefined, true);
  p.history.push([now, Math.round(p.player.rating * 10) / 10, Math.round(p.player.rd * 10) / 10]);
  return { before, after: p.player };
}

/**
 * logAttempt records an attempt at e in mode m for the dashboard.
 * @param {Progress} p
 * @param {RatedPuzzle} e
 * @param {boolean} ok
 * @param {string} m
 * @param {number} now
 */
export function logAttempt(p, e, ok, m, now) {
  p.log.push({ id: e.id, t: now, ok, pr: e.rating, th: (e.themes || []).slice(), f: e.family || '', m });
  if (p.log.length > LOG_MAX) p.log.splice(0, p.log.length - LOG_MAX);
}

/**
 * reviewFailed puts puzzle id into the review queue, or back into its
 * learning step: a review graded Again (review.js), due at once.
 * @param {Progress} p
 * @param {string} id
 * @param {number} now
 */
export function reviewFailed(p, id, now) {
  p.review[id] = review(p.review[id] || null, Grade.again, now);
}

/**
 * reviewSolved schedules a queued puzzle solved at now: Good when solved
 * cleanly, Hard with hints (a solve that showed the solution is a
 * failure). A puzzle not in the queue is left alone.
 * @param {Progress} p
 * @param {string} id
 * @param {number} now
 * @param {number} [hints]
 */
export function reviewSolved(p, id, now, hints) {
  const r = p.review[id];
  if (r) p.review[id] = review(r, hints ? Grade.hard : Grade.good, now);
}

/**
 * reviewMark puts puzzle id into the queue at the player's asking, due
 * at once; it reports whether it was not there already.
 * @param {Progress} p
 * @param {string} id
 * @param {number} now
 * @returns {boolean}
 */
export function reviewMark(p, id, now) {
  if (p.review[id]) return false;
  p.review[id] = newCard(now, true);
  return true;
}

/**
 * dueReviews are the ids of the queue due at now (review.isDue), the
 * longest due first.
 * @param {Progress} p
 * @param {number} now
 * @returns {string[]}
 */
export function dueReviews(p, now) {
  return Object.keys(p.review).filter((id) => isDue(p.review[id], now))
    .sort((a, b) => p.review[a].due - p.review[b].due || (a < b ? -1 : 1));
}

/**
 * nextReview is when the next puzzle of the queue not due at now is, or
 * 0 for none.
 * @param {Progress} p
 * @param {number} now
 * @returns {number}
 */
export function nextReview(p, now) {
  let next = 0;
  for (const id of Object.keys(p.review)) {
    const r = p.review[id];
    if (!isDue(r, now) && (!next || r.due < next)) next = r.due;
  }
  return next;
}

/**
 * statsBy sums the log by key(attempt) (a list of groups): attempts,
 * solved, accuracy and the average rating of the puzzles solved.
 * @param {Progress} p
 * @param {(a: Attempt) => string[]} key
 * @returns {{key: string, attempts: number, solved: number, accuracy: number, avgSolved: number}[]}
 */
export function statsBy(p, key) {
  const groups = new Map();
  for (const a of p.log) {
    for (const k of key(a)) {
      const s = groups.get(k) || { key: k, attempts: 0, solved: 0, ratingSum: 0 };
      s.attempts++;
      if (a.ok) { s.solved++; s.ratingSum += a.pr; }
      groups.set(k, s);
    }
  }
  return Array.from(groups.values()).map((s) => ({
    key: s.key, attempts: s.attempts, solved: s.solved,
    accuracy: s.solved / s.attempts, avgSolved: s.solved ? Math.round(s.ratingSum / s.solved) : 0,
  })).sort((a, b) => b.attempts - a.attempts || (a.key < b.key ? -1 : 1));
}

// EXPORT_KIND marks an exported progress file.
export const EXPORT_KIND = 'thinchess-progress';

/**
 * exportProgress is the text of an export file: the progress, and the
 * drills' bests (drillbests.js) when there are any.
 * @param {Progress} p
 * @param {number} now
 * @param {Record<string, import('./drillbests.js').Best>} [drills]
 * @returns {string}
 */
export function exportProgress(p, now, drills) {
  /** @type {Record<string, unknown>} */
  const f = { kind: EXPORT_KIND, exported: new Date(now).toISOString(), progress: p };
  if (drills && Object.keys(drills).length) f.drills = drills;
  return JSON.stringify(f, null, 1);
}

/**
 * importProgress merges the progress of an export file into current and
 * returns {progress} (a new record; current is not changed) with the
 * file's drill bests (drills, the valid ones), or {error} with a message
 * when the file is not a valid export.
 * @param {string} text
 * @param {Progress} current
 * @returns {{progress?: Progress, drills?: Record<string, import('./drillbests.js').Best>, error?: string}}
 */
export function importProgress(text, current) {
  let f = null;
  try { f = JSON.parse(text); } catch (e) {
    return { error: 'This file is not JSON: ' + e.message };
  }
  if (!isObject(f) || f.kind !== EXPORT_KIND) return { error: 'This file is not a thinchess progress export.' };
  let got = f.progress;
  if (isObject(got) && (got.v === 1 || got.v === 2)) got = upgrade(got);
  if (!validProgress(got)) {
    return { error: isObject(f.progress) && num(f.progress.v) && f.progress.v > VERSION
      ? 'This export comes from a newer version of thinchess (' + f.progress.v + '); update the site first.'
      : 'This export is damaged: some of its fields are missing or wrong. Nothing was changed.' };
  }
  return { progress: merge(current, got), drills: validBests(f.drills) };
}

/**
 * merge joins two progress records: puzzles, history, log and review
 * by union (the later entry winning; of a puzzle's two cards, the one
 * reviewed last), the rating of the record played
 * last, the best records of both, the puzzles from games by union
 * (ownpuzzles.mergeOwn) and the sets of both (of a set in both, the copy
 * played further: sets.mergeSets).
 * @param {Progress} a
 * @param {Progress} b
 * @returns {Progress}
 */
export function merge(a, b) {
  const out = emptyProgress();
  for (const src of [a, b]) {
    for (const id of Object.keys(src.puzzles)) {
      const x = src.puzzles[id];
      const y = out.puzzles[id];
      out.puzzles[id] = y ? {
        solved: x.solved || y.solved, attempts: Math.max(x.attempts, y.attempts), hints: Math.max(x.hints, y.hints),
        rated: !!(x.rated || y.rated),
      } : { ...x };
    }
    for (const id of Object.keys(src.review)) {
      const r = src.review[id];
      if (!out.review[id] || out.review[id].lr < r.lr) out.review[id] = { ...r };
    }
  }
  const hist = new Map();
  [...a.history, ...b.history].forEach((h) => hist.set(h[0], h));
  out.history = Array.from(hist.values()).sort((x, y) => x[0] - y[0]);
  const log = new Map();
  [...a.log, ...b.log].forEach((x) => log.set(x.t + '\u0000' + x.id, x));
  out.log = Array.from(log.values()).sort((x, y) => x.t - y.t).slice(-LOG_MAX);
  const last = (p) => (p.history.length ? p.history[p.history.length - 1][0] : -1);
  out.player = { ...(last(b) > last(a) ? b.player : a.player) };
  out.streak = Math.max(a.streak, b.streak);
  out.best = Math.max(a.best, b.best);
  out.records = { streak: Math.max(a.records.streak, b.records.streak), storm: Math.max(a.records.storm, b.records.storm) };
  const own = mergeOwn(a.own, b.own);
  if (own) out.own = own;
  const sets = mergeSets(a.sets || [], b.sets || []);
  if (sets.length) out.sets = sets;
  return out;
}

/**
 * findEntry looks up puzzle id for the trainer: among the puzzles from
 * the player's games first, else in the corpus.
 * @param {Progress} p
 * @param {{root: string, find(id: string): Promise<TrainEntry | null>}} corpus
 * @param {string} id
 * @returns {Promise<TrainEntry | null>}
 */
export function findEntry(p, corpus, id) {
  const e = ownEntry(p, id, corpus.root);
  return e ? Promise.resolve(e) : corpus.find(id);
}
