import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PlayTable, HEADER, keyHash, mirrorKey, stateKey, seeded, WIN, DRAW, LOSS } from './playtable.js';
import { parsePosition } from './rules-code.js';

// choose over fixed move values (moves named by strings), as
// solver.Table.Choose with a nil generator: the first of the pool.
function choose(mvs, strategy, rand) {
  const fake = { moveValues: () => mvs.map(([move, value, dtm]) => ({ move, value, dtm })) };
  return PlayTable.prototype.choose.call(fake, null, strategy, null, rand);
}

const mixed = [['a', DRAW, -1], ['b', WIN, 7], ['c', WIN, 3], ['d', LOSS, 4], ['e', WIN, 3], ['f', LOSS, 10]];

test('perfect plays the fastest win, first in canonical order', () => {
  assert.equal(choose(mixed, 'perfect'), 'c');
  assert.equal(choose([['a', LOSS, 2], ['b', LOSS, 8], ['c', DRAW, -1]], 'perfect'), 'c');
  assert.equal(choose([['a', LOSS, 2], ['b', LOSS, 8]], 'perfect'), 'b');
});

test('aggressive prefers a slow loss to a draw', () => {
  assert.equal(choose([['a', DRAW, -1], ['b', LOSS, 2], ['c', LOSS, 6]], 'aggressive'), 'c');
  assert.equal(choose(mixed, 'aggressive'), 'c');
  assert.equal(choose([['a', DRAW, -1], ['b', DRAW, -1]], 'aggressive'), 'a');
});

test('cooperative wins only when every move wins', () => {
  assert.equal(choose(mixed, 'cooperative'), 'a'); // any move that does not lose
  assert.equal(choose([['a', WIN, 5], ['b', WIN, 1]], 'cooperative'), 'b');
  assert.equal(choose([['a', LOSS, 5], ['b', LOSS, 1]], 'cooperative'), 'a');
});

test('random picks from every move, the same for a seed', () => {
  const seen = new Set();
  const rand = seeded(7);
  for (let i = 0; i < 200; i++) seen.add(choose(mixed, 'random', rand));
  assert.equal(seen.size, mixed.length);
  const a = seeded(42);
  const b = seeded(42);
  for (let i = 0; i < 10; i++) assert.equal(a(), b());
});

test('keyHash matches Go', () => {
  // Values printed by Go's keyHash (solver/playtable.go).
  assert.deepEqual(keyHash(''), [2872998923, 639000281]);
  assert.deepEqual(keyHash('k7/8/8/8/8/8/8/7K w - -'), [2716787407, 1410078798]);
});

test('state key drops an en-passant target no pawn may take', () => {
  assert.equal(stateKey(parsePosition('8/8/8/KPp4r/8/8/8/7k w - c6 0 2')), '8/8/8/KPp4r/8/8/8/7k w - -');
  assert.equal(stateKey(parsePosition('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2')), '4k3/8/8/3pP3/8/8/8/4K3 w - d6');
});

// The same strings as solver.TestMirrorKeyPinned.
test('mirrorKey matches Go', () => {
  assert.equal(mirrorKey(parsePosition('k/n/1/1/R/K w - - 0 1')), 'k/r/1/1/N/K b - -');
  assert.equal(mirrorKey(parsePosition('1k/1b/2/N1/K1 b - - 0 1')), '1k/1n/2/B1/K1 w - -');
});

test('a damaged play table is refused', () => {
  assert.throws(() => new PlayTable(new Uint8Array([1, 2, 3])), /not a thinchess play table/);
  assert.throws(() => new PlayTable(new Uint8Array([84, 67, 80, 84, 9])), /format version 9/);
  assert.throws(() => new PlayTable(new Uint8Array([84, 67, 80, 84, 2, 0x80])), /truncated/);
  const head = [84, 67, 80, 84, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  assert.throws(() => new PlayTable(new Uint8Array([...head, 2])), /mirrored flag/);
});

// The header's fields in the order internal/wire's PlayHeader writes them
// and wire.d.ts declares them.
test('the header is read in the order of wire.PlayHeader', () => {
  const dts = readFileSync(new URL('../types/wire.d.ts', import.meta.url), 'utf8');
  const body = dts.slice(dts.indexOf('interface PlayHeader {'));
  const fields = [...body.slice(0, body.indexOf('\n  }')).matchAll(/^ {4}(\w+): /gm)].map((m) => m[1]);
  assert.deepEqual(HEADER, fields);
});
