// @ts-check
// The puzzle corpus as the build wrote it: an index of packs and chunks,
// chunks of puzzles fetched when needed, and id buckets for permalinks
// (see site/packs.go). Pure apart from the fetchJSON it is given, so
// Node can test it.

/**
 * The shapes this module reads of what the build writes (site/packs.go,
 * internal/wire).
 * PuzzleEntry is a puzzle of a chunk, as the trainer knows it
 * (types/train.d.ts); ChunkInfo a chunk of the index, its puzzles'
 * packs, families, counts by kind and theme and rating range; Filter
 * what the trainer asks for.
 * @typedef {TrainEntry} PuzzleEntry
 * @typedef {wire.ChunkIndex} ChunkInfo
 * @typedef {wire.Index} CorpusIndex
 * @typedef {{pack?: string, family?: string, kind?: string, theme?: string, min?: number, max?: number}} Filter
 */

/**
 * fnv1a is FNV-1a (32 bits) of an ASCII string, as the build's chunks.IDBucket.
 * @param {string} s
 * @returns {number}
 */
export function fnv1a(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i) & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * matches reports whether puzzle e passes filter f: {pack, family, kind,
 * theme, min, max} (empty or missing fields pass everything).
 * @param {PuzzleEntry} e
 * @param {Filter} f
 * @returns {boolean}
 */
export function matches(e, f) {
  if (f.pack && e.pack !== f.pack) return false;
  if (f.family && e.family !== f.family) return false;
  if (f.kind && e.kind !== f.kind) return false;
  if (f.theme && !(e.themes || []).includes(f.theme)) return false;
  if (f.min && e.rating < f.min) return false;
  if (f.max && e.rating > f.max) return false;
  return true;
}

/**
 * chunkMayMatch reports whether chunk c of the index can hold a puzzle
 * that passes filter f.
 * @param {ChunkInfo} c
 * @param {Filter} f
 * @returns {boolean}
 */
export function chunkMayMatch(c, f) {
  if (f.pack && c.pack !== f.pack) return false;
  if (f.family && !c.families.includes(f.family)) return false;
  if (f.kind && !(c.kinds && c.kinds[f.kind])) return false;
  if (f.theme && !(c.themes && c.themes[f.theme])) return false;
  if (f.min && c.hi < f.min) return false;
  if (f.max && c.lo > f.max) return false;
  return true;
}

/**
 * rooted makes the URLs of entry e, relative to the site's root as the
 * build writes them, relative to the page (root is the root from there).
 * @template {{url?: string, table?: string}} T
 * @param {T} e
 * @param {string} root
 * @returns {T}
 */
export function rooted(e, root) {
  if (e.url) e.url = root + e.url;
  if (e.table) e.table = root + e.table;
  return e;
}

/**
 * chunkOf is the number of the chunk of the index that holds entry e of
 * a pack: the first of its pack's chunks whose ratings span e's.
 * @param {CorpusIndex} index
 * @param {{pack?: string, rating: number}} e
 * @returns {number}
 */
export function chunkOf(index, e) {
  const pack = index.packs.find((p) => p.id === e.pack);
  const chunks = pack ? pack.chunks : [];
  const i = chunks.find((n) => index.chunks[n].lo <= e.rating && e.rating <= index.chunks[n].hi);
  return i === undefined ? (chunks.length ? chunks[0] : 0) : i;
}

export class Corpus {
  /**
   * root is the site root relative to the page ("../"); index the parsed
   * index; fetchJSON(url) a promise of parsed JSON.
   * @param {string} root
   * @param {CorpusIndex} index
   * @param {(url: string) => Promise<any>} fetchJSON
   * @param {(url: string) => Promise<boolean>} [saved] whether a file is kept on this device (offline, a permalink is looked for in the chunks kept)
   */
  constructor(root, index, fetchJSON, saved) {
    this.root = root;
    this.index = index;
    this.fetchJSON = fetchJSON;
    this.saved = saved || null;
    /** @type {Map<number, Promise<PuzzleEntry[]>>} chunk number → promise of its puzzles */
    this.chunks = new Map();
  }

  /**
   * chunk returns the puzzles of chunk i, their URLs made relative to the
   * page.
   * @param {number} i
   * @returns {Promise<PuzzleEntry[]>}
   */
  chunk(i) {
    if (!this.chunks.has(i)) {
      const p = this.fetchJSON(this.root + this.index.chunks[i].url).then((list) => list.map((e) => {
        e.chunk = i;
        return rooted(e, this.root);
      }));
      p.catch(() => this.chunks.delete(i)); // a failed fetch may be retried
      this.chunks.set(i, p);
    }
    return this.chunks.get(i);
  }

  /**
   * find returns the puzzle with this id, or null.
   * @param {string} id
   * @returns {Promise<PuzzleEntry | null>}
   */
  find(id) {
    const ids = this.index.ids;
    if (!id || !ids.length) return Promise.resolve(null);
    return this.fetchJSON(this.root + ids[fnv1a(id) % ids.length]).then((bucket) => {
      if (!Object.prototype.hasOwnProperty.call(bucket, id)) return null;
      return this.chunk(bucket[id]).then((list) => list.find((e) => e.id === id) || null);
    }, (err) => this.findKept(id, err));
  }

  /**
   * findKept looks for puzzle id in the chunks kept on this device when
   * its id bucket cannot be fetched (offline, a chunk saved by playing
   * its puzzles has no bucket saved with it); it rejects with err when
   * no kept chunk holds it.
   * @param {string} id
   * @param {unknown} err
   * @returns {Promise<PuzzleEntry>}
   */
  findKept(id, err) {
    const saved = this.saved;
    if (!saved) return Promise.reject(err);
    return Promise.all(this.index.chunks.map((c, i) => saved(this.root + c.url).then((ok) => (ok ? i : -1), () => -1)))
      .then((kept) => {
        const list = kept.filter((i) => i >= 0);
        /** @returns {Promise<PuzzleEntry>} */
        const step = (/** @type {number} */ k) => {
          if (k >= list.length) return Promise.reject(err);
          return this.chunk(list[k]).then((entries) => entries.find((e) => e.id === id) || step(k + 1), () => step(k + 1));
        };
        return step(0);
      });
  }

  /**
   * candidates are the numbers of the chunks that may hold puzzles of f,
   * in the index's order (by pack, then rating).
   * @param {Filter} f
   * @returns {number[]}
   */
  candidates(f) {
    const out = [];
    this.index.chunks.forEach((c, i) => { if (chunkMayMatch(c, f)) out.push(i); });
    return out;
  }

  /**
   * size estimates how many puzzles pass f, from the index alone: exact
   * for pack and board filters, an upper bound with a kind, a theme or a
   * rating.
   * @param {Filter} f
   * @returns {number}
   */
  size(f) {
    return this.candidates(f).reduce((n, i) => {
      const c = this.index.chunks[i];
      const k = f.kind ? (c.kinds || {})[f.kind] || 0 : c.n;
      return n + (f.theme ? Math.min(k, c.themes[f.theme] || 0) : k);
    }, 0);
  }

  /**
   * next returns the first puzzle after position `after` ({chunk, id} or
   * null for the beginning) that passes f and skip(e) refuses, going
   * round once; null when there is none. It fetches chunks one by one.
   * @param {Filter} f
   * @param {{chunk: number, id: string} | null} after
   * @param {(e: PuzzleEntry) => boolean} [skip]
   * @returns {Promise<PuzzleEntry | null>}
   */
  next(f, after, skip) {
    const list = this.candidates(f);
    if (!list.length) return Promise.resolve(null);
    let passed = !after; // whether we are past `after` in its chunk
    let startK = after ? list.indexOf(after.chunk) : 0;
    if (startK < 0) {
      // The filter changed: go on from the next chunk that passes it.
      startK = Math.max(0, list.findIndex((i) => i > after.chunk));
      passed = true;
    }
    const step = (n) => {
      if (n > list.length) return Promise.resolve(null);
      const i = list[(startK + n) % list.length];
      return this.chunk(i).then((entries) => {
        let j = 0;
        if (!passed && after && i === after.chunk) {
          j = entries.findIndex((e) => e.id === after.id) + 1;
        }
        passed = true;
        for (; j < entries.length; j++) {
          const e = entries[j];
          if (matches(e, f) && !(skip && skip(e))) return e;
        }
        return step(n + 1);
      });
    };
    return step(0);
  }

  /**
   * near returns a puzzle that passes f, is not skipped (skip(e) true:
   * played already) and is rated as close to target as the pool allows:
   * chunks are tried nearest first (by their rating range) and fetched
   * while the next one may hold a nearer unskipped puzzle than those
   * found (four chunks with one at most); one of the `spread` nearest
   * found is picked by rng() (a number in [0, 1)). When every puzzle of
   * the pool is skipped, the pool is exhausted: it returns {e, exhausted:
   * true} with the nearest puzzle regardless of skip; null when no puzzle
   * passes f. Only the chunks it tries are fetched; one that cannot be
   * (offline, not kept) is passed over, and its error returned only when
   * no other chunk has a puzzle.
   * @param {Filter} f
   * @param {number} target
   * @param {((e: PuzzleEntry) => boolean) | null} skip
   * @param {() => number} rng
   * @param {number} [spread]
   * @returns {Promise<{e: PuzzleEntry, exhausted: boolean} | null>}
   */
  near(f, target, skip, rng, spread = 5) {
    const dist = (c) => (target < c.lo ? c.lo - target : target > c.hi ? target - c.hi : 0);
    const list = this.candidates(f).sort((i, j) => dist(this.index.chunks[i]) - dist(this.index.chunks[j]) || i - j);
    if (!list.length) return Promise.resolve(null);
    let nearest = null; // the nearest puzzle seen, skipped or not
    const pick = (pool) => {
      pool.sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target) || (a.id < b.id ? -1 : 1));
      return pool[Math.min(pool.length - 1, Math.floor(rng() * Math.min(spread, pool.length)))];
    };
    let failed = null; // the first chunk that could not be fetched
    const open = []; // the unskipped puzzles of the chunks fetched
    let chunksOpen = 0; // how many of those chunks had any
    const gap = (e) => Math.abs(e.rating - target);
    // A chunk's range may hold the target and few puzzles of the filter
    // (a pack of hand-made puzzles of every rating): the next chunks are
    // fetched too while they may hold a nearer puzzle, four at most.
    const enough = (k) => open.length > 0 && (chunksOpen >= 4 || k >= list.length ||
      Math.min(...open.map(gap)) <= dist(this.index.chunks[list[k]]));
    // The chunks whose range holds the target among the first four are
    // fetched unless one holds a puzzle of exactly that rating: ask for
    // them at once rather than one after another (the trainer's first
    // puzzle waited for each in turn).
    list.slice(0, 4).forEach((i) => { if (dist(this.index.chunks[i]) === 0) this.chunk(i); });
    const step = (k) => {
      if (enough(k)) return Promise.resolve({ e: pick(open), exhausted: false });
      if (k >= list.length) {
        if (nearest) return Promise.resolve({ e: nearest, exhausted: true });
        return failed ? Promise.reject(failed) : Promise.resolve(null);
      }
      return this.chunk(list[k]).then((entries) => {
        const all = entries.filter((e) => matches(e, f));
        const fresh = all.filter((e) => !(skip && skip(e)));
        if (fresh.length) {
          open.push(...fresh);
          chunksOpen++;
          return step(k + 1);
        }
        all.forEach((e) => {
          if (!nearest || Math.abs(e.rating - target) < Math.abs(nearest.rating - target)) nearest = e;
        });
        return step(k + 1);
      }, (err) => {
        // Offline, a chunk not kept is skipped for the next nearest.
        failed = failed || err;
        return step(k + 1);
      });
    };
    return step(0);
  }
}
