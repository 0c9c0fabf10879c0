import { test } from 'node:test';
import assert from 'node:assert/strict';
import { solveScore, ratingChange, hintCost } from './hintscore.js';
import { emptyProgress, rate } from './progress.js';

test('each hint halves what a solve scores; a mistake or the solution shown scores nothing', () => {
  assert.equal(solveScore({ mistakes: 0, hints: 0, shown: false }), 1);
  assert.equal(solveScore({ mistakes: 0, hints: 1, shown: false }), 0.5);
  assert.equal(solveScore({ mistakes: 0, hints: 2, shown: false }), 0.25);
  assert.equal(solveScore({ mistakes: 1, hints: 0, shown: false }), 0);
  assert.equal(solveScore({ mistakes: 0, hints: 1, shown: true }), 0);
});

test('a solve with a hint costs less than a miss: the issue’s new player at an easy puzzle', () => {
  // Issue 33: one Hint on lichess-051Fx (rated 406) took a new player from 1,391 to 992.
  const player = { rating: 1391, rd: 300, vol: 0.06 };
  const e = { id: 'lichess-051Fx', rating: 406, source: { rd: 80 } };
  const miss = ratingChange(player, e, 0);
  const hinted = ratingChange(player, e, 0.5);
  const clean = ratingChange(player, e, 1);
  assert.ok(miss < hinted && hinted < clean, `miss ${miss}, hinted ${hinted}, clean ${clean}`);
  assert.ok(hinted - miss > (clean - miss) / 3, 'a hint takes much less than a miss');
  const p = emptyProgress();
  p.player = { ...player };
  const r = rate(p, e, 0.5, 1);
  assert.equal(Math.round(r.after.rating) - Math.round(r.before.rating), hinted, 'rate takes the partial score');
});

test('the Hint button says what the next hint costs, by mode', () => {
  const base = { mode: 'rated', decided: false, rated: false, player: { rating: 1500, rd: 100, vol: 0.06 }, entry: { id: 'a', rating: 1500 }, hints: 0, solution: false };
  const now = ratingChange(base.player, base.entry, 1) - ratingChange(base.player, base.entry, 0.5);
  assert.equal(hintCost(base), 'costs ' + now + ' points');
  const second = ratingChange(base.player, base.entry, 0.5) - ratingChange(base.player, base.entry, 0.25);
  assert.equal(hintCost({ ...base, hints: 1 }), 'costs ' + second + ' points');
  assert.match(hintCost({ ...base, solution: true }), /^a miss: −\d+$/);
  assert.equal(hintCost({ ...base, rated: true }), '', 'a puzzle rated before costs nothing');
  assert.equal(hintCost({ ...base, decided: true }), '', 'after a mistake help costs nothing more');
  assert.equal(hintCost({ ...base, mode: 'streak' }), 'ends the streak');
  assert.equal(hintCost({ ...base, mode: 'review' }), 'stays in review');
  assert.equal(hintCost({ ...base, mode: 'practice' }), '');
});
