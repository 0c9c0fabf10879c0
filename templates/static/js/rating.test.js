import { test } from 'node:test';
import assert from 'node:assert/strict';
import { update, expected, START, MIN_RD, MAX_RD } from './rating.js';

test("Glickman's worked example: 1500/200 against 1400/30 (won), 1550/100 and 1700/300 (lost)", () => {
  const p = update({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 },
    { rating: 1550, rd: 100, score: 0 },
    { rating: 1700, rd: 300, score: 0 },
  ], 0.5);
  // The paper rounds its intermediate steps and prints 1464.06 and
  // 151.52; computed exactly they are 1464.05 and 151.52.
  assert.ok(Math.abs(p.rating - 1464.06) < 0.02, String(p.rating));
  assert.ok(Math.abs(p.rd - 151.52) < 0.02, String(p.rd));
  assert.equal(p.vol.toFixed(5), '0.06000');
});

test('a win raises the rating, a loss lowers it, and RD shrinks within bounds', () => {
  const puzzle = { rating: 1500, rd: 80 };
  const won = update(START, [{ ...puzzle, score: 1 }], undefined, true);
  const lost = update(START, [{ ...puzzle, score: 0 }], undefined, true);
  assert.ok(won.rating > 1500 && lost.rating < 1500, `${won.rating} ${lost.rating}`);
  assert.ok(won.rd < START.rd && won.rd >= MIN_RD && won.rd <= MAX_RD);
  let p = START;
  for (let i = 0; i < 300; i++) p = update(p, [{ rating: p.rating, rd: 30, score: i % 2 }], undefined, true);
  assert.ok(p.rd >= MIN_RD && p.rd < 80, 'many games bring RD down, never below its floor: ' + p.rd);
  assert.equal(update({ rating: 1500, rd: 349.9, vol: 0.06 }, [], undefined, true).rd, MAX_RD, 'an idle period raises RD up to its ceiling');
  assert.ok(Math.abs(expected(START, { rating: 1500, rd: 50 }) - 0.5) < 1e-12);
  assert.ok(expected(START, { rating: 1100, rd: 50 }) > 0.8);
});
