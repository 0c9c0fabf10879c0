// @ts-check
// The best result of each drill (drill.js) on this device, kept in
// localStorage apart from the trainer's progress, validated on every
// read; the dashboard's export carries them and an import merges them
// (the better of two bests kept). Pure: no DOM, importable from Node.

/**
 * @typedef {import('./drill.js').Grade} Grade
 * @typedef {import('./drill.js').Drill} Drill
 */

export const BESTS_KEY = 'thinchess.drills';

/**
 * A drill's best result: finished (won or held), its moves and the
 * moves lost.
 * @typedef {{moves: number, lost: number}} Best
 */

/**
 * drillKey names a drill for its best: the mode and the start.
 * @param {string} modeID
 * @param {Drill} d
 * @returns {string}
 */
export function drillKey(modeID, d) {
  return modeID + ' ' + d.start.split(' ').slice(0, 4).join(' ');
}

/**
 * readBests reads the bests kept in storage, dropping any entry that is
 * not one (a damaged store reads as empty).
 * @param {Pick<Storage, 'getItem'>} storage
 * @returns {Record<string, Best>}
 */
export function readBests(storage) {
  let raw;
  try {
    raw = JSON.parse(storage.getItem(BESTS_KEY) || '{}');
  } catch (err) {
    return {};
  }
  return validBests(raw);
}

/**
 * recordBest keeps a finished drill's result when it beats the best
 * (fewer moves lost, then fewer moves) and reports the best now kept
 * and whether it is new.
 * @param {Pick<Storage, 'getItem' | 'setItem'>} storage
 * @param {string} key
 * @param {Grade} g
 * @returns {{best: Best | null, improved: boolean}}
 */
export function recordBest(storage, key, g) {
  const bests = readBests(storage);
  const old = bests[key] || null;
  if (g.state !== 'won' && g.state !== 'held') return { best: old, improved: false };
  const now = { moves: g.steps.length, lost: g.lost };
  if (old && !better(now, old)) return { best: old, improved: false };
  bests[key] = now;
  try {
    storage.setItem(BESTS_KEY, JSON.stringify(bests));
  } catch (err) { /* a full or blocked storage keeps no best */ }
  return { best: now, improved: true };
}

/**
 * validBests keeps of raw (parsed JSON) the entries that are bests,
 * dropping the rest; anything but an object reads as none.
 * @param {unknown} raw
 * @returns {Record<string, Best>}
 */
export function validBests(raw) {
  /** @type {Record<string, Best>} */
  const out = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [k, b] of Object.entries(raw)) {
    if (b && Number.isInteger(b.moves) && Number.isInteger(b.lost) && b.moves >= 0 && b.lost >= 0) out[k] = { moves: b.moves, lost: b.lost };
  }
  return out;
}

/**
 * better reports whether best a beats b: fewer moves lost, then fewer
 * moves.
 * @param {Best} a
 * @param {Best} b
 */
export function better(a, b) {
  return a.lost < b.lost || (a.lost === b.lost && a.moves < b.moves);
}

/**
 * mergeBests joins two sets of bests, keeping the better of a drill's
 * two.
 * @param {Record<string, Best>} a
 * @param {Record<string, Best>} b
 * @returns {Record<string, Best>}
 */
export function mergeBests(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (!out[k] || better(v, out[k])) out[k] = v;
  }
  return out;
}
