import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellsOf, sideOf, fullmoveOf, positionCode, resizeCells, linkedMoves } from './position.js';

test('cellsOf reads a FEN placement', () => {
  assert.deepEqual(cellsOf('kr3/5/5/5/3RK w - - 0 1', 5, 5), [
    '', '', '', 'wr', 'wk',
    '', '', '', '', '',
    '', '', '', '', '',
    '', '', '', '', '',
    'bk', 'br', '', '', '',
  ]);
  // Runs of more than nine empty squares.
  const wide = cellsOf('k10K w - - 0 1', 12, 1);
  assert.equal(wide[0], 'bk');
  assert.equal(wide[11], 'wk');
  assert.equal(wide.filter(Boolean).length, 2);
});

test('FEN fields', () => {
  assert.equal(sideOf('8/8 b - - 0 1'), 'black');
  assert.equal(sideOf('8/8 w - - 0 1'), 'white');
  assert.equal(fullmoveOf('8/8 w - - 0 12'), 12);
  assert.equal(fullmoveOf('8/8 w'), 1);
});

test('positionCode writes ranks from the top', () => {
  assert.equal(positionCode(['wk', '', 'bk', 'bn'], 2, 2, 'w'), 'bk,bn/wk,x:w');
  // A one-file board is one comma-separated list.
  assert.equal(positionCode(['wk', 'wn', '', 'bk'], 1, 4, 'b'), 'bk,x,wn,wk:b');
});

test('resizeCells keeps what fits and clamps the size', () => {
  const r = resizeCells(['wk', 'wq', 'bk', 'bq'], 2, 2, 3, 1);
  assert.deepEqual(r, { w: 3, h: 1, cells: ['wk', 'wq', ''] });
  assert.deepEqual(resizeCells([], 1, 1, 40, 0), { w: 16, h: 1, cells: new Array(16).fill('') });
});

test('linkedMoves reads a line of coordinates', () => {
  assert.equal(linkedMoves(null), null);
  assert.deepEqual(linkedMoves('a2a4+b7b5, a4b5  c7c8q'), ['a2a4', 'b7b5', 'a4b5', 'c7c8q']);
  assert.deepEqual(linkedMoves('p16p15'), ['p16p15']);
  for (const bad of ['Nf3', 'a2a4+<script>', 'a0a1', 'q1q2', 'a17a1']) {
    assert.ok(linkedMoves(bad).error, bad);
  }
});
