// @ts-check
// A puzzle's solution tree as the trainer walks it: the node reached,
// followed by every action played — the player's moves and bans, the
// opponent's replies. An action is named as the tree names it: a move
// in coordinates ("a7a5"), a ban in the action log ("b:a3a2"). Under
// Ban Chess the engine's state gives the last *move* as state.last, so
// the action just played is read from the state's action list, never
// from last (following last lost the line after the opponent's ban).
// Pure: no DOM, importable from Node.
import { numberLine, numberActions } from './rules-label.js';

/**
 * lastAction is the action a state was reached by, as the tree names it
 * ("" at the start).
 * @param {SessionState} st
 * @returns {string}
 */
export function lastAction(st) {
  return st && st.cursor > 0 && st.coords ? st.coords[st.cursor - 1] || '' : '';
}

/**
 * isBan reports whether an action names a ban.
 * @param {string} action
 */
export function isBan(action) { return action.indexOf('b:') === 0; }

/**
 * follow is the node after action from node n: null past the tree.
 * @param {wire.TreeNode|null} n
 * @param {string} action
 * @returns {wire.TreeNode|null}
 */
export function follow(n, action) {
  return n && n.next && Object.prototype.hasOwnProperty.call(n.next, action) ? n.next[action] : null;
}

/**
 * verdict is the tree's judgement of the player's action at node n:
 * true (one of the tree's accepted actions), false (not among them) or
 * null when the tree does not say (past it: the engine judges).
 * @param {wire.TreeNode|null} n
 * @param {string} action
 * @returns {boolean|null}
 */
export function verdict(n, action) {
  if (!n || !n.accept || !n.accept.length) return null;
  return n.accept.indexOf(action) >= 0;
}

/**
 * bestActions are the actions an analysis proves best, as the tree
 * names them (the engine's coordinates; a ban's is its action-log text).
 * @param {Analysis|null} a
 * @returns {string[]}
 */
export function bestActions(a) {
  if (!a || (a.method !== 'table' && a.method !== 'exact')) return [];
  return (a.bestMoves || []).map((m) => m.coord);
}

/**
 * banWords names a ban for people as the move it forbids, read from the
 * board (a ban moves nothing, so the state before or after it will
 * do): "Ra2", "Kxb3", "axb3", "a5".
 * @param {{board: string[], w: number}} st
 * @param {string} action a ban, "b:a4a2"
 * @returns {string}
 */
export function banWords(st, action) {
  const body = isBan(action) ? action.slice(2) : action;
  const m = /^([a-p])(\d+)([a-p])(\d+)$/.exec(body);
  if (!m) return body;
  const at = (/** @type {string} */ f, /** @type {string} */ r) => st.board[(parseInt(r, 10) - 1) * st.w + f.charCodeAt(0) - 97] || '';
  const piece = at(m[1], m[2]);
  const takes = at(m[3], m[4]) !== '';
  const to = m[3] + m[4];
  if (!piece || piece[1] === 'p') return takes ? m[1] + 'x' + to : to;
  return piece[1].toUpperCase() + (takes ? 'x' : '') + to;
}

/**
 * actionWords names an action for people: a move by its SAN (the tree's
 * or san, the engine's), a ban as "bans Ra2".
 * @param {wire.TreeNode|null} n the node the action was played from
 * @param {string} action
 * @param {SessionState} st the state after it
 * @param {string} san the engine's SAN of the last move
 * @returns {string}
 */
export function actionWords(n, action, st, san) {
  if (isBan(action)) return 'bans ' + banWords(st, action);
  return (n && n.san && n.san[action]) || san;
}

/**
 * playedLine writes the line a state was reached by from its start,
 * numbered ("1. Ra4 Kb2 2. Ra2#"); under Ban Chess each ban before the
 * move it restricts, "1. (ban Ra5) Ra4 (ban Kb2) Kb1" (numberActions,
 * the move list's order and numbers).
 * @param {SessionState} st
 * @returns {string}
 */
export function playedLine(st) {
  const san = (st.san || []).slice(0, st.cursor);
  const side = st.startSide === 'black' ? 'black' : 'white';
  return st.bans ? numberActions(san, side, st.startFullmove || 1) : numberLine(san, side, st.startFullmove || 1);
}
