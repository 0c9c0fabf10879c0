// Unit tests of rules-order.js, the twin of engine/order.go.
import test from 'node:test';
import assert from 'node:assert/strict';
import { compareMoves } from './rules-order.js';
import { coord } from './rules-move.js';
import { legalMoves } from './rules-movegen.js';
import { parsePosition } from './rules-code.js';

test('moves sort canonically', () => {
  const p = parsePosition('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
  const sorted = legalMoves(p).sort(compareMoves).map((m) => coord(p.b, m));
  assert.deepEqual(sorted.slice(0, 5), ['e1d1', 'e1f1', 'e1d2', 'e1e2', 'e1f2']);
  assert.deepEqual(sorted.slice(5), ['b7b8n', 'b7b8b', 'b7b8r', 'b7b8q']);
});
