// Unit tests of rules-movegen.js, the twin of engine/movegen.go:
// bridge/js_diff_test.go compares the rules twins with the Go engine call
// by call, these count move trees (the engine's perft_test.go figures).
import test from 'node:test';
import assert from 'node:assert/strict';
import { legalMoves } from './rules-movegen.js';
import { parsePosition } from './rules-code.js';
import { fen } from './rules-fen.js';

// perft counts the leaf nodes of the legal move tree to depth d.
function perft(p, d) {
  const moves = legalMoves(p);
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
  assert.equal(fen(p), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
});

test('perft from Kiwipete', () => {
  const p = parsePosition('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
  assert.deepEqual([1, 2, 3].map((d) => perft(p, d)), [48, 2039, 97862]);
});
