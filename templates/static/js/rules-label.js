// @ts-check
// The twin of engine/label.go: move numbers before the moves of a line.

/**
 * numbered labels the moves of a line played from side and fullmove as
 * PGN words: "1. Na4", "Rxa4", "2. Rxa4", or "5... Kb8" when Black starts.
 * @param {string[]} moves
 * @param {Color | number} side
 * @param {number} fullmove
 * @returns {string[]}
 */
export function numbered(moves, side, fullmove) {
  let c = side === 'black' || side === 1 ? 1 : 0;
  return moves.map((m, i) => {
    const word = c === 0 ? `${fullmove}. ${m}` : i === 0 ? `${fullmove}... ${m}` : m;
    if (c === 1) fullmove++;
    c ^= 1;
    return word;
  });
}

/**
 * numberLine writes SAN moves as "1. Na4 Rxa4 2. Rxa4" (engine.NumberLine).
 * @param {string[]} moves
 * @param {Color | number} side
 * @param {number} fullmove
 * @returns {string}
 */
export const numberLine = (moves, side, fullmove) => numbered(moves, side, fullmove).join(' ');

/**
 * numberActions writes a Ban Chess line (engine.NumberActions): moves in
 * SAN and bans as "b:" and the move they forbid, played from side to
 * move (the side whose move a first ban restricts) and fullmove. Each ban goes before the move it restricts, in brackets, and a
 * number before White's turn, as the move list and the PGN number them:
 * "1. (ban Ra5) Ra4 (ban Kb2) Kb1 2. (ban Ra3) Rb4", "3... (ban Kb2) Kb1",
 * "1. Ra4 (ban Kb2) Kb1" when the line starts after the ban.
 * @param {string[]} actions
 * @param {Color | number} side
 * @param {number} fullmove
 * @returns {string}
 */
export function numberActions(actions, side, fullmove) {
  let white = !(side === 'black' || side === 1);
  let prevBan = false;
  return actions.map((a, i) => {
    const ban = a.indexOf('b:') === 0;
    const body = (ban ? a.slice(2) : a).replace(/^m:/, '');
    const label = i === 0 || (white && (ban || !prevBan)) ? fullmove + (white ? '. ' : '... ') : '';
    prevBan = ban;
    if (ban) return label + '(ban ' + body + ')';
    if (!white) fullmove++;
    white = !white;
    return label + body;
  }).join(' ');
}

/**
 * lineText is Position.LineText: names of moves played from position,
 * numbered.
 * @param {{us: number, fullmove: number}} position
 * @param {string[]} names
 * @returns {string}
 */
export function lineText(position, names) {
  return numberLine(names, position.us, position.fullmove);
}
