// @ts-check
// A game's line of moves as the engine's state gives it: who acts after
// n actions, where undo and redo go, and the rows of the move list.
// Under Ban Chess the actions are bans and moves. Pure: no DOM,
// importable from Node.

/**
 * isBanAction reports whether action i of a state (from 0) is a ban.
 * @param {SessionState} s
 * @param {number} i
 * @returns {boolean}
 */
export function isBanAction(s, i) {
  return !!(s.coords && s.coords[i] && s.coords[i].indexOf('b:') === 0);
}

/**
 * sideAt is the side to act after n actions of state s. Under bans the
 * first to act is the banner, then the mover twice (its move, its ban),
 * then the other side twice, and so on.
 * @param {SessionState} s
 * @param {number} n
 * @returns {string}
 */
export function sideAt(s, n) {
  const first = s.startSide;
  const other = first === 'white' ? 'black' : 'white';
  if (s.bans) {
    const k = s.startBanPhase ? Math.floor((n + 1) / 2) : Math.floor(n / 2) + 1;
    return k % 2 === 0 ? other : first;
  }
  return n % 2 === 0 ? first : other;
}

/**
 * undoTarget is the action count undo goes back to: one action, or
 * against the computer back to the player's own turn; s.cursor when
 * there is nothing to take back.
 * @param {SessionState} s
 * @param {string} human the player's side
 * @param {boolean} vsComputer
 * @returns {number}
 */
export function undoTarget(s, human, vsComputer) {
  if (s.cursor === 0) return 0;
  let target = s.cursor - 1;
  while (vsComputer && target > 0 && sideAt(s, target) !== human) target--;
  if (vsComputer && sideAt(s, target) !== human) target = s.cursor;
  return target;
}

/**
 * redoTarget is the action count redo goes forward to: one action, or
 * against the computer on to the player's own turn.
 * @param {SessionState} s
 * @param {string} human
 * @param {boolean} vsComputer
 * @returns {number}
 */
export function redoTarget(s, human, vsComputer) {
  if (s.cursor >= s.length) return s.cursor;
  let target = s.cursor + 1;
  while (vsComputer && target < s.length && sideAt(s, target) !== human) target++;
  return target;
}

/**
 * actionText writes an action of a state's san list for people: a ban,
 * which the engine writes "b:" and the move it forbids in SAN ("b:Ra4"),
 * as "ban Ra4"; a move as it is (an action-log "m:" dropped).
 * @param {string} san
 * @returns {string}
 */
export function actionText(san) {
  return san.indexOf('b:') === 0 ? 'ban ' + san.slice(2) : san.replace(/^m:/, '');
}

/**
 * MoveCell is a move of the move list; MoveRow a row of them. coord is
 * the action as the engine plays it ("b:a5a4", "a1a4"), for tests.
 * @typedef {{ply: number, text: string, label: string, coord: string, ban: boolean, current: boolean}} MoveCell
 * @typedef {{num: string, moves: MoveCell[]}} MoveRow
 */

/**
 * moveRows lays out a state's line for the move list: rows of a move
 * number ("3." or "3…") and the moves of that number. Each move has the
 * action count it leads to (ply), its text and label, whether it is a
 * ban and whether it is the current one. Under bans each move is preceded
 * by its ban, named as the move it forbids: "1. ban Ra5 Ra4 ban Kb2 Kb2".
 * @param {SessionState} s
 * @returns {MoveRow[]}
 */
export function moveRows(s) {
  /** @type {MoveRow[]} */
  const rows = [];
  let n = s.startFullmove || 1;
  let side = s.startSide;
  let row = null;
  s.san.forEach((san, i) => {
    const ban = !!s.bans && isBanAction(s, i);
    if (!row) {
      row = { num: n + (side === 'black' && !rows.length ? '…' : '.'), moves: [] };
      rows.push(row);
    }
    row.moves.push({
      ply: i + 1,
      text: actionText(san),
      label: ban ? 'Go to after the ban of ' + san.slice(2) : 'Go to after ' + san,
      coord: (s.coords && s.coords[i]) || san,
      ban: ban,
      current: i === s.cursor - 1,
    });
    if (ban) return;
    if (side === 'black') { n++; row = null; }
    side = side === 'white' ? 'black' : 'white';
  });
  return rows;
}

/**
 * reviewable reports whether "Review this game" applies to a state: a
 * game without bans against the computer (opponent is the page's
 * choice) in which the player (human) has made a move.
 * @param {SessionState} s
 * @param {string} human
 * @param {string} opponent
 * @returns {boolean}
 */
export function reviewable(s, human, opponent) {
  return !s.bans && opponent !== 'human' && s.cursor >= (s.startSide === human ? 1 : 2);
}
