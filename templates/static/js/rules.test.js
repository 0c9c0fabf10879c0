// Unit tests of rules.js; bridge/js_diff_test.go compares it with the Go
// engine call by call, these count move trees and check the API's edges.
import test from 'node:test';
import assert from 'node:assert/strict';
import { newGame, parsePosition, compareMoves, describe, mateIn, lineText } from './rules.js';

// perft counts the leaf nodes of the legal move tree to depth d.
function perft(p, d) {
  const moves = p.legal();
  if (d === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    const u = p.doMove(m);
    n += perft(p, d - 1);
    p.undoMove(u);
  }
  return n;
}

test('perft from the chess start', () => {
  const p = parsePosition('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.deepEqual([1, 2, 3].map((d) => perft(p, d)), [20, 400, 8902]);
  assert.equal(p.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
});

test('perft from Kiwipete', () => {
  const p = parsePosition('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
  assert.deepEqual([1, 2, 3].map((d) => perft(p, d)), [48, 2039, 97862]);
});

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

test('state key drops an en-passant target no pawn may take', () => {
  assert.equal(parsePosition('8/8/8/KPp4r/8/8/8/7k w - c6 0 2').stateKey(), '8/8/8/KPp4r/8/8/8/7k w - -');
  assert.equal(parsePosition('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2').stateKey(), '4k3/8/8/3pP3/8/8/8/4K3 w - d6');
});

test('moves sort canonically', () => {
  const p = parsePosition('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
  const sorted = p.legal().sort(compareMoves).map((m) => p.coord(m));
  assert.deepEqual(sorted.slice(0, 5), ['e1d1', 'e1f1', 'e1d2', 'e1e2', 'e1f2']);
  assert.deepEqual(sorted.slice(5), ['b7b8n', 'b7b8b', 'b7b8r', 'b7b8q']);
});

test('words', () => {
  assert.equal(describe('white-wins', mateIn(true, 11), 11), 'White wins: mate in 6 (11 plies)');
  assert.equal(describe('white-wins', mateIn(true, 1), 1), 'White wins: mate in 1 (1 ply)');
  assert.equal(describe('black-wins', 0, 0), 'Black has won');
  assert.equal(describe('draw', 0, -1), 'Draw with best play');
  const p = parsePosition('4k3/8/8/8/8/8/8/R3K3 b - - 0 12');
  assert.equal(lineText(p, ['Kd7', 'Ra7+', 'Kc6']), '12... Kd7 13. Ra7+ Kc6');
});
