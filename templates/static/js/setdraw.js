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

// A draw reads chunks of the selection until it has POOL_FACTOR times
// the puzzles asked for, POOL_CHUNKS chunks at most.
const POOL_FACTOR = 4;
const POOL_CHUNKS = 12;

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
 * drawFromCorpus draws n puzzles of filter f by seed: it reads the
 * selection's chunks in an order drawn by seed, until it has several
 * times n puzzles (or has read them all, or enough chunks), and draws
 * from what it read. A chunk that cannot be fetched (offline) is passed
 * over; the promise rejects with its error only when no puzzle was
 * found.
 * @param {Corpus} corpus
 * @param {Filter} f
 * @param {number} n
 * @param {string} seed
 * @returns {Promise<string[]>}
 */
export function drawFromCorpus(corpus, f, n, seed) {
  const chunks = shuffled(corpus.candidates(f), 'chunks ' + seed);
  /** @type {string[]} */
  const pool = [];
  /** @type {unknown} */
  let failed = null;
  /** @returns {Promise<string[]>} */
  const step = (/** @type {number} */ k) => {
    if (k >= chunks.length || k >= POOL_CHUNKS || pool.length >= POOL_FACTOR * n) {
      if (!pool.length && failed) return Promise.reject(failed);
      return Promise.resolve(drawIds(pool, n, seed));
    }
    return corpus.chunk(chunks[k]).then((entries) => {
      entries.forEach((e) => { if (matches(e, f) && validPuzzleId(e.id)) pool.push(e.id); });
      return step(k + 1);
    }, (err) => {
      failed = failed || err;
      return step(k + 1);
    });
  };
  return step(0);
}
