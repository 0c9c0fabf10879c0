// @ts-check
// Drills against perfect play, the pure part: a position picked from a
// mode's exact table by difficulty, the player's moves graded against
// the table's distances to mate, the result in words, and the best
// result of each drill kept on the device. The page's side is
// drillpage.js.
//
// A play table cannot be listed (playtable.js: it finds a position by
// the hash of its key and holds no keys), but it knows every position
// its start reaches: a drill is picked from positions met on random
// walks from the mode's start, each probed in the table, seeded so that
// a seed always gives the same drill.

/** @typedef {import('./rules-position.js').Position} Position */
/** @typedef {import('./playtable.js').PlayTable} PlayTable */
/** @typedef {import('./playtable.js').MoveValue} MoveValue */

import { legalMoves } from './rules-movegen.js';
import { status, winner } from './rules-status.js';
import { fen } from './rules-fen.js';
import { san, parseMove } from './rules-san.js';
import { compareMoves } from './rules-order.js';
import { mateIn } from './rules-outcome.js';
import { WIN, DRAW, LOSS, seeded, stateKey } from './playtable.js';

/**
 * A band of difficulty: wins whose fastest mate takes min to max of the
 * player's moves, or (goal draw) drawn positions where a move loses.
 * @typedef {{id: string, label: string, goal: 'win' | 'draw', min: number, max: number}} Band
 */

/** @type {Band[]} */
export const BANDS = [
  { id: 'easy', label: 'Easy: win in 2–3', goal: 'win', min: 2, max: 3 },
  { id: 'medium', label: 'Medium: win in 4–6', goal: 'win', min: 4, max: 6 },
  { id: 'hard', label: 'Hard: win in 7 or more', goal: 'win', min: 7, max: Infinity },
  { id: 'hold', label: 'Hold a draw', goal: 'draw', min: 0, max: 0 },
];

// HOLD_MOVES is how many moves a drawn drill asks the player to keep
// the draw for.
export const HOLD_MOVES = 10;
// WALKS random walks of at most PLIES plies from the start are sampled.
const WALKS = 48;
const PLIES = 60;

/**
 * A drill: a start (a FEN, its counters reset) for the side to move, a
 * goal, and the fastest mate of a win (0 for a draw).
 * @typedef {{start: string, side: string, goal: 'win' | 'draw', mateIn: number, name?: string}} Drill
 */

/**
 * A position met on the walks, with its value for the side to move.
 * @typedef {{p: Position, value: number, dtm: number}} Sample
 */

/**
 * sample walks at random from start (seeded) and returns each position
 * met that the table knows, once, in the order met.
 * @param {PlayTable} table
 * @param {Position} start
 * @param {() => number} rand
 * @returns {Sample[]}
 */
export function sample(table, start, rand) {
  /** @type {Map<string, Sample>} */
  const seen = new Map();
  for (let w = 0; w < WALKS; w++) {
    const p = start.clone();
    for (let ply = 0; ply < PLIES && status(p) === 'active'; ply++) {
      const e = table.probe(p);
      if (!e) break;
      const key = stateKey(p);
      if (!seen.has(key)) seen.set(key, { p: p.clone(), value: e.value, dtm: e.dtm });
      const moves = legalMoves(p);
      p.make(moves[Math.floor(rand() * moves.length)]);
    }
  }
  return [...seen.values()];
}

/**
 * distance is how far a sample is from a band: 0 inside it, else how
 * many moves of mate out of it; Infinity when it cannot be one of the
 * band's drills at all.
 * @param {PlayTable} table
 * @param {Sample} s
 * @param {Band} band
 * @returns {number}
 */
function distance(table, s, band) {
  if (band.goal === 'draw') {
    // A draw to hold is a test only when some move loses it.
    if (s.value !== DRAW) return Infinity;
    const mvs = table.moveValues(s.p, compareMoves);
    return mvs && mvs.some((mv) => mv.value === LOSS) ? 0 : Infinity;
  }
  if (s.value !== WIN) return Infinity;
  const n = mateIn(true, s.dtm);
  if (n < 2) return Infinity;
  return n < band.min ? band.min - n : n > band.max ? n - band.max : 0;
}

/**
 * pickDrill picks the drill of a seed in a band: a position of the walks
 * inside the band or, when none is, of those nearest to it (the longest
 * wins met for Hard). null when the table holds none of the band's kind.
 * @param {PlayTable} table
 * @param {Position} start the mode's start
 * @param {Band} band
 * @param {number} seed
 * @returns {Drill | null}
 */
export function pickDrill(table, start, band, seed) {
  const rand = seeded(seed);
  let best = Infinity;
  /** @type {Sample[]} */
  let pool = [];
  for (const s of sample(table, start, rand)) {
    const d = distance(table, s, band);
    if (d < best) {
      best = d;
      pool = [];
    }
    if (d === best && d < Infinity) pool.push(s);
  }
  if (!pool.length) return null;
  const s = pool[Math.floor(rand() * pool.length)];
  return drillOf(s.p, band.goal, s.dtm);
}

/**
 * drillOf is the drill of position p with its counters reset (a drill
 * does not start near the fifty-move rule).
 * @param {Position} p
 * @param {'win' | 'draw'} goal
 * @param {number} dtm
 * @returns {Drill}
 */
function drillOf(p, goal, dtm) {
  const f = fen(p).split(' ');
  f[4] = '0';
  f[5] = '1';
  return { start: f.join(' '), side: p.side, goal, mateIn: goal === 'win' ? mateIn(true, dtm) : 0 };
}

/**
 * One of the player's moves, graded: its SAN, the moves of mate it lost
 * (0 for a best move), the value it leaves the player (WIN, DRAW or
 * LOSS) and the first best move's SAN.
 * @typedef {{san: string, lost: number, value: number, best: string}} Step
 */

/**
 * A drill's grade so far: its steps, the moves lost in all, and where it
 * stands: playing, won, held, or slipped (a move threw the goal away, or
 * the game ended short of it).
 * @typedef {{steps: Step[], lost: number, state: 'playing' | 'won' | 'held' | 'slipped', ended?: string}} Grade
 */

/**
 * grade replays a drill's moves (coordinates or SAN) from its start and
 * grades each of the player's (the side to move at the start) against
 * the table: a move keeping the fastest win loses 0; a slower win loses
 * the difference of the distances in the player's moves (each a
 * distance in plies, mate in n being 2n−1); a move to a draw or a loss
 * (to a loss in a drawn drill) slips, and the grade stops there. over,
 * when the game has ended by a rule of the whole game (repetition, the
 * fifty-move rule), names its winner ('' for a draw).
 * @param {PlayTable} table
 * @param {Position} start
 * @param {'win' | 'draw'} goal
 * @param {string[]} moves
 * @param {{winner: string, reason: string}} [over]
 * @returns {Grade}
 */
export function grade(table, start, goal, moves, over) {
  const p = start.clone();
  const player = p.side;
  /** @type {Grade} */
  const g = { steps: [], lost: 0, state: 'playing' };
  for (const text of moves) {
    const m = parseMove(p, text);
    if (p.side === player) {
      const step = gradeMove(table, p, m);
      g.steps.push(step);
      g.lost += step.lost;
      if (step.value < (goal === 'win' ? WIN : DRAW)) {
        g.state = 'slipped';
        return g;
      }
    }
    p.make(m);
  }
  const st = status(p);
  const end = st !== 'active' ? { winner: winner(p, st) || '', reason: st } : over;
  if (end) {
    const won = end.winner === player;
    g.state = goal === 'win' ? (won ? 'won' : 'slipped') : (end.winner && !won ? 'slipped' : 'held');
    if (!won) g.ended = end.reason;
  } else if (goal === 'draw' && g.steps.length >= HOLD_MOVES) {
    g.state = 'held';
  }
  return g;
}

/**
 * gradeMove grades the player's move m in p against the table.
 * @param {PlayTable} table
 * @param {Position} p
 * @param {Move} m
 * @returns {Step}
 */
export function gradeMove(table, p, m) {
  const mvs = table.moveValues(p, compareMoves);
  if (!mvs) throw new Error('this position is not in the table');
  const best = bestValue(mvs);
  const mine = mvs.find((mv) => compareMoves(mv.move, m) === 0);
  if (!mine) throw new Error('not a legal move here');
  const lost = mine.value === WIN && best.value === WIN ? (mine.dtm - best.dtm) / 2 : 0;
  return { san: san(p, m), lost, value: mine.value, best: san(p, best.move) };
}

/**
 * bestValue is the first best of move values: the fastest win, else a
 * draw, else the slowest loss.
 * @param {MoveValue[]} mvs
 * @returns {MoveValue}
 */
function bestValue(mvs) {
  const rank = (/** @type {MoveValue} */ mv) => (mv.value === WIN ? 2000 - mv.dtm : mv.value === DRAW ? 1000 : mv.dtm);
  return mvs.reduce((a, b) => (rank(b) > rank(a) ? b : a));
}

/**
 * movesText is "1 move" or "n moves".
 * @param {number} n
 * @returns {string}
 */
export function movesText(n) {
  return n + (n === 1 ? ' move' : ' moves');
}

const VALUE_WORDS = { [WIN]: 'still a win', [DRAW]: 'a draw', [LOSS]: 'a loss' };

/**
 * taskText says what a drill asks; race says the win is a race's (to
 * the last rank), not a mate.
 * @param {Drill} d
 * @param {boolean} [race]
 * @returns {string}
 */
export function taskText(d, race = false) {
  const side = d.side === 'white' ? 'White' : 'Black';
  const what = d.goal === 'win' ? `${side} to play and win: ${race ? 'the race in' : 'mate in'} ${d.mateIn} against perfect defence.`
    : `${side} to play and hold the draw for ${HOLD_MOVES} moves against perfect play.`;
  return (d.name ? d.name + '. ' : '') + what;
}

/**
 * resultText says where a drill stands, or how it ended, in words.
 * @param {Drill} d
 * @param {Grade} g
 * @returns {string}
 */
export function resultText(d, g) {
  const n = g.steps.length;
  const last = g.steps[n - 1];
  switch (g.state) {
    case 'won':
      return g.lost ? `Won in ${movesText(n)}; perfect was ${d.mateIn} — ${movesText(g.lost)} lost.` : `Won in ${movesText(n)} — perfect play.`;
    case 'held':
      return `Held the draw for ${movesText(n)}${g.ended ? ' (' + g.ended.replaceAll('-', ' ') + ')' : ''}.`;
    case 'slipped': {
      const what = d.goal === 'win' ? 'The win' : 'The draw';
      if (!g.ended && last && last.value < (d.goal === 'win' ? WIN : DRAW)) {
        return `${what} slipped at move ${n}: ${last.san} — ${VALUE_WORDS[last.value]}; best ${last.best}.`;
      }
      return `${what} slipped: the game ended (${(g.ended || 'over').replaceAll('-', ' ')}) after ${movesText(n)}.`;
    }
  }
  if (!n) return 'Your move.';
  const so = d.goal === 'win' ? (g.lost ? `${movesText(g.lost)} lost so far` : 'no move lost so far') : `${movesText(HOLD_MOVES - n)} to go`;
  return `${movesText(n)} played, ${so}.` + (last.lost ? ` ${last.san} was slower than ${last.best}.` : '');
}

/**
 * bestText says a drill's best in words, or '' when it has none.
 * @param {import('./drillbests.js').Best | null} b
 * @param {'win' | 'draw'} goal
 * @returns {string}
 */
export function bestText(b, goal) {
  if (!b) return '';
  if (goal === 'draw') return 'Your best: held.';
  return `Your best: won in ${movesText(b.moves)}, ${b.lost ? movesText(b.lost) + ' lost' : 'perfect'}.`;
}
