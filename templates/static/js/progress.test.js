import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyProgress, validProgress, readProgress, recordSolved, solvedCount } from './progress.js';

test('readProgress trusts only a valid record', () => {
  assert.deepEqual(readProgress(null), { progress: emptyProgress(), reset: false });
  const good = { v: 1, puzzles: { a: { solved: true, attempts: 2, hints: 1 } }, streak: 1, best: 3 };
  assert.deepEqual(readProgress(JSON.stringify(good)), { progress: good, reset: false });
  for (const bad of [
    '{', '[]', 'null', '{"v":2,"puzzles":{},"streak":0,"best":0}',
    '{"v":1,"puzzles":{"x":{"solved":"yes"}},"streak":-1}',
    '{"v":1,"puzzles":{},"streak":0.5,"best":0}',
    '{"v":1,"puzzles":[],"streak":0,"best":0}',
    '{"v":1,"puzzles":{"a":{"solved":true,"attempts":-1,"hints":0}},"streak":0,"best":0}',
  ]) {
    assert.deepEqual(readProgress(bad), { progress: emptyProgress(), reset: true }, bad);
  }
  assert.ok(validProgress(emptyProgress()));
});

test('a clean solve extends the streak; help or a shown solution ends it', () => {
  const p = emptyProgress();
  recordSolved(p, 'a', { mistakes: 0, hints: 0, shown: false }, true);
  recordSolved(p, 'b', { mistakes: 0, hints: 0, shown: false }, true);
  assert.equal(p.streak, 2);
  assert.equal(p.best, 2);
  recordSolved(p, 'c', { mistakes: 0, hints: 1, shown: false }, false);
  assert.equal(p.streak, 0);
  assert.equal(p.best, 2);
  assert.deepEqual(p.puzzles.c, { solved: true, attempts: 1, hints: 1 });
  recordSolved(p, 'd', { mistakes: 0, hints: 2, shown: true }, false);
  assert.deepEqual(p.puzzles.d, { solved: false, attempts: 1, hints: 2 });
  recordSolved(p, 'a', { mistakes: 1, hints: 0, shown: false }, false);
  assert.deepEqual(p.puzzles.a, { solved: true, attempts: 2, hints: 0 });
  assert.equal(solvedCount(p), 3, 'a, b and c; d was shown');
  assert.ok(validProgress(p));
});
