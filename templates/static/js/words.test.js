import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capitalize, numberedLine, graphValueText, shortValue, plies } from './words.js';

test('numberedLine numbers moves from White and from Black', () => {
  assert.equal(numberedLine(['e4', 'e5', 'Nf3'], 'white', 1), '1. e4 e5 2. Nf3');
  assert.equal(numberedLine(['e5', 'Nf3', 'Nc6'], 'black', 7), '7… e5 8. Nf3 Nc6');
  assert.equal(numberedLine(['a4'], 'white'), '1. a4');
  assert.equal(numberedLine([], 'black', 3), '');
});

test('capitalize', () => {
  assert.equal(capitalize('black'), 'Black');
  assert.equal(capitalize(''), '');
});

test('the explorer\'s values', () => {
  assert.equal(plies(1), '1 ply');
  assert.equal(plies(0), '0 plies');
  assert.equal(graphValueText('D', -1, false), 'Draw');
  assert.equal(graphValueText('W', 0, false), 'White has won');
  assert.equal(graphValueText('W', 5, false), 'White wins, mate in 5 plies');
  assert.equal(graphValueText('B', 1, true), 'Black wins the race in 1 ply');
  assert.equal(shortValue('B', 3), 'Black wins in 3');
  assert.equal(shortValue('D', -1), 'draw');
});
