import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hintSteps, pieceAt, squaresOf, dangerHint } from './hints.js';

test('pieceAt reads a FEN board, tall and wide, with runs of ten and more', () => {
  assert.equal(pieceAt('k/1/n/1/R/1/1/N/K/1 w - - 0 1', 'a6'), 'R');
  assert.equal(pieceAt('k/1/n/1/R/1/1/N/K/1 w - - 0 1', 'a10'), 'k');
  assert.equal(pieceAt('k/1/n/1/R/1/1/N/K/1 w - - 0 1', 'a9'), '');
  assert.equal(pieceAt('n1/k1/r1/N1/b1/2/1R/2/B1/K1 w - - 0 1', 'b4'), 'R');
  assert.equal(pieceAt('12k/16 w - - 0 1', 'm2'), 'k');
  assert.equal(pieceAt('12k/16 w - - 0 1', 'l2'), '');
  assert.equal(pieceAt('N/k/1/r/1/1/1/1/R/1/1/K w - - 0 1 34:a4a2', 'a4'), 'R');
  assert.equal(pieceAt('k/1 w - - 0 1', 'a9'), '', 'off the board');
});

test('squaresOf reads moves, promotions, moves and bans of the action log', () => {
  assert.deepEqual(squaresOf('a9a10'), { from: 'a9', to: 'a10', promo: '', ban: false });
  assert.deepEqual(squaresOf('m:e7e8q'), { from: 'e7', to: 'e8', promo: 'q', ban: false });
  assert.deepEqual(squaresOf('b:a4a3'), { from: 'a4', to: 'a3', promo: '', ban: true });
  assert.equal(squaresOf('O-O'), null);
});

const mate = {
  side: 'white', hints: [],
  tree: { fen: 'k/1/n/1/R/1/1/N/K/1 w - - 0 1', accept: ['a6a8'], san: { a6a8: 'Rxa8#' }, next: { a6a8: { fen: 'x', end: 'checkmate' } } },
};

test('a puzzle without hints gets the piece, then its square, from its tree', () => {
  assert.deepEqual(hintSteps(mate, mate.tree, true), [
    { text: 'Move your rook on a6.', squares: ['a6'] },
    { text: 'The rook goes from a6 to a8.', squares: ['a6', 'a8'] },
  ]);
  assert.deepEqual(hintSteps(mate, mate.tree.next.a6a8, false), [], 'no hint where the puzzle ended');
  assert.deepEqual(hintSteps(mate, null, false), [], 'none past the tree');
});

test('several moves that work: every piece, then one move and how many others', () => {
  const n = { fen: '2/2/1k/2/K1/1Q w - - 0 1', accept: ['a2a1', 'b1b4', 'b1b5'] };
  const steps = hintSteps({ side: 'white', tree: n }, n, true);
  assert.deepEqual(steps[0], { text: 'Move your king on a2 or your queen on b1.', squares: ['a2', 'b1'] });
  assert.deepEqual(steps[1], { text: 'The king goes from a2 to a1. (2 other moves work too.)', squares: ['a2', 'a1'] });
});

test('an author’s hints come first at the start; the tree gives those of later turns', () => {
  const later = { fen: 'k/1/1/r/R/1/1/1/1/1/K/1 w - - 0 1', accept: ['a8a9'] };
  const p = {
    side: 'white', hints: [{ text: 'It starts on c2.', squares: ['c2'] }, { text: 'Play Rc1+.', move: 'Rc1' }],
    tree: { fen: 'x', accept: ['c2c1'], next: {} },
  };
  assert.deepEqual(hintSteps(p, p.tree, true), [{ text: 'It starts on c2.', squares: ['c2'], move: undefined }, { text: 'Play Rc1+.', squares: [], move: 'Rc1' }]);
  assert.equal(hintSteps(p, later, false)[0].text, 'Move your rook on a8.');
});

test('a hold’s first hint is its danger, from the refutation of the tempting move', () => {
  const hold = {
    side: 'black', hints: [],
    danger: { move: 'Kb6', reply: 'a9a10', replySan: 'Rxa10+', winIn: 3 },
    tree: { fen: 'n/N/k/1/1/1/r/1/R/K b - - 0 1', accept: ['a4a2'], next: { a4a2: { fen: 'x', end: 'held' } } },
  };
  const steps = hintSteps(hold, hold.tree, true);
  assert.deepEqual(steps.map((s) => s.text), [
    'Danger: after Kb6?, White answers Rxa10+ and wins in 3 moves.',
    'Move your rook on a4.',
    'The rook goes from a4 to a2.',
  ]);
  assert.deepEqual(steps[0].squares, ['a9', 'a10']);
  assert.equal(dangerHint({ move: 'Kb2', reply: 'O-O', replySan: 'O-O', winIn: 1 }, 'white'), null);
  assert.equal(dangerHint({ move: 'Kb2', reply: 'a1a2', replySan: 'Rxa2#', winIn: 1 }, 'white').text, 'Danger: after Kb2?, Black answers Rxa2# and wins in 1 move.');
});

test('where a Ban Chess player bans, the hint names the opponent’s move to ban', () => {
  const p = { side: 'white', tree: null };
  const n = { fen: '1/1/k/1/n/R/1/1/1/1/1/K b - - 0 1', accept: ['b:a8a6'] };
  assert.deepEqual(hintSteps(p, n, false), [
    { text: 'Ban Black’s knight move a8–a6: that is the move that would save Black.', squares: ['a8', 'a6'] },
  ]);
  const two = { fen: '1/1/k/1/n/R/1/1/1/1/1/K b - - 0 1', accept: ['b:a8a6', 'b:a10a9'] };
  assert.equal(hintSteps(p, two, false)[0].text, 'Ban Black’s knight move a8–a6 or Black’s king move a10–a9: that is the move that would save Black.');
});

test('a promotion hint names the piece the pawn becomes (an underpromotion is the whole puzzle)', () => {
  // Los Alamos 6×6: the play-test's games-los-alamos-4db84892e9 said
  // only "The pawn goes from d5 to d6".
  const n = { fen: '6/3P2/6/6/6/k1K3 w - - 0 1', accept: ['d5d6n'] };
  const steps = hintSteps({ side: 'white', tree: n }, n, true);
  assert.deepEqual(steps[1], { text: 'The pawn goes from d5 to d6 and becomes a knight.', squares: ['d5', 'd6'] });
  assert.equal(squaresOf('e7e8q').promo, 'q');
  assert.equal(squaresOf('a9a10').promo, '');
});
