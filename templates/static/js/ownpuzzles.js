// @ts-check
// The puzzles made from the player's own games (gamereview.js), as the
// trainer's progress keeps them: Progress.own, by id, each a puzzle
// entry in the shape the trainer plays (wire.PuzzleEntry) with the time
// it was added. A record without the field has none; a record with a
// damaged one is not trusted (validOwn). Adding a puzzle queues it for
// review, due at once; adding the same mistake again brings it back
// due. Pure: no DOM, importable from Node.
import { Grade, newCard, review } from './review.js';
import { rooted } from './corpus.js';

/** OWN_MAX bounds the puzzles kept from games (the oldest go). */
export const OWN_MAX = 300;

/**
 * OwnPuzzle is a puzzle from a game as progress keeps it: its entry and
 * when it was added (ms).
 * @typedef {wire.PuzzleEntry & {added: number}} OwnPuzzle
 * @typedef {{own?: Record<string, OwnPuzzle>, review: Record<string, import('./review.js').ReviewCard>}} WithOwn
 */

/** @type {(x: unknown) => boolean} */
const isObject = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
/** @type {(x: unknown) => boolean} */
const num = (x) => typeof x === 'number' && isFinite(x);
/** @type {(x: unknown) => boolean} */
const str = (x) => typeof x === 'string';

/**
 * validOwnEntry reports whether e is a puzzle from a game the trainer
 * can play: its id, the board, the start, the puzzle (its side, task
 * and tree) and its rating.
 * @param {any} e
 * @param {string} id
 * @returns {boolean}
 */
export function validOwnEntry(e, id) {
  if (!isObject(e) || e.id !== id || !/^g-[0-9a-z]+$/.test(id) || !num(e.added)) return false;
  if (![e.title, e.variant, e.fen, e.start, e.pack, e.kind, e.family].every(str)) return false;
  if (!num(e.w) || !num(e.h) || e.w < 1 || e.h < 1 || !num(e.rating)) return false;
  if (e.table !== undefined && !str(e.table)) return false;
  if (e.url !== undefined && !str(e.url)) return false;
  if (!isObject(e.game) || !str(e.game.start) || !Array.isArray(e.game.moves)) return false;
  const p = e.puzzle;
  if (!isObject(p) || (p.side !== 'white' && p.side !== 'black') || !str(p.task) || !str(p.solution) || !Array.isArray(p.hints)) return false;
  const t = p.tree;
  return isObject(t) && str(t.fen) && Array.isArray(t.accept) && t.accept.length > 0 && t.accept.every(str) && isObject(t.next);
}

/**
 * validOwn reports whether a progress record's own field (when present)
 * can be trusted.
 * @param {unknown} own
 * @returns {boolean}
 */
export function validOwn(own) {
  if (own === undefined) return true;
  if (!isObject(own)) return false;
  const o = /** @type {Record<string, unknown>} */ (own);
  return Object.keys(o).every((id) => validOwnEntry(o[id], id));
}

/**
 * addOwn keeps puzzle e from a game at now and queues it for review, due
 * at once: a new card, or, for a mistake made again, its card reviewed
 * as missed. The oldest puzzles beyond OWN_MAX go, with their cards. It
 * reports whether the puzzle is new.
 * @param {WithOwn} p
 * @param {wire.PuzzleEntry} e
 * @param {number} now
 * @returns {boolean}
 */
export function addOwn(p, e, now) {
  const own = p.own || (p.own = {});
  const fresh = !own[e.id];
  own[e.id] = { ...e, added: now };
  p.review[e.id] = p.review[e.id] ? review(p.review[e.id], Grade.again, now) : newCard(now);
  const ids = Object.keys(own);
  if (ids.length > OWN_MAX) {
    ids.sort((a, b) => own[a].added - own[b].added).slice(0, ids.length - OWN_MAX).forEach((id) => {
      delete own[id];
      delete p.review[id];
    });
  }
  return fresh;
}

/**
 * ownEntry is a copy of puzzle id from the player's games with its URLs
 * made relative to the page (root is the site's root from there), or
 * null when it is not one.
 * @param {{own?: Record<string, OwnPuzzle>}} p
 * @param {string} id
 * @param {string} root
 * @returns {TrainEntry | null}
 */
export function ownEntry(p, id, root) {
  const e = p.own && Object.prototype.hasOwnProperty.call(p.own, id) ? p.own[id] : null;
  if (!e) return null;
  return rooted(/** @type {TrainEntry} */ (JSON.parse(JSON.stringify(e))), root);
}

/**
 * mergeOwn joins two records' puzzles from games (undefined when
 * neither has any), the later added winning.
 * @param {Record<string, OwnPuzzle> | undefined} a
 * @param {Record<string, OwnPuzzle> | undefined} b
 * @returns {Record<string, OwnPuzzle> | undefined}
 */
export function mergeOwn(a, b) {
  if (!a && !b) return undefined;
  /** @type {Record<string, OwnPuzzle>} */
  const out = {};
  for (const src of [a || {}, b || {}]) {
    for (const id of Object.keys(src)) {
      if (!out[id] || out[id].added < src[id].added) out[id] = { ...src[id] };
    }
  }
  return out;
}
