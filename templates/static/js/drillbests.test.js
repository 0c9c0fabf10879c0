import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validBests, mergeBests, better } from './drillbests.js';
import { emptyProgress, exportProgress, importProgress } from './progress.js';

test('validBests keeps the bests and drops the rest', () => {
  assert.deepEqual(validBests({ a: { moves: 6, lost: 0 }, b: { moves: -1, lost: 0 }, c: 'x', d: { moves: 2.5, lost: 0 } }), { a: { moves: 6, lost: 0 } });
  assert.deepEqual(validBests(null), {});
  assert.deepEqual(validBests([{ moves: 1, lost: 0 }]), {});
});

test('mergeBests keeps the better of two: fewer moves lost, then fewer moves', () => {
  assert.ok(better({ moves: 9, lost: 1 }, { moves: 6, lost: 2 }));
  assert.ok(better({ moves: 6, lost: 1 }, { moves: 7, lost: 1 }));
  assert.ok(!better({ moves: 7, lost: 1 }, { moves: 7, lost: 1 }));
  const a = { x: { moves: 8, lost: 2 }, y: { moves: 5, lost: 0 } };
  const b = { x: { moves: 6, lost: 0 }, y: { moves: 6, lost: 1 }, z: { moves: 3, lost: 0 } };
  assert.deepEqual(mergeBests(a, b), { x: { moves: 6, lost: 0 }, y: { moves: 5, lost: 0 }, z: { moves: 3, lost: 0 } });
  assert.deepEqual(a.x, { moves: 8, lost: 2 }, 'the inputs are not changed');
});

test('an export carries the drills\' bests and an import returns the valid ones', () => {
  const p = emptyProgress();
  const none = JSON.parse(exportProgress(p, 0, {}));
  assert.equal('drills' in none, false, 'no empty drills field');
  const text = exportProgress(p, 0, { 'gardner k/n/r/1/1/R/N/K w - -': { moves: 6, lost: 0 } });
  const r = importProgress(text, emptyProgress());
  assert.deepEqual(r.drills, { 'gardner k/n/r/1/1/R/N/K w - -': { moves: 6, lost: 0 } });
  const f = JSON.parse(text);
  f.drills = { bad: { moves: 'six', lost: 0 } };
  assert.deepEqual(importProgress(JSON.stringify(f), emptyProgress()).drills, {}, 'a damaged best is dropped, the progress still imports');
});
