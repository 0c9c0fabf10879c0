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
 * lineText is Position.LineText: names of moves played from position,
 * numbered.
 * @param {{us: number, fullmove: number}} position
 * @param {string[]} names
 * @returns {string}
 */
export function lineText(position, names) {
  return numberLine(names, position.us, position.fullmove);
}
