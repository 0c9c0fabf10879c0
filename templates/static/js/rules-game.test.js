// Unit tests of rules-game.js, the twin of engine/game/game.go.
import test from 'node:test';
import assert from 'node:assert/strict';
import { newGame } from './rules-game.js';

test('Ban Chess is refused', () => {
  assert.throws(() => newGame('chess', { bans: true }, '4k/5/4K w'), /no Ban Chess/);
});

test('game play, undo, redo and threefold', () => {
  const g = newGame('chess', {}, '4k3/8/8/8/8/8/P7/4K3 w - - 0 1');
  for (const t of ['Kd1', 'Kd8', 'Ke1', 'Ke8', 'Kd1', 'Kd8', 'Ke1']) g.playText(t);
  assert.equal(g.status(), 'active');
  g.playText('Ke8');
  assert.equal(g.status(), 'threefold');
  assert.equal(g.result(), '1/2-1/2');
  assert.throws(() => g.playText('a3'), /^Error: move a3: the game is over \(threefold\)$/);
  assert.equal(g.undo(), true);
  assert.equal(g.redoMoves().length, 1);
  g.play({ from: 59, to: 58, promo: '' }); // Kc8, not the Ke8 taken back
  assert.deepEqual(g.sanHistory().slice(-2), ['Ke1', 'Kc8']);
  assert.equal(g.redo(), false);
});
