import { test } from 'node:test';
import assert from 'node:assert/strict';
import { squareName, squareIndex, stepSquare, pieceName, typeName } from './squares.js';

test('squareName and squareIndex are inverse on every board size', () => {
  for (const [w, h] of [[1, 8], [2, 10], [5, 5], [8, 8], [16, 16]]) {
    for (let i = 0; i < w * h; i++) {
      assert.equal(squareIndex(w, squareName(w, i)), i, `${w}×${h} square ${i}`);
    }
  }
  assert.equal(squareName(5, 0), 'a1');
  assert.equal(squareName(5, 6), 'b2');
  assert.equal(squareName(1, 7), 'a8');
  assert.equal(squareName(16, 255), 'p16');
  assert.equal(squareIndex(8, 'h8'), 63);
  assert.equal(squareIndex(16, 'a10'), 144);
});

test('stepSquare moves and stays on the board', () => {
  assert.equal(stepSquare('b2', 1, 1, 5, 5), 'c3');
  assert.equal(stepSquare('a1', -1, -1, 5, 5), 'a1');
  assert.equal(stepSquare('e5', 1, 1, 5, 5), 'e5');
  assert.equal(stepSquare('a9', 0, 1, 1, 10), 'a10');
});

test('pieces have names', () => {
  assert.equal(pieceName('wk'), 'white king');
  assert.equal(pieceName('bn'), 'black knight');
  assert.equal(pieceName(''), 'empty');
  assert.equal(typeName('q'), 'queen');
  assert.equal(typeName('z'), 'z');
});
