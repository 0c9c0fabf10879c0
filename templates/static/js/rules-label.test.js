import { test } from 'node:test';
import assert from 'node:assert/strict';
import { numberLine, numberActions } from './rules-label.js';

test('numberLine numbers moves from either side', () => {
  assert.equal(numberLine(['Na4', 'Rxa4', 'Rxa4'], 'white', 1), '1. Na4 Rxa4 2. Rxa4');
  assert.equal(numberLine(['Ra5', 'Na4', 'Nb3'], 'black', 7), '7... Ra5 8. Na4 Nb3');
});

// The same lines as engine/label_test.go's TestLineText under bans.
test('numberActions numbers a Ban Chess line, each ban before its move', () => {
  assert.equal(numberActions(['b:Ra4', 'Na4', 'b:Rxa4', 'Ra5', 'b:Nb2'], 'white', 1), '1. (ban Ra4) Na4 (ban Rxa4) Ra5 2. (ban Nb2)');
  assert.equal(numberActions(['b:Ra5', 'Ra4', 'b:Nb2', 'm:a2c1'], 'black', 7), '7... (ban Ra5) Ra4 8. (ban Nb2) a2c1');
  assert.equal(numberActions(['Ra4', 'b:Rxa4', 'Ra5', 'b:Nb2', 'Nc1'], 'white', 3), '3. Ra4 (ban Rxa4) Ra5 4. (ban Nb2) Nc1');
  assert.equal(numberActions(['Ra5', 'b:Nb2', 'Nc1'], 'black', 3), '3... Ra5 4. (ban Nb2) Nc1');
  assert.equal(numberActions([], 'white', 1), '');
});
