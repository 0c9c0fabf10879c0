// @ts-check
// Variety by design: which puzzle the trainer's rated choice (Rated,
// Streak, Storm) opens next. On "All" (no board chosen) the boards take
// turns — 1-D, thin, minichess, 8×8 — and within a board each kind is
// drawn in proportion to the puzzles it has, so a player meets every
// family and every kind rather than the few 1-D puzzles nearest their
// rating. No puzzle shown comes back within the last RECENT shown
// (a skipped one included) until the selection runs out. Pure apart
// from the corpus it is given: Node tests it.

/** How many of the puzzles last shown are not shown again. */
export const RECENT = 200;

/**
 * Recent is the list of the puzzles last shown, newest last, at most
 * RECENT long.
 */
export class Recent {
  /** @param {any} [saved] a list kept on the device (anything else is ignored) */
  constructor(saved) {
    /** @type {string[]} */
    this.ids = Array.isArray(saved) ? saved.filter((x) => typeof x === 'string').slice(-RECENT) : [];
    this.set = new Set(this.ids);
  }

  /** @param {string} id */
  has(id) { return this.set.has(id); }

  /**
   * add notes a puzzle shown (again: it moves to the end).
   * @param {string} id
   */
  add(id) {
    if (this.set.has(id)) this.ids.splice(this.ids.indexOf(id), 1);
    this.ids.push(id);
    this.set.add(id);
    while (this.ids.length > RECENT) this.set.delete(/** @type {string} */ (this.ids.shift()));
  }

  /**
   * newest reports whether id is among the k puzzles shown last.
   * @param {string} id
   * @param {number} k
   */
  newest(id, k) {
    const i = this.ids.lastIndexOf(id);
    return i >= 0 && i >= this.ids.length - k;
  }

  /** toJSON is the list to keep. */
  toJSON() { return this.ids.slice(); }
}

/**
 * @typedef {{pack?: string, family?: string, kind?: string, theme?: string}} Scope
 * @typedef {{chunks: {pack: string, n: number, families: string[], kinds?: Record<string, number>, themes?: Record<string, number>}[], familyNames?: {id: string}[]}} VarietyIndex
 */

/**
 * families are the board families that hold puzzles of scope s, in the
 * index's order, each with its count (kind and theme counted when
 * chosen).
 * @param {VarietyIndex} index
 * @param {Scope} s
 * @returns {{id: string, n: number}[]}
 */
export function families(index, s) {
  /** @type {Map<string, number>} */
  const n = new Map();
  index.chunks.forEach((c) => {
    if (s.pack && c.pack !== s.pack) return;
    let k = s.kind ? (c.kinds || {})[s.kind] || 0 : c.n;
    if (s.theme) k = Math.min(k, (c.themes || {})[s.theme] || 0);
    if (!k) return;
    // A chunk of several boards counts for each (an upper bound).
    c.families.forEach((f) => { if (!s.family || f === s.family) n.set(f, (n.get(f) || 0) + k); });
  });
  const order = (index.familyNames || []).map((f) => f.id);
  const ids = Array.from(n.keys()).sort((a, b) => rank(order, a) - rank(order, b) || (a < b ? -1 : a > b ? 1 : 0));
  return ids.map((id) => ({ id, n: /** @type {number} */ (n.get(id)) }));
}

/**
 * @param {string[]} order
 * @param {string} id
 */
function rank(order, id) {
  const i = order.indexOf(id);
  return i < 0 ? order.length : i;
}

/**
 * kinds counts the kinds of puzzle of scope s on board family f.
 * @param {VarietyIndex} index
 * @param {Scope} s
 * @param {string} f
 * @returns {{id: string, n: number}[]}
 */
export function kinds(index, s, f) {
  /** @type {Map<string, number>} */
  const n = new Map();
  index.chunks.forEach((c) => {
    if ((s.pack && c.pack !== s.pack) || !c.families.includes(f)) return;
    Object.keys(c.kinds || {}).forEach((k) => {
      if (s.kind && k !== s.kind) return;
      n.set(k, (n.get(k) || 0) + (c.kinds || {})[k]);
    });
  });
  return Array.from(n.keys()).sort().map((id) => ({ id, n: /** @type {number} */ (n.get(id)) }));
}

/**
 * draw picks one of items in proportion to its n, by r in [0, 1).
 * @template {{n: number}} T
 * @param {T[]} items
 * @param {number} r
 * @returns {T|null}
 */
export function draw(items, r) {
  const total = items.reduce((a, x) => a + x.n, 0);
  if (!total) return null;
  let at = r * total;
  for (const x of items) {
    if (at < x.n) return x;
    at -= x.n;
  }
  return items[items.length - 1];
}

/**
 * scopes are the narrower scopes the choice tries, in order, for the
 * turn-th choice of scope s: the board whose turn it is (on "All"; else
 * the one chosen) and on it a kind drawn in proportion to its puzzles
 * (unless one is chosen); then that board with any kind; then the
 * other boards in turn; then s itself.
 * @param {VarietyIndex} index
 * @param {Scope} s
 * @param {number} turn
 * @param {() => number} rng
 * @returns {Scope[]}
 */
export function scopes(index, s, turn, rng) {
  const fams = families(index, s);
  /** @type {Scope[]} */
  const out = [];
  for (let i = 0; i < fams.length; i++) {
    const f = fams[(turn + i) % fams.length].id;
    if (i === 0 && !s.kind) {
      const k = draw(kinds(index, s, f), rng());
      if (k) out.push({ ...s, family: f, kind: k.id });
    }
    out.push({ ...s, family: f });
  }
  out.push({ ...s });
  return out;
}

/**
 * @typedef {object} Chooser
 * @property {(f: Scope, target: number, skip: ((e: TrainEntry) => boolean) | null, rng: () => number) => Promise<{e: TrainEntry, exhausted: boolean} | null>} near
 * @property {VarietyIndex} index
 */

/**
 * choose opens the turn-th rated choice of scope s near a rating: the
 * first scope of scopes(…) that holds a puzzle neither skipped (played,
 * or in the run) nor recent nor being played. When every puzzle of s is
 * one of those, the selection is exhausted: a puzzle not skipped comes
 * that was not among the newest half of the recent ones, else any but
 * the one being played, else that one (s holds it alone).
 * @param {Chooser} corpus
 * @param {Scope} s
 * @param {number} target
 * @param {{turn: number, recent: Recent, skip: (e: TrainEntry) => boolean, current: string, rng: () => number}} o
 * @returns {Promise<TrainEntry|null>}
 */
export function choose(corpus, s, target, o) {
  const list = scopes(corpus.index, s, o.turn, o.rng);
  const now = (/** @type {TrainEntry} */ e) => e.id === o.current;
  const fresh = (/** @type {TrainEntry} */ e) => o.skip(e) || o.recent.has(e.id) || now(e);
  const half = Math.ceil(o.recent.ids.length / 2);
  const fallbacks = [
    (/** @type {TrainEntry} */ e) => o.skip(e) || o.recent.newest(e.id, half) || now(e),
    now,
    () => false,
  ];
  // A scope whose chunks cannot be fetched (offline, none kept) gives
  // way to the next: the choice fails only when every one did.
  /** @returns {Promise<TrainEntry|null>} */
  const step = (/** @type {number} */ i, /** @type {any} */ err) => {
    const next = (/** @type {any} */ e) => step(i + 1, err || e);
    if (i < list.length) return corpus.near(list[i], target, fresh, o.rng).then((r) => (r && !r.exhausted ? r.e : step(i + 1, err)), next);
    const k = i - list.length;
    if (k >= fallbacks.length) return err ? Promise.reject(err) : Promise.resolve(null);
    return corpus.near(s, target, fallbacks[k], o.rng).then((r) => {
      if (r && (!r.exhausted || k === fallbacks.length - 1)) return r.e;
      if (r) return step(i + 1, err);
      return err ? Promise.reject(err) : null;
    }, next);
  };
  return step(0, null);
}
