import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyProgress, validProgress, readProgress, recordSolved, solvedCount, rate, logAttempt,
  reviewFailed, reviewSolved, dueReviews, statsBy, exportProgress, importProgress, DAY, BOXES,
} from './progress.js';

test('readProgress trusts only a valid record, and upgrades version 1', () => {
  assert.deepEqual(readProgress(null), { progress: emptyProgress(), reset: false });
  const good = emptyProgress();
  good.puzzles.a = { solved: true, attempts: 2, hints: 1, rated: true };
  good.history.push([1, 1600, 200]);
  assert.deepEqual(readProgress(JSON.stringify(good)), { progress: good, reset: false });
  const v1 = { v: 1, puzzles: { a: { solved: true, attempts: 2, hints: 1 } }, streak: 1, best: 3 };
  const up = readProgress(JSON.stringify(v1));
  assert.equal(up.reset, false);
  assert.deepEqual(up.progress.puzzles, v1.puzzles);
  assert.equal(up.progress.best, 3);
  assert.equal(up.progress.player.rating, 1500);
  for (const bad of [
    '{', '[]', 'null', '{"v":3,"puzzles":{},"streak":0,"best":0}',
    '{"v":1,"puzzles":{"x":{"solved":"yes"}},"streak":-1}',
    '{"v":1,"puzzles":{},"streak":0.5,"best":0}',
    '{"v":1,"puzzles":[],"streak":0,"best":0}',
    JSON.stringify({ ...emptyProgress(), player: { rating: 'x', rd: 1, vol: 1 } }),
    JSON.stringify({ ...emptyProgress(), review: { a: { box: 9, due: 0 } } }),
    JSON.stringify({ ...emptyProgress(), log: [{ id: 'a', t: 1, ok: 'yes', pr: 1, th: [], f: '', m: 'rated' }] }),
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
  recordSolved(p, 'c', { mistakes: 0, hints: 1, shown: false }, false);
  assert.equal(p.streak, 0);
  assert.equal(p.best, 2);
  recordSolved(p, 'd', { mistakes: 0, hints: 2, shown: true }, false);
  assert.deepEqual(p.puzzles.d, { solved: false, attempts: 1, hints: 2 });
  assert.equal(solvedCount(p), 3, 'a, b and c; d was shown');
  assert.ok(validProgress(p));
});

test('a puzzle is rated once: a solve raises the rating, a failure lowers it', () => {
  const p = emptyProgress();
  const e = { id: 'a', rating: 1500, themes: ['mateIn2'], family: 'standard' };
  const r = rate(p, e, true, 1000);
  assert.ok(r.after.rating > 1500 && p.player.rd < 350);
  assert.equal(rate(p, e, false, 2000), null, 'rated once');
  const f = rate(p, { id: 'b', rating: 1200, estimated: true }, false, 3000);
  assert.ok(f.after.rating < f.before.rating);
  assert.equal(p.history.length, 2);
  assert.equal(p.history[1][0], 3000);
  logAttempt(p, e, true, 'rated', 1000);
  logAttempt(p, { id: 'b', rating: 1200, themes: ['mateIn2', 'fork'], family: 'thin' }, false, 'rated', 3000);
  const byTheme = statsBy(p, (a) => a.th);
  assert.deepEqual(byTheme.map((s) => [s.key, s.attempts, s.solved, s.avgSolved]), [['mateIn2', 2, 1, 1500], ['fork', 1, 0, 0]]);
  assert.ok(validProgress(p));
});

test('review: a failed puzzle is due at once and climbs the Leitner boxes', () => {
  const p = emptyProgress();
  const t0 = 1e12;
  reviewFailed(p, 'x', t0);
  reviewFailed(p, 'y', t0 + 5);
  assert.deepEqual(dueReviews(p, t0 + 10), ['x', 'y']);
  reviewSolved(p, 'x', t0 + 10);
  assert.equal(p.review.x.box, 2);
  assert.deepEqual(dueReviews(p, t0 + 10), ['y'], 'x waits a day');
  assert.deepEqual(dueReviews(p, t0 + 10 + DAY), ['y', 'x']);
  for (let i = 0; i < BOXES; i++) reviewSolved(p, 'x', t0 + 100 * DAY);
  assert.equal(p.review.x, undefined, 'out of the queue after the last box');
  reviewFailed(p, 'y', t0 + 20);
  assert.equal(p.review.y.box, 1);
  reviewSolved(p, 'nope', t0);
  assert.ok(validProgress(p));
});

test('export then import restores the same state; bad files change nothing', () => {
  const p = emptyProgress();
  const e = { id: 'a', rating: 1400, themes: ['mateIn1'], family: '1d' };
  rate(p, e, true, 100);
  logAttempt(p, e, true, 'rated', 100);
  reviewFailed(p, 'b', 200);
  p.records.storm = 7;
  const text = exportProgress(p, 300);
  const back = importProgress(text, emptyProgress());
  assert.deepEqual(back.progress, p);
  const again = importProgress(text, back.progress);
  assert.deepEqual(again.progress, p, 'importing twice changes nothing');
  const other = emptyProgress();
  rate(other, { id: 'z', rating: 2000 }, false, 500);
  const merged = importProgress(text, other).progress;
  assert.equal(merged.history.length, 2);
  assert.equal(merged.player.rating, other.player.rating, 'the rating of the record played last');
  assert.equal(merged.records.storm, 7);
  for (const bad of ['', '{', '{"kind":"x"}', JSON.stringify({ kind: 'thinchess-progress', progress: { v: 2 } }),
    JSON.stringify({ kind: 'thinchess-progress', progress: { ...p, v: 9 } })]) {
    const r = importProgress(bad, p);
    assert.ok(r.error && !r.progress, bad);
  }
  assert.match(importProgress(JSON.stringify({ kind: 'thinchess-progress', progress: { ...p, v: 9 } }), p).error, /newer version/);
});
