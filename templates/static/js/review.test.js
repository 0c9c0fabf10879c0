import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Grade, LEARN_AHEAD, MAX_INTERVAL_DAYS, fromLeitner, isDue, newCard, review, validCard, waitText } from './review.js';

const DAY = 86400000;
const MIN = 60000;

test('FSRS: a new puzzle failed steps through a minute, then graduates to days', () => {
  const t0 = Date.UTC(2026, 10, 28);
  const failed = review(null, Grade.again, t0);
  assert.equal(failed.st, 1, 'learning');
  assert.equal(failed.due, t0 + MIN, "a minute's learning step");
  assert.ok(isDue(failed, t0), 'due at once within the learn-ahead limit');
  const good = review(failed, Grade.good, t0 + MIN);
  assert.equal(good.st, 2, 'in review');
  assert.ok(!isDue(good, t0 + MIN + LEARN_AHEAD), 'a card in review is not learnt ahead');
  assert.ok(good.due - (t0 + MIN) >= DAY, 'waits at least a day');
  assert.ok(validCard(good) && validCard(failed));
});

test('FSRS: clean solves stretch the wait up to the limit; Hard waits less than Good', () => {
  let c = review(review(null, Grade.again, 0), Grade.good, MIN);
  let last = 0;
  for (let i = 0; i < 12; i++) {
    const at = c.due;
    const good = review(c, Grade.good, at);
    const hard = review(c, Grade.hard, at);
    const wait = good.due - at;
    assert.ok(wait >= last, 'review ' + i + ': ' + wait / DAY + ' days after ' + last / DAY);
    assert.ok(hard.due - at <= wait, 'Hard waits no longer than Good');
    assert.ok(wait <= (MAX_INTERVAL_DAYS + 1) * DAY, 'within the limit');
    last = wait;
    c = good;
  }
  assert.equal(last, (MAX_INTERVAL_DAYS + 1) * DAY, 'reaches the six-month limit');
  const lapse = review(c, Grade.again, c.due);
  assert.equal(lapse.st, 3, 'relearning');
  assert.equal(lapse.l, 1);
  assert.ok(lapse.s < c.s, 'a lapse lowers stability');
});

test('the same reviews give the same schedule (no fuzz)', () => {
  const a = review(review(null, Grade.again, 5), Grade.good, 5 + MIN);
  const b = review(review(null, Grade.again, 5), Grade.good, 5 + MIN);
  assert.deepEqual(a, b);
});

test('newCard, fromLeitner and validCard', () => {
  const m = newCard(1000, true);
  assert.ok(validCard(m) && m.mark === true && isDue(m, 1000));
  assert.equal(newCard(1000).mark, undefined);
  const box1 = fromLeitner({ box: 1, due: 500 });
  assert.ok(validCard(box1) && isDue(box1, 500) && box1.st === 3);
  const box5 = fromLeitner({ box: 5, due: 30 * DAY });
  assert.ok(validCard(box5) && box5.s === 21 && !isDue(box5, 29 * DAY) && isDue(box5, 30 * DAY));
  for (const bad of [null, [], { due: 1 }, { ...m, st: 7 }, { ...m, s: -1 }, { ...m, due: 'x' }, { ...m, mark: 1 }]) {
    assert.equal(validCard(bad), false, JSON.stringify(bad));
  }
});

test('waitText', () => {
  assert.equal(waitText(10), 'in 1 minute');
  assert.equal(waitText(5 * MIN), 'in 5 minutes');
  assert.equal(waitText(3 * 3600000), 'in 3 hours');
  assert.equal(waitText(30 * 3600000), 'in 30 hours');
  assert.equal(waitText(2 * DAY), 'in 2 days');
});
