import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyProgress, validProgress, readProgress, recordSolved, solvedCount, rate, logAttempt,
  reviewFailed, reviewSolved, reviewMark, dueReviews, nextReview, statsBy, exportProgress, importProgress, DAY,
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

test('review: a failed puzzle is due at once, then waits longer after each clean solve', () => {
  const p = emptyProgress();
  const t0 = 1e12;
  reviewFailed(p, 'x', t0);
  reviewFailed(p, 'y', t0 + 5);
  assert.deepEqual(dueReviews(p, t0 + 10), ['x', 'y'], 'a failed puzzle is due at once');
  reviewSolved(p, 'x', t0 + 10);
  assert.deepEqual(dueReviews(p, t0 + 10), ['y'], 'x waits after a clean solve');
  const wait1 = p.review.x.due - (t0 + 10);
  assert.ok(wait1 >= DAY, 'x waits a day or more, not ' + wait1 / DAY);
  assert.equal(nextReview(p, t0 + 10), p.review.x.due);
  assert.deepEqual(dueReviews(p, p.review.x.due), ['y', 'x']);
  const t1 = p.review.x.due;
  reviewSolved(p, 'x', t1);
  const wait2 = p.review.x.due - t1;
  assert.ok(wait2 > wait1, 'the second clean solve waits longer: ' + wait2 / DAY + ' days after ' + wait1 / DAY);
  assert.ok(wait2 <= 181 * DAY);
  const t2 = p.review.x.due;
  reviewFailed(p, 'x', t2);
  assert.deepEqual(dueReviews(p, t2), ['y', 'x'], 'failed again: due at once');
  assert.equal(p.review.x.l, 1, 'a lapse (failing a new puzzle is not one)');
  reviewSolved(p, 'x', t2 + 60000, 1);
  const hard = p.review.x.due - (t2 + 60000);
  assert.ok(hard < wait2, 'after a lapse and a solve with a hint the wait is shorter: ' + hard / DAY);
  reviewSolved(p, 'nope', t0);
  assert.equal(p.review.nope, undefined, 'a puzzle not queued stays out');
  assert.ok(validProgress(p));
});

test('review: a puzzle the player marks is queued, due at once, once', () => {
  const p = emptyProgress();
  assert.equal(reviewMark(p, 'm', 5000), true);
  assert.equal(reviewMark(p, 'm', 6000), false);
  assert.equal(p.review.m.mark, true);
  assert.deepEqual(dueReviews(p, 5000), ['m']);
  reviewSolved(p, 'm', 7000);
  assert.equal(p.review.m.mark, true, 'still marked after a review');
  assert.ok(p.review.m.due > 7000 + 60000);
  assert.ok(validProgress(p));
});

test('version 2 (Leitner boxes) is upgraded: box 1 due as it was, higher boxes in review', () => {
  const v2 = { ...emptyProgress(), v: 2, review: { a: { box: 1, due: 1000 }, b: { box: 4, due: 5 * DAY } } };
  const { progress, reset } = readProgress(JSON.stringify(v2));
  assert.equal(reset, false);
  assert.equal(progress.v, 3);
  assert.deepEqual(dueReviews(progress, 1000), ['a']);
  assert.deepEqual(dueReviews(progress, 5 * DAY), ['a', 'b']);
  assert.equal(progress.review.b.s, 7, 'box 4 waited a week: its stability');
  const bad = { ...v2, review: { a: { box: 9, due: 0 } } };
  assert.equal(readProgress(JSON.stringify(bad)).reset, true);
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
