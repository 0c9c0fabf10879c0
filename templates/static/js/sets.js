// @ts-check
// Sets and cycles (the Woodpecker method): a set is a list of puzzles,
// drawn from a selection of the corpus or made of the puzzles the player
// marked (drawn by setdraw.js), solved again and again in cycles; each cycle keeps its time
// and how many puzzles were solved at the first try. Sets are kept in the
// progress record (progress.js, the optional field sets), travel in its
// export, and are shared as a link (the ids in the URL) or as a file of
// their own. Pure: no DOM, importable from Node; the corpus is given.

import { fnv1a } from './corpus.js';

/**
 * PuzzleSet is a set: its id, its name, the ids of its puzzles in the
 * order they are played, when it was made (ms) and its cycles. A cycle
 * (SetCycle) started at a time and finished at another once its last
 * puzzle was played; solved counts its puzzles solved at the first try,
 * failed the others, ms the time spent solving them (while the page was
 * seen), at the index of the next puzzle to play.
 * @typedef {{started: number, finished?: number, solved: number, failed: number, ms: number, at: number}} SetCycle
 * @typedef {{id: string, name: string, ids: string[], made: number, cycles: SetCycle[]}} PuzzleSet
 */

// SET_KIND marks a set's own file.
export const SET_KIND = 'thinchess-set';
/** The most puzzles a set holds (a link must stay a link). */
export const SET_MAX = 200;
/** The longest name kept. */
export const NAME_MAX = 60;

/** @type {(x: unknown) => boolean} a whole number from 0 */
const count = (x) => typeof x === 'number' && isFinite(x) && x >= 0 && Math.floor(x) === x;
/** @type {(x: unknown) => x is Record<string, any>} */
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * validPuzzleId reports whether id can be a puzzle's id: letters,
 * digits, '-', '_' and '.', 100 at most (never '~' or ',', which links
 * use).
 * @param {unknown} id
 * @returns {id is string}
 */
export function validPuzzleId(id) {
  return typeof id === 'string' && /^[A-Za-z0-9_.-]{1,100}$/.test(id);
}

/**
 * validCycle reports whether c is a cycle of a set of n puzzles.
 * @param {any} c
 * @param {number} n
 */
function validCycle(c, n) {
  return isObject(c) && count(c.started) && count(c.solved) && count(c.failed) && count(c.ms) && count(c.at) &&
    c.at <= n && c.solved + c.failed <= c.at && (c.finished === undefined || (count(c.finished) && c.at === n));
}

/**
 * validSet reports whether s is a set: a name, one to SET_MAX distinct
 * puzzle ids, and cycles of which only the last may be under way.
 * @param {any} s
 * @returns {s is PuzzleSet}
 */
export function validSet(s) {
  if (!isObject(s) || typeof s.id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(s.id)) return false;
  if (typeof s.name !== 'string' || !s.name || s.name.length > NAME_MAX || !count(s.made)) return false;
  if (!Array.isArray(s.ids) || !s.ids.length || s.ids.length > SET_MAX || !s.ids.every(validPuzzleId)) return false;
  if (new Set(s.ids).size !== s.ids.length || !Array.isArray(s.cycles)) return false;
  return s.cycles.every((c, i) => validCycle(c, s.ids.length) && (c.finished !== undefined || i === s.cycles.length - 1));
}

/**
 * validSets reports whether x is a list of sets with distinct ids.
 * @param {any} x
 * @returns {x is PuzzleSet[]}
 */
export function validSets(x) {
  return Array.isArray(x) && x.every(validSet) && new Set(x.map((s) => s.id)).size === x.length;
}

/**
 * cleanName trims a name and keeps NAME_MAX characters of it; fallback
 * when nothing is left.
 * @param {string} name
 * @param {string} fallback
 */
export function cleanName(name, fallback) {
  const n = String(name || '').replace(/\s+/g, ' ').trim().slice(0, NAME_MAX).trim();
  return n || fallback.slice(0, NAME_MAX);
}

/**
 * makeSet makes a set of no cycle yet named name (or "Set"), of the
 * distinct valid ids given (SET_MAX at most), made at now; null when no
 * id is left. Its id is made of the time and a hash of what it holds.
 * @param {string} name
 * @param {string[]} ids
 * @param {number} now
 * @returns {PuzzleSet|null}
 */
export function makeSet(name, ids, now) {
  const list = Array.from(new Set(ids.filter(validPuzzleId))).slice(0, SET_MAX);
  if (!list.length) return null;
  const n = cleanName(name, 'Set');
  const t = Math.max(0, Math.floor(now));
  return { id: t.toString(36) + '-' + fnv1a(n + '\n' + list.join(',')).toString(36), name: n, ids: list, made: t, cycles: [] };
}

/**
 * current is the cycle of set s under way, or null.
 * @param {PuzzleSet} s
 * @returns {SetCycle|null}
 */
export function current(s) {
  const c = s.cycles[s.cycles.length - 1];
  return c && c.finished === undefined ? c : null;
}

/**
 * startCycle starts a cycle of set s at now, unless one is under way;
 * it returns the cycle under way.
 * @param {PuzzleSet} s
 * @param {number} now
 * @returns {SetCycle}
 */
export function startCycle(s, now) {
  const c = current(s);
  if (c) return c;
  const n = { started: Math.max(0, Math.floor(now)), solved: 0, failed: 0, ms: 0, at: 0 };
  s.cycles.push(n);
  return n;
}

/**
 * nextId is the id of the next puzzle of set s's cycle under way, or ''.
 * @param {PuzzleSet} s
 * @returns {string}
 */
export function nextId(s) {
  const c = current(s);
  return c ? s.ids[c.at] : '';
}

/**
 * record counts the attempt at puzzle id of set s's cycle under way,
 * when it is its next puzzle: ok a solve at the first try; missing a
 * puzzle this site does not have (passed over, counted neither way).
 * The cycle finishes at now with its last puzzle. It returns the cycle
 * finished, or null.
 * @param {PuzzleSet} s
 * @param {string} id
 * @param {'ok'|'failed'|'missing'} how
 * @param {number} now
 * @returns {SetCycle|null}
 */
export function record(s, id, how, now) {
  const c = current(s);
  if (!c || s.ids[c.at] !== id) return null;
  if (how === 'ok') c.solved++;
  if (how === 'failed') c.failed++;
  c.at++;
  if (c.at < s.ids.length) return null;
  c.finished = Math.max(c.started, Math.floor(now));
  return c;
}

/**
 * addTime adds ms of solving time to cycle i of set s (the cycle the
 * puzzle was opened in; it may have finished since).
 * @param {PuzzleSet} s
 * @param {number} i
 * @param {number} ms
 */
export function addTime(s, i, ms) {
  const c = s.cycles[i];
  if (c && ms > 0 && isFinite(ms)) c.ms += Math.round(ms);
}

/**
 * accuracy is the share of a cycle's puzzles solved at the first try,
 * 0 to 1 (0 before any).
 * @param {SetCycle} c
 */
export function accuracy(c) {
  const n = c.solved + c.failed;
  return n ? c.solved / n : 0;
}

/**
 * timeText writes a duration in ms as m:ss, or h:mm:ss from an hour.
 * @param {number} ms
 */
export function timeText(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (s >= 3600) return Math.floor(s / 3600) + ':' + two(Math.floor(s / 60) % 60) + ':' + two(s % 60);
  return Math.floor(s / 60) + ':' + two(s % 60);
}

/**
 * cycleText says what a cycle did: "Cycle 2: 2:05 · 17/20 first try
 * (85%)", with "under way, 7/20" for one not finished.
 * @param {PuzzleSet} s
 * @param {number} i
 */
export function cycleText(s, i) {
  const c = s.cycles[i];
  const tried = c.solved + c.failed;
  const acc = c.solved + '/' + tried + ' first try' + (tried ? ' (' + Math.round(100 * accuracy(c)) + '%)' : '');
  return 'Cycle ' + (i + 1) + ': ' + timeText(c.ms) + ' · ' + acc + (c.finished === undefined ? ' · under way, ' + c.at + '/' + s.ids.length : '');
}

/**
 * status is the line a running set shows: "Name · 7/20 · cycle 2", the
 * puzzle being played counted from 1: the one at index shown (its
 * attempt may be counted already), else the cycle's next.
 * @param {PuzzleSet} s
 * @param {number} [shown]
 */
export function status(s, shown) {
  const c = current(s);
  const n = s.cycles.length;
  if (!c) return s.name + ' · cycle ' + n + ' done · ' + s.ids.length + ' puzzles';
  const at = shown !== undefined && shown >= 0 && shown <= c.at ? shown : c.at;
  return s.name + ' · ' + Math.min(at + 1, s.ids.length) + '/' + s.ids.length + ' · cycle ' + n;
}

/**
 * done is how far set s has been played: its puzzles played over all
 * its cycles.
 * @param {PuzzleSet} s
 */
export function done(s) {
  return s.cycles.reduce((n, c) => n + c.at, 0);
}

/**
 * mergeSets joins two lists of sets: the union by id, keeping of a set
 * in both the copy played further (the first list's when even), in the
 * first list's order, then the second's new ones.
 * @param {PuzzleSet[]} a
 * @param {PuzzleSet[]} b
 * @returns {PuzzleSet[]}
 */
export function mergeSets(a, b) {
  /** @type {Map<string, PuzzleSet>} */
  const out = new Map();
  for (const s of [...a, ...b]) {
    const have = out.get(s.id);
    if (!have || done(s) > done(have)) out.set(s.id, copySet(s));
  }
  return Array.from(out.values());
}

/**
 * copySet is a deep copy of set s.
 * @param {PuzzleSet} s
 * @returns {PuzzleSet}
 */
export function copySet(s) {
  return { id: s.id, name: s.name, ids: s.ids.slice(), made: s.made, cycles: s.cycles.map((c) => ({ ...c })) };
}

/**
 * packIds writes ids for a link: comma-separated, an id that begins as
 * the one before it up to that one's last '-' written as '~' and the
 * rest ("games-1d-12-329fe1cbdb,~fcf54304d8").
 * @param {string[]} ids
 * @returns {string}
 */
export function packIds(ids) {
  return ids.map((id, i) => {
    const prev = ids[i - 1];
    const stem = prev ? prev.slice(0, prev.lastIndexOf('-') + 1) : '';
    return stem && id.startsWith(stem) && id.length > stem.length ? '~' + id.slice(stem.length) : id;
  }).join(',');
}

/**
 * unpackIds reads what packIds writes; null when it is not that.
 * @param {string} text
 * @returns {string[]|null}
 */
export function unpackIds(text) {
  /** @type {string[]} */
  const out = [];
  for (const part of String(text).split(',')) {
    const prev = out[out.length - 1];
    let id = part;
    if (part.startsWith('~')) {
      if (!prev || prev.lastIndexOf('-') < 0) return null;
      id = prev.slice(0, prev.lastIndexOf('-') + 1) + part.slice(1);
    }
    if (!validPuzzleId(id)) return null;
    out.push(id);
  }
  return out;
}

/**
 * shareQuery is the query of a link to set s ("set=Name&ids=…"), to be
 * put after the trainer's address and '?'.
 * @param {PuzzleSet} s
 */
export function shareQuery(s) {
  return 'set=' + encodeURIComponent(s.name).replace(/%20/g, '+') + '&ids=' + packIds(s.ids);
}

/**
 * parseLink reads a set from a link's query: null when it has none
 * (no set= or ids=), {error} when it is damaged, else the set's name
 * and ids (distinct, SET_MAX at most).
 * @param {URLSearchParams} q
 * @returns {{name: string, ids: string[]} | {error: string} | null}
 */
export function parseLink(q) {
  const raw = q.get('ids');
  if (q.get('set') === null && raw === null) return null;
  const ids = raw === null ? null : unpackIds(raw);
  if (!ids || !ids.length) return { error: 'This link to a set is damaged: its list of puzzles cannot be read.' };
  if (new Set(ids).size !== ids.length || ids.length > SET_MAX) {
    return { error: 'This link to a set is damaged: its puzzles repeat, or there are more than ' + SET_MAX + '.' };
  }
  return { name: cleanName(q.get('set') || '', 'Shared set'), ids };
}

/**
 * exportSet is the text of set s's own file.
 * @param {PuzzleSet} s
 * @param {number} now
 */
export function exportSet(s, now) {
  return JSON.stringify({ kind: SET_KIND, exported: new Date(now).toISOString(), set: s }, null, 1);
}

/**
 * parseSetFile reads a set's file: {set}, or {error} with a message
 * when the text is not such a file.
 * @param {string} text
 * @returns {{set: PuzzleSet} | {error: string}}
 */
export function parseSetFile(text) {
  let f = null;
  try { f = JSON.parse(text); } catch (e) {
    return { error: 'This file is not JSON, so it is not a set. Nothing was changed.' };
  }
  if (!isObject(f) || f.kind !== SET_KIND) return { error: 'This file is not a thinchess set. Nothing was changed.' };
  if (!validSet(f.set)) return { error: 'This set file is damaged: some of its fields are missing or wrong. Nothing was changed.' };
  return { set: copySet(f.set) };
}

/**
 * addSet puts set s into the list: a set of the same id is replaced when
 * s has been played further; it returns whether the list changed.
 * @param {PuzzleSet[]} list
 * @param {PuzzleSet} s
 */
export function addSet(list, s) {
  const i = list.findIndex((x) => x.id === s.id);
  if (i < 0) {
    list.push(copySet(s));
    return true;
  }
  if (done(s) <= done(list[i])) return false;
  list[i] = copySet(s);
  return true;
}

/**
 * sameIds finds a set of the list with the ids given, in that order.
 * @param {PuzzleSet[]} list
 * @param {string[]} ids
 * @returns {PuzzleSet|undefined}
 */
export function sameIds(list, ids) {
  return list.find((s) => s.ids.length === ids.length && s.ids.every((id, i) => id === ids[i]));
}
