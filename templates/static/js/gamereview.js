// @ts-check
// "Review this game": the player's moves of a game against the computer
// judged by proof, and each proven mistake turned into a puzzle for the
// trainer. On a mode with an exact table every position's value and
// distance to mate are known, so a move is a mistake when it changes the
// proven result (a win thrown to a draw or a loss, a draw to a loss) or
// makes a win slower by more than MARGIN_MOVES; elsewhere only what the
// mate prover proves is marked (a forced mate within MATE_BOUND moves
// missed, or one allowed). Pure: the mode page (reviewpanel.js) asks the
// engine and this module judges, words and makes the puzzles; Node tests
// it.
import { fnv1a } from './corpus.js';
import { numberLine } from './rules-label.js';
import { mateIn } from './rules-outcome.js';

/** MARGIN_MOVES is how many moves slower than the fastest a win may be before it is marked. */
export const MARGIN_MOVES = 2;
/** MATE_BOUND is the longest mate (in moves) a review by the mate prover marks. */
export const MATE_BOUND = 6;
/** PACK is the pack of the puzzles made from the player's games. */
export const PACK = '_games';
/** REFUTE_PLIES bounds the refutation kept with a puzzle, in plies. */
const REFUTE_PLIES = 6;
/** PLAY_ON_MOVES is the longest win a puzzle is played on to mate (a longer one ends at its key move). */
export const PLAY_ON_MOVES = 8;
/** SOLUTION_PLIES bounds the solution line kept with a puzzle, in plies. */
const SOLUTION_PLIES = 40;

/**
 * Value is a position's proven result for one side: value 1 (wins), 0
 * (draws) or -1 (loses), null when nothing is proven; dtm the distance to
 * mate in plies (-1 for a draw or unknown).
 * @typedef {{value: number | null, dtm: number}} Value
 * BestMove is a proven best move of the position before a mistake, with
 * the position after it.
 * @typedef {{san: string, coord: string, fen: string}} BestMove
 * Reviewed is one move of the player as the review saw it: its ply (1
 * for the game's first move), the position before it (FEN, code, full
 * move number, the side to move), the move (SAN, coordinates), the
 * opponent's move before it (coordinates, '' at the start), the values
 * for the mover before it (the best play's) and after it, whether those
 * values come from an exact table (else the mate prover), the proven
 * best moves and line (SAN) from before, and the opponent's best line
 * after it (SAN, the refutation; the first move's coordinates too).
 * @typedef {{ply: number, fen: string, code: string, fullmove: number, side: string, san: string, coord: string,
 *   last: string, before: Value, after: Value, exact: boolean, best: BestMove[], pv: string[], refute: string[],
 *   refuteCoord: string}} Reviewed
 * Mark is a reviewed move judged a mistake: its kind and symbol.
 * @typedef {Reviewed & {kind: string, symbol: string}} Mark
 * ModeInfo is what a puzzle needs of the mode it was played on, its URLs
 * relative to the site's root.
 * @typedef {{id: string, title: string, url: string, variant: string, game: {variant: string, rules?: Record<string, boolean | number | string>},
 *   w: number, h: number, promotion: string[], difficulty: number, table?: string}} ModeInfo
 */

/**
 * color reads a side's name as a Color.
 * @param {string} side
 * @returns {Color}
 */
const color = (side) => (side === 'black' ? 'black' : 'white');

/**
 * moves is a distance in plies as the winner's moves (mate in n), or
 * the loser's moves until mated (rules-outcome.mateIn).
 * @param {number} value 1 or -1
 * @param {number} dtm
 */
const moves = (value, dtm) => mateIn(value > 0, dtm);

/**
 * valueOf reads an engine analysis as a proven value for side: the
 * table's, an exact solve's, the mate prover's or the end of the game;
 * an estimate (the searcher's) proves nothing. after says the analysis
 * is of the position after side's move (the opponent to move): the move
 * is counted in the distance.
 * @param {{method: string, value: string, dtm: number} | null} a
 * @param {string} side
 * @param {boolean} after
 * @returns {Value}
 */
export function valueOf(a, side, after) {
  const none = { value: null, dtm: -1 };
  if (!a || ['table', 'exact', 'mate-search', 'over'].indexOf(a.method) < 0) return none;
  if (a.value === 'draw') return a.method === 'mate-search' ? none : { value: 0, dtm: -1 };
  if (a.value !== 'white-wins' && a.value !== 'black-wins') return none;
  return { value: a.value === side + '-wins' ? 1 : -1, dtm: a.dtm + (after ? 1 : 0) };
}

/**
 * judge names the mistake a reviewed move is, or '' for none: by the
 * table "win-loss", "win-draw", "draw-loss" or "slower" (a win more than
 * MARGIN_MOVES slower than the fastest); by the mate prover
 * "missed-mate" (a mate within MATE_BOUND proven before the move and no
 * win within the margin proven after it) or "allows-mate" (a mate
 * against the mover within MATE_BOUND proven after the move, none proven
 * before it).
 * @param {Reviewed} r
 * @returns {string}
 */
export function judge(r) {
  const b = r.before, a = r.after;
  // One of the proven best moves is never a mistake, whatever is proven after it.
  if (r.best.some((m) => m.coord === r.coord)) return '';
  if (r.exact) {
    if (b.value === null || a.value === null) return '';
    if (b.value > a.value) return b.value > 0 ? (a.value < 0 ? 'win-loss' : 'win-draw') : 'draw-loss';
    if (b.value > 0 && a.value > 0 && moves(1, a.dtm) - moves(1, b.dtm) > MARGIN_MOVES) return 'slower';
    return '';
  }
  if (b.value === 1 && moves(1, b.dtm) <= MATE_BOUND &&
    !(a.value === 1 && moves(1, a.dtm) - moves(1, b.dtm) <= MARGIN_MOVES)) return 'missed-mate';
  if (a.value === -1 && moves(-1, a.dtm) <= MATE_BOUND && b.value !== -1) return 'allows-mate';
  return '';
}

/** SYMBOLS are the annotation of each kind of mistake. */
const SYMBOLS = { 'win-loss': '??', 'draw-loss': '??', 'allows-mate': '??', 'win-draw': '?', 'missed-mate': '?', slower: '?!' };

/**
 * review judges the reviewed moves and returns the mistakes, in order.
 * @param {Reviewed[]} moves
 * @returns {Mark[]}
 */
export function review(moves) {
  const out = [];
  for (const r of moves) {
    const kind = judge(r);
    if (kind) out.push({ ...r, kind, symbol: SYMBOLS[kind] });
  }
  return out;
}

/**
 * resultWords names a proven result for the mover: "a win in 5", "a
 * draw", "a loss in 4" (moves until mated).
 * @param {Value} v
 * @returns {string}
 */
function resultWords(v) {
  if (v.value === 0) return 'a draw';
  if (v.value === null) return 'unproven';
  return (v.value > 0 ? 'a win in ' : 'a loss in ') + moves(v.value, v.dtm);
}

/**
 * verdict is a mistake's line in the move list: "?? Ka2 — was a win in
 * 5, now a draw; best Kb3".
 * @param {Mark} m
 * @returns {string}
 */
export function verdict(m) {
  return m.symbol + ' ' + m.san + ' — ' + reason(m);
}

/**
 * reason says what a mistake did: "was a win in 5, now a draw; best Kb3".
 * @param {Mark} m
 * @returns {string}
 */
function reason(m) {
  const best = m.best.length ? '; best ' + m.best.map((b) => b.san).join(' or ') : '';
  switch (m.kind) {
    case 'slower':
      return 'wins in ' + moves(1, m.after.dtm) + ' instead of ' + moves(1, m.before.dtm) + best;
    case 'missed-mate':
      return 'missed a forced mate in ' + moves(1, m.before.dtm) + best;
    case 'allows-mate':
      return 'allows a forced mate in ' + moves(-1, m.after.dtm);
    default:
      return 'was ' + resultWords(m.before) + ', now ' + resultWords(m.after) + best;
  }
}

/**
 * refutationText writes a mistake's refutation, the opponent's best line
 * after it, numbered: "7... Kc1 8. Ra2 Kd1 …" ('' when none is known).
 * @param {Mark} m
 * @returns {string}
 */
export function refutationText(m) {
  if (!m.refute.length) return '';
  const other = m.side === 'white' ? 'black' : 'white';
  const shown = m.refute.slice(0, REFUTE_PLIES);
  return numberLine(shown, color(other), m.side === 'black' ? m.fullmove + 1 : m.fullmove) + (m.refute.length > shown.length ? ' …' : '');
}

/**
 * summary is the review's line: "2 mistakes: moves 7 and 12", "No
 * mistakes: …"; exact says the review read a table (else only the mate
 * prover's proofs are marked); checked and total count the player's
 * moves checked within the time and played.
 * @param {Mark[]} marks
 * @param {boolean} exact
 * @param {number} checked
 * @param {number} total
 * @returns {string}
 */
export function summary(marks, exact, checked, total) {
  const nums = Array.from(new Set(marks.map((m) => m.fullmove)));
  const list = nums.length > 1 ? nums.slice(0, -1).join(', ') + ' and ' + nums[nums.length - 1] : String(nums[0]);
  let text = marks.length === 0
    ? 'No mistakes: ' + (exact ? 'every move of yours kept the proven result.' : 'the mate prover proved none.')
    : marks.length + (marks.length === 1 ? ' mistake: move ' : ' mistakes: moves ') + list + '.';
  if (!exact) text += ' Only mistakes the mate prover proves are marked: a forced mate in up to ' + MATE_BOUND + ' moves missed, or one allowed.';
  if (checked < total) text += ' Time ran out after ' + checked + ' of your ' + total + ' moves.';
  return text;
}

/**
 * puzzleId is the id of the puzzle of a mistake: "g-" and a hash of the
 * position (its FEN without the move counters) and the move, so the
 * same mistake made twice is one puzzle.
 * @param {string} fen
 * @param {string} coord
 * @returns {string}
 */
export function puzzleId(fen, coord) {
  const key = fen.split(' ').slice(0, 4).join(' ') + '|' + coord;
  return 'g-' + fnv1a(key).toString(36) + fnv1a(coord + '|' + key).toString(36);
}

/**
 * rating estimates a puzzle's rating from its proof: a longer mate is
 * harder; a draw to hold by the opponent's win it avoids.
 * @param {Mark} m
 * @returns {number}
 */
export function rating(m) {
  const n = m.before.value > 0 ? moves(1, m.before.dtm) : m.after.value < 0 ? moves(-1, m.after.dtm) : 3;
  const r = m.before.value > 0 ? 600 + 100 * n : 1000 + 50 * n;
  return Math.max(600, Math.min(2600, r));
}

/**
 * makesPuzzle reports whether a mistake has a proven best move to ask
 * for (a move allowing a mate proves none).
 * @param {Mark} m
 */
export function makesPuzzle(m) {
  return m.best.length > 0 && m.before.value !== null && m.before.value >= 0;
}

/**
 * puzzleEntry is the puzzle of a mistake, in the shape the trainer plays
 * (wire.PuzzleEntry): the position before it, the player to move, the
 * proven best moves accepted (a draw held once one is played; a win
 * within PLAY_ON_MOVES played on to mate against the perfect defence,
 * judged by the table or the mate prover, a longer one kept once one is
 * played), the refutation of the mistake kept as its danger and notes.
 * @param {ModeInfo} mode
 * @param {Mark} m
 * @returns {wire.PuzzleEntry}
 */
export function puzzleEntry(mode, m) {
  const win = m.before.value > 0;
  const race = (mode.game.rules && mode.game.rules.goal === 'race') || mode.variant === 'race';
  const side = m.side === 'black' ? 'Black' : 'White';
  const n = moves(1, m.before.dtm);
  const goal = race ? 'win the race in ' + n : 'mate in ' + n;
  const task = !win ? side + ' to play and hold the draw.'
    : n > PLAY_ON_MOVES ? side + ' to play and keep the win (' + goal + ').' : side + ' to play and ' + goal + '.';
  /** @type {wire.TreeNode} */
  const tree = { fen: m.fen, accept: m.best.map((b) => b.coord), san: {}, next: {} };
  for (const b of m.best) {
    tree.san[b.coord] = b.san;
    tree.next[b.coord] = !win ? { fen: b.fen, end: 'held' } : n > PLAY_ON_MOVES ? { fen: b.fen, end: 'kept' } : { fen: b.fen };
  }
  const pv = win && n <= PLAY_ON_MOVES ? m.pv.slice(0, SOLUTION_PLIES) : m.pv.slice(0, 1);
  const solution = numberLine(pv.length ? pv : [m.best[0].san], color(m.side), m.fullmove);
  const refute = refutationText(m);
  /** @type {wire.PuzzleEntry} */
  const e = {
    id: puzzleId(m.fen, m.coord), title: 'From your game: ' + mode.title, url: mode.url, variant: mode.variant,
    game: { variant: mode.game.variant || mode.variant, start: m.fen, moves: [], cursor: 0 },
    start: m.fen, fen: m.fen, code: m.code, w: mode.w, h: mode.h, promotion: mode.promotion.slice(), difficulty: mode.difficulty,
    verification: {
      method: m.exact ? 'exact' : 'mate-search', verified: true, value: win ? m.side + '-wins' : 'draw',
      dtm: m.before.dtm, best: m.best.map((b) => b.san), pv,
    },
    puzzle: { side: m.side, task, solution, hints: [], tree },
    opponent: 'perfect', pack: PACK, rating: rating(m), estimated: true, themes: [],
    family: family(mode.w, mode.h), kind: race ? 'race' : win ? 'mate' : 'hold',
    notes: 'In your game you played ' + numberLine([m.san], color(m.side), m.fullmove) + m.symbol + ' (' + reason(m) + ')' +
      (refute ? '; the refutation: ' + refute : '') + '.',
  };
  if (mode.game.rules) e.game.rules = mode.game.rules;
  if (win) e.verification.mateIn = n;
  if (mode.table) e.table = mode.table;
  if (m.last) e.last = m.last;
  if (m.after.value === -1 && m.refute.length && m.refuteCoord) {
    e.puzzle.danger = { move: m.san, reply: m.refuteCoord, replySan: m.refute[0], winIn: moves(-1, m.after.dtm) };
  }
  return e;
}

/**
 * family is a board's family as the build names it (chunks.Family, site/chunks).
 * @param {number} w
 * @param {number} h
 * @returns {string}
 */
export function family(w, h) {
  if (w === 1 || h === 1) return '1d';
  if (Math.min(w, h) <= 3) return 'thin';
  return w === 8 && h === 8 ? 'standard' : 'minichess';
}
