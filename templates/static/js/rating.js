// @ts-check
// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): the
// player's rating, its deviation (RD) and volatility, updated after each
// rated attempt against the puzzle's rating and deviation. Pure: Node
// tests it against the paper's worked example.

/**
 * Player is a Glicko-2 rating: rating, deviation (RD) and volatility.
 * @typedef {{rating: number, rd: number, vol: number}} Player
 */

const SCALE = 173.7178;
const EPS = 1e-6;

/**
 * The defaults of a new player (as on lichess), the system constant τ
 * (lichess uses 0.75; the paper's example 0.5) and the bounds of RD.
 * @type {Player}
 */
export const START = { rating: 1500, rd: 350, vol: 0.06 };
export const TAU = 0.75;
export const MIN_RD = 45;
export const MAX_RD = 350;

/** @type {(phi: number) => number} */
const g = (phi) => 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));

/**
 * update returns the player {rating, rd, vol} after one rating period
 * with results [{rating, rd, score}] (score 1 win, 0 loss, 0.5 draw).
 * tau defaults to TAU; bounded, when true, keeps RD within
 * [MIN_RD, MAX_RD] as a trainer should (the paper's example does not).
 * @param {Player} player
 * @param {{rating: number, rd: number, score: number}[]} results
 * @param {number} [tau]
 * @param {boolean} [bounded]
 * @returns {Player}
 */
export function update(player, results, tau = TAU, bounded = false) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  const clamp = (rd) => (bounded ? Math.min(MAX_RD, Math.max(MIN_RD, rd)) : rd);
  if (!results.length) {
    return { rating: player.rating, rd: clamp(SCALE * Math.sqrt(phi * phi + sigma * sigma)), vol: sigma };
  }
  let vInv = 0;
  let sum = 0;
  for (const r of results) {
    const muJ = (r.rating - 1500) / SCALE;
    const gJ = g(r.rd / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInv += gJ * gJ * e * (1 - e);
    sum += gJ * (r.score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  // The new volatility, by the Illinois algorithm (step 5).
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPS) {
    const C = A + (A - B) * fA / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: 1500 + SCALE * muNew, rd: clamp(SCALE * phiNew), vol };
}

/**
 * expected is the player's expected score against a puzzle.
 * @param {Player} player
 * @param {{rating: number, rd: number}} puzzle
 * @returns {number}
 */
export function expected(player, puzzle) {
  const gJ = g(puzzle.rd / SCALE);
  return 1 / (1 + Math.exp(-gJ * (player.rating - puzzle.rating) / SCALE));
}
