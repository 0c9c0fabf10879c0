// @ts-check
// The puzzles of a new set, drawn from a selection of the corpus by a
// seed (the set's name and time): the same corpus, selection and seed
// draw the same puzzles in the same order. Pure apart from the corpus
// it is given, so Node can test it.

import { fnv1a, matches } from './corpus.js';
import { seeded } from './playtable.js';
import { validPuzzleId } from './sets.js';

/**
 * @typedef {import('./corpus.js').Corpus} Corpus
 * @typedef {import('./corpus.js').Filter} Filter
 */

// A draw reads one chunk of the selection for every PER_CHUNK puzzles
// asked for (two at least, SPREAD_CHUNKS at most), so that a set spans
// packs and ratings (a chunk is one pack's puzzles of a band of
// ratings), and more while they hold too few puzzles, READ_MAX at most.
const PER_CHUNK = 8;
const SPREAD_CHUNKS = 12;
const READ_MAX = 40;

/**
 * shuffled is a copy of list in an order drawn by seed.
 * @template T
 * @param {T[]} list
 * @param {string} seed
 * @returns {T[]}
 */
export function shuffled(list, seed) {
  const out = list.slice();
  const r = seeded(fnv1a(seed));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * drawIds draws n of the ids of a pool by seed: the same pool (in any
 * order) and seed, the same ids in the same order.
 * @param {string[]} pool
 * @param {number} n
 * @param {string} seed
 * @returns {string[]}
 */
export function drawIds(pool, n, seed) {
  const sorted = Array.from(new Set(pool)).sort();
  return shuffled(sorted, seed).slice(0, Math.max(0, n));
}

/**
 * spread draws n ids from groups of ids by seed, as evenly from each
 * group as they allow (in turn, each group in an order drawn by seed),
 * and gives them in an order drawn by seed.
 * @param {string[][]} groups
 * @param {number} n
 * @param {string} seed
 * @returns {string[]}
 */
export function spread(groups, n, seed) {
  const lists = groups.map((g, i) => drawIds(g, g.length, seed + ' ' + i));
  /** @type {Set<string>} */
  const out = new Set();
  for (let round = 0; out.size < n && lists.some((l) => l.length > round); round++) {
    for (const l of lists) {
      if (out.size < n && round < l.length) out.add(l[round]);
    }
  }
  return shuffled(Array.from(out), 'order ' + seed);
}

/**
 * drawFromCorpus draws n puzzles of filter f by seed: it reads chunks
 * of the selection in an order drawn by seed, one for every PER_CHUNK
 * puzzles asked for and more while they hold fewer than n, and spreads
 * the draw over them. A chunk that cannot be fetched (offline) is
 * passed over; the promise rejects with its error only when no puzzle
 * was found.
 * @param {Corpus} corpus
 * @param {Filter} f
 * @param {number} n
 * @param {string} seed
 * @returns {Promise<string[]>}
 */
export function drawFromCorpus(corpus, f, n, seed) {
  const chunks = shuffled(corpus.candidates(f), 'chunks ' + seed);
  const spreadOver = Math.min(SPREAD_CHUNKS, Math.max(2, Math.ceil(n / PER_CHUNK)));
  /** @type {string[][]} the matching ids of each chunk read */
  const groups = [];
  let found = 0;
  /** @type {unknown} */
  let failed = null;
  /** @returns {Promise<string[]>} */
  const step = (/** @type {number} */ k) => {
    if (k >= chunks.length || k >= READ_MAX || (groups.length >= spreadOver && found >= n)) {
      if (!found && failed) return Promise.reject(failed);
      return Promise.resolve(spread(groups, n, seed));
    }
    return corpus.chunk(chunks[k]).then((entries) => {
      const ids = entries.filter((e) => matches(e, f) && validPuzzleId(e.id)).map((e) => e.id);
      if (ids.length) groups.push(ids);
      found += ids.length;
      return step(k + 1);
    }, (err) => {
      failed = failed || err;
      return step(k + 1);
    });
  };
  return step(0);
}
