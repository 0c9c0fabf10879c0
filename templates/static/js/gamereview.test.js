import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MARGIN_MOVES, MATE_BOUND, PACK, PLAY_ON_MOVES, valueOf, judge, review, verdict, refutationText, summary, puzzleId, rating, makesPuzzle, puzzleEntry, family,
} from './gamereview.js';
import { validOwnEntry } from './ownpuzzles.js';
import { hintSteps } from './hints.js';
import { verdict as treeVerdict, follow } from './solution.js';

const WIN = (dtm) => ({ value: 1, dtm });
const LOSS = (dtm) => ({ value: -1, dtm });
const DRAW = { value: 0, dtm: -1 };
const NONE = { value: null, dtm: -1 };

/** move is a reviewed move of White at move 7 of a 1-D game, Ra4 played where Na4 was best. */
function move(before, after, extra = {}) {
  return {
    ply: 13, fen: 'k/n/r/1/1/R/N/K w - - 0 7', code: 'bk,bn,br,x,x,wr,wn,wk:w', fullmove: 7, side: 'white',
    san: 'Ra4', coord: 'a3a4', last: 'a8a7', before, after, exact: true,
    best: [{ san: 'Na4', coord: 'a2a4', fen: 'k/n/r/1/N/R/1/K b - - 1 7' }],
    pv: ['Na4', 'Na5', 'Nxa6+', 'Ka7', 'Ra4'], refute: ['Rxa4', 'Nxa4', 'Na5'], refuteCoord: 'a6a4', ...extra,
  };
}

test('valueOf reads only proofs, for the mover, the move counted after it', () => {
  assert.deepEqual(valueOf({ method: 'table', value: 'white-wins', dtm: 9 }, 'white', false), WIN(9));
  assert.deepEqual(valueOf({ method: 'table', value: 'white-wins', dtm: 8 }, 'black', true), LOSS(9));
  assert.deepEqual(valueOf({ method: 'table', value: 'draw', dtm: -1 }, 'black', true), DRAW);
  // Mate after the move: the game is over, won at once.
  assert.deepEqual(valueOf({ method: 'over', value: 'black-wins', dtm: 0 }, 'black', true), WIN(1));
  // An estimate proves nothing; the mate prover proves no draw.
  assert.deepEqual(valueOf({ method: 'search', value: 'white-wins', dtm: 5 }, 'white', false), NONE);
  assert.deepEqual(valueOf({ method: 'mate-search', value: 'draw', dtm: -1 }, 'white', false), NONE);
  assert.deepEqual(valueOf(null, 'white', false), NONE);
});

test('judge: by the table, every change of the result and a win slower beyond the margin', () => {
  assert.equal(judge(move(WIN(9), DRAW)), 'win-draw');
  assert.equal(judge(move(WIN(9), LOSS(8))), 'win-loss');
  assert.equal(judge(move(DRAW, LOSS(6))), 'draw-loss');
  assert.equal(judge(move(DRAW, DRAW)), '');
  assert.equal(judge(move(LOSS(6), LOSS(2))), '', 'a lost position cannot be spoilt');
  assert.equal(judge(move(WIN(9), WIN(9))), '', 'the fastest mate');
  const slowest = 9 + 2 * MARGIN_MOVES;
  assert.equal(judge(move(WIN(9), WIN(slowest))), '', 'slower within the margin');
  assert.equal(judge(move(WIN(9), WIN(slowest + 2))), 'slower');
});

test('judge: by the mate prover, only a proven mate missed or allowed', () => {
  const proved = (b, a) => move(b, a, { exact: false });
  const bound = 2 * MATE_BOUND - 1;
  assert.equal(judge(proved(WIN(5), NONE)), 'missed-mate');
  assert.equal(judge(proved(WIN(5), WIN(7))), '', 'still mates within the margin');
  assert.equal(judge(proved(WIN(bound + 2), NONE)), '', 'a mate beyond the bound is not marked');
  assert.equal(judge(proved(NONE, LOSS(4))), 'allows-mate');
  assert.equal(judge(proved(LOSS(6), LOSS(4))), '', 'already proven lost');
  assert.equal(judge(proved(NONE, NONE)), '', 'nothing proven, nothing marked');
  assert.equal(judge(move(WIN(5), NONE, { exact: false, coord: 'a2a4' })), '', 'a proven fastest mate played, unproven after it');
  // A draw is never the prover's: its lost draw is not marked.
  assert.equal(judge(proved(NONE, LOSS(2 * MATE_BOUND + 2))), '');
});

test('review keeps the mistakes in order with their symbols, and words them', () => {
  const moves = [move(WIN(11), WIN(11), { ply: 1 }), move(WIN(9), DRAW, { ply: 3, fullmove: 2 }), move(DRAW, LOSS(6), { ply: 5, fullmove: 3, best: [] }),
    move(WIN(3), WIN(11), { ply: 7, fullmove: 4 })];
  const marks = review(moves);
  assert.deepEqual(marks.map((m) => [m.ply, m.kind, m.symbol]), [[3, 'win-draw', '?'], [5, 'draw-loss', '??'], [7, 'slower', '?!']]);
  assert.equal(verdict(marks[0]), '? Ra4 — was a win in 5, now a draw; best Na4');
  assert.equal(verdict(marks[1]), '?? Ra4 — was a draw, now a loss in 3');
  assert.equal(verdict(marks[2]), '?! Ra4 — wins in 6 instead of 2; best Na4');
  assert.equal(verdict(review([move(WIN(9), LOSS(8))])[0]), '?? Ra4 — was a win in 5, now a loss in 4; best Na4');
  assert.equal(summary(marks, true, 4, 4), '3 mistakes: moves 2, 3 and 4.');
  assert.equal(summary(marks.slice(0, 1), true, 4, 4), '1 mistake: move 2.');
  assert.equal(summary([], true, 4, 4), 'No mistakes: every move of yours kept the proven result.');
  const prover = summary([], false, 3, 9);
  assert.match(prover, /^No mistakes: the mate prover proved none\. Only mistakes the mate prover proves are marked/);
  assert.match(prover, /Time ran out after 3 of your 9 moves\.$/);
  // The refutation is Black's answer, numbered from Black's move 7.
  assert.equal(refutationText(review([move(WIN(9), LOSS(8))])[0]), '7... Rxa4 8. Nxa4 Na5');
});

test('puzzleId is stable: the same position and move, whatever the move counters', () => {
  const a = puzzleId('k/n/r/1/1/R/N/K w - - 0 7', 'a3a4');
  assert.match(a, /^g-[0-9a-z]+$/);
  assert.equal(puzzleId('k/n/r/1/1/R/N/K w - - 4 19', 'a3a4'), a);
  assert.notEqual(puzzleId('k/n/r/1/1/R/N/K w - - 0 7', 'a3a5'), a);
  assert.notEqual(puzzleId('k/n/r/1/1/R/N/K b - - 0 7', 'a3a4'), a);
});

const MODE = {
  id: 'gardner', title: '1-D Chess (Gardner, 1980)', url: 'modes/gardner/', variant: '1d', game: { variant: '1d' },
  w: 1, h: 8, promotion: [], difficulty: 3, table: 'assets/tables/gardner.abc.bin',
};

test('a win thrown away becomes a mate puzzle the trainer plays: the best move accepted, then played on to mate', () => {
  const m = review([move(WIN(11), DRAW)])[0];
  assert.ok(makesPuzzle(m));
  const e = puzzleEntry(MODE, m);
  assert.equal(e.id, puzzleId(m.fen, m.coord));
  assert.equal(e.pack, PACK);
  assert.equal(e.kind, 'mate');
  assert.equal(e.family, '1d');
  assert.equal(e.table, MODE.table);
  assert.equal(e.url, MODE.url);
  assert.equal(e.last, 'a8a7');
  assert.equal(e.game.start, m.fen);
  assert.equal(e.puzzle.side, 'white');
  assert.equal(e.puzzle.task, 'White to play and mate in 6.');
  assert.equal(e.puzzle.solution, '7. Na4 Na5 8. Nxa6+ Ka7 9. Ra4');
  assert.equal(e.verification.value, 'white-wins');
  assert.equal(e.verification.mateIn, 6);
  assert.equal(e.rating, rating(m));
  assert.ok(e.estimated);
  // The tree accepts the best move, rejects the mistake, and leaves the
  // rest to the table (no end: played on to mate).
  assert.equal(treeVerdict(e.puzzle.tree, 'a2a4'), true);
  assert.equal(treeVerdict(e.puzzle.tree, 'a3a4'), false);
  assert.deepEqual(follow(e.puzzle.tree, 'a2a4'), { fen: 'k/n/r/1/N/R/1/K b - - 1 7' });
  assert.equal(e.puzzle.danger, undefined, 'a draw is no danger to name');
  assert.match(e.notes, /^In your game you played 7\. Ra4\? \(was a win in 6, now a draw; best Na4\); the refutation: 7\.\.\. Rxa4/);
  assert.ok(hintSteps(e.puzzle, e.puzzle.tree, true).length > 0, 'hints from the tree');
  assert.ok(validOwnEntry({ ...e, added: 1 }, e.id));
});

test('a long win thrown away ends at its key move', () => {
  const long = 2 * (PLAY_ON_MOVES + 1) - 1;
  const e = puzzleEntry(MODE, review([move(WIN(long), DRAW)])[0]);
  assert.equal(e.puzzle.task, 'White to play and keep the win (mate in ' + (PLAY_ON_MOVES + 1) + ').');
  assert.deepEqual(follow(e.puzzle.tree, 'a2a4'), { fen: 'k/n/r/1/N/R/1/K b - - 1 7', end: 'kept' });
  assert.equal(e.puzzle.solution, '7. Na4');
});

test('a draw thrown away becomes a hold puzzle, held by the best move, its refutation the danger', () => {
  const m = review([move(DRAW, LOSS(6), { best: [{ san: 'Na4', coord: 'a2a4', fen: 'f1' }, { san: 'Ra5', coord: 'a3a5', fen: 'f2' }] })])[0];
  const e = puzzleEntry(MODE, m);
  assert.equal(e.kind, 'hold');
  assert.equal(e.puzzle.task, 'White to play and hold the draw.');
  assert.deepEqual(e.puzzle.tree.accept, ['a2a4', 'a3a5']);
  assert.deepEqual(follow(e.puzzle.tree, 'a3a5'), { fen: 'f2', end: 'held' });
  assert.deepEqual(e.puzzle.danger, { move: 'Ra4', reply: 'a6a4', replySan: 'Rxa4', winIn: 3 });
  assert.equal(e.puzzle.solution, '7. Na4');
  assert.equal(e.verification.value, 'draw');
  assert.equal(hintSteps(e.puzzle, e.puzzle.tree, true)[0].text, 'Danger: after Ra4?, Black answers Rxa4 and wins in 3 moves.');
});

test('a mate allowed, with no proven best move, makes no puzzle; ratings grow with the mate', () => {
  const m = review([move(NONE, LOSS(4), { exact: false, best: [] })])[0];
  assert.equal(m.kind, 'allows-mate');
  assert.ok(!makesPuzzle(m));
  const short = rating(review([move(WIN(3), DRAW)])[0]);
  const long = rating(review([move(WIN(19), DRAW)])[0]);
  assert.ok(short < long, short + ' < ' + long);
  assert.ok(short >= 600 && long <= 2600);
});

test('family names boards as the build does', () => {
  assert.equal(family(1, 12), '1d');
  assert.equal(family(2, 8), 'thin');
  assert.equal(family(5, 5), 'minichess');
  assert.equal(family(8, 8), 'standard');
});
