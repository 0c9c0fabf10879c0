// Unit tests of rules-outcome.js and rules-label.js, the twins of
// engine/outcome.go and engine/label.go: the words for values and lines.
import test from 'node:test';
import assert from 'node:assert/strict';
import { describe, mateIn } from './rules-outcome.js';
import { RACE } from './rules-data.js';
import { lineText } from './rules-label.js';
import { parsePosition } from './rules-code.js';

test('words', () => {
  assert.equal(describe('white-wins', 0, mateIn(true, 11), 11), 'White wins: mate in 6 (11 plies)');
  assert.equal(describe('white-wins', 0, mateIn(true, 1), 1), 'White wins: mate in 1 (1 ply)');
  assert.equal(describe('black-wins', 0, 0, 0), 'Black has won');
  assert.equal(describe('draw', 0, 0, -1), 'Draw with best play');
  // A race is won on the last rank (or by leaving no move), not by mate.
  assert.equal(describe('black-wins', RACE, mateIn(true, 1), 1), 'Black wins the race in 1 (1 ply)');
  assert.equal(describe('white-wins', RACE, mateIn(true, 5), 5), 'White wins the race in 3 (5 plies)');
  const p = parsePosition('4k3/8/8/8/8/8/8/R3K3 b - - 0 12');
  assert.equal(lineText(p, ['Kd7', 'Ra7+', 'Kc6']), '12... Kd7 13. Ra7+ Kc6');
});
