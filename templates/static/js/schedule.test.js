import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Schedule } from './schedule.js';

// fakeTimers is a clock moved by hand: run(ms) fires what is due.
function fakeTimers() {
  let now = 0;
  let next = 1;
  const due = new Map(); // id → {at, fn, every}
  return {
    setTimeout(fn, ms) { const id = next++; due.set(id, { at: now + ms, fn, every: 0 }); return id; },
    clearTimeout(id) { due.delete(id); },
    setInterval(fn, ms) { const id = next++; due.set(id, { at: now + ms, fn, every: ms }); return id; },
    clearInterval(id) { due.delete(id); },
    run(ms) {
      const end = now + ms;
      for (;;) {
        let first = null;
        for (const [id, t] of due) if (t.at <= end && (!first || t.at < first[1].at)) first = [id, t];
        if (!first) break;
        const [id, t] = first;
        now = t.at;
        if (t.every) t.at += t.every; else due.delete(id);
        t.fn();
      }
      now = end;
    },
    get size() { return due.size; },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

test('cancel clears every timer: nothing scheduled runs after it', async () => {
  const clock = fakeTimers();
  const s = new Schedule(clock);
  const ran = [];
  s.after(100, () => ran.push('after'));
  s.every(50, () => ran.push('every'));
  s.sleep(200).then(() => ran.push('sleep'));
  clock.run(60);
  assert.deepEqual(ran, ['every']);
  assert.equal(s.pending, 3);
  s.cancel();
  assert.equal(s.pending, 0);
  assert.equal(clock.size, 0);
  clock.run(1000);
  await tick();
  assert.deepEqual(ran, ['every']);
});

test('a sleep resolves when due; stop ends one interval', async () => {
  const clock = fakeTimers();
  const s = new Schedule(clock);
  let n = 0;
  const id = s.every(10, () => n++);
  let slept = false;
  s.sleep(25).then(() => { slept = true; });
  clock.run(30);
  await tick();
  assert.equal(slept, true);
  assert.equal(n, 3);
  s.stop(id);
  clock.run(100);
  assert.equal(n, 3);
  assert.equal(s.pending, 0);
});

test('guard passes results and errors through until a cancel, then holds them back', async () => {
  const s = new Schedule(fakeTimers());
  assert.equal(await s.guard(Promise.resolve(7)), 7);
  await assert.rejects(s.guard(Promise.reject(new Error('no'))), /no/);
  let resolve;
  const slow = new Promise((r) => { resolve = r; });
  const seen = [];
  s.guard(slow).then((v) => seen.push(v), (e) => seen.push(e));
  const alive = s.live();
  assert.equal(alive(), true);
  s.cancel();
  assert.equal(alive(), false);
  resolve('late');
  await tick();
  assert.deepEqual(seen, []);
  // A guard taken after the cancel belongs to the new epoch.
  assert.equal(await s.guard(Promise.resolve('new')), 'new');
});
