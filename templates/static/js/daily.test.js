import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DAILY_RANGE, dailyPick, dailyPlan, dailyPuzzle, dayNumber, utcDate } from './daily.js';

// An index of three families: 1-D in two chunks (one of them rated
// under the daily range), thin in one, standard in one.
const index = {
  total: 7, ids: [], packs: [], kinds: [], themeNames: {},
  familyNames: [{ id: '1d', title: '1-D', n: 4 }, { id: 'thin', title: 'Thin', n: 2 }, { id: 'minichess', title: 'Minichess', n: 0 }, { id: 'standard', title: 'Standard chess', n: 1 }],
  chunks: [
    { url: 'c0.json', pack: 'a', n: 2, lo: 600, hi: 800, families: ['1d'], kinds: {} },
    { url: 'c1.json', pack: 'a', n: 2, lo: 1200, hi: 1500, families: ['1d'], kinds: {} },
    { url: 'c2.json', pack: 'b', n: 2, lo: 1300, hi: 2400, families: ['thin'], kinds: {} },
    { url: 'c3.json', pack: 'c', n: 1, lo: 2500, hi: 2500, families: ['standard'], kinds: {} },
  ],
};

test('dayNumber counts days from 1970 and refuses what is not a date', () => {
  assert.equal(dayNumber('1970-01-01'), 0);
  assert.equal(dayNumber('1970-01-02'), 1);
  assert.equal(dayNumber('2026-11-28'), 20785); // date -u -d 2026-11-28 +%s, over 86,400
  assert.ok(Number.isNaN(dayNumber('2026-02-30')));
  assert.ok(Number.isNaN(dayNumber('28/11/2026')));
  assert.ok(Number.isNaN(dayNumber('')));
  assert.equal(utcDate(Date.UTC(2026, 10, 28, 23, 59)), '2026-11-28');
});

test('the families with puzzles take turns, a family a day', () => {
  const seen = [];
  for (let d = 0; d < 6; d++) {
    const date = utcDate(Date.UTC(2026, 10, 28 + d));
    seen.push(dailyPlan(index, date).family);
  }
  // minichess has no puzzles and never has a turn.
  assert.deepEqual(new Set(seen), new Set(['1d', 'thin', 'standard']));
  assert.equal(seen[0], seen[3]);
  assert.notEqual(seen[0], seen[1]);
});

test('a plan is the same for everyone on a day and reads one chunk of its family', () => {
  for (let d = 0; d < 30; d++) {
    const date = utcDate(Date.UTC(2026, 0, 1 + d));
    const p = dailyPlan(index, date);
    assert.deepEqual(dailyPlan(index, date), p);
    assert.ok(index.chunks[p.chunk].families.includes(p.family), date);
    // 1-D days read the chunk rated in the daily range, not the easy one.
    if (p.family === '1d') assert.equal(p.chunk, 1, date);
  }
  assert.equal(dailyPlan(index, 'tomorrow'), null);
  assert.equal(dailyPlan({ ...index, familyNames: [] }, '2026-11-28'), null);
});

test('the pick keeps to the family and the daily range, and falls back', () => {
  const puzzles = [
    { id: 'x1', family: 'thin', rating: 900 },
    { id: 'x2', family: 'thin', rating: 1500 },
    { id: 'x3', family: '1d', rating: 1500 },
    { id: 'x4', family: 'thin', rating: 2300 },
  ];
  for (let seed = 0; seed < 8; seed++) {
    assert.equal(dailyPick({ family: 'thin', seed }, puzzles).id, 'x2');
  }
  const out = [{ id: 'y1', family: 'thin', rating: DAILY_RANGE.max + 100 }, { id: 'y2', family: '1d', rating: 1500 }];
  assert.equal(dailyPick({ family: 'thin', seed: 5 }, out).id, 'y1');
  assert.equal(dailyPick({ family: 'standard', seed: 1 }, out).id, 'y2');
  assert.equal(dailyPick({ family: 'thin', seed: 1 }, []), null);
});

test('dailyPuzzle reads the one chunk of its plan', async () => {
  const read = [];
  const chunks = [
    [{ id: 'e1', family: '1d', rating: 700 }, { id: 'e2', family: '1d', rating: 800 }],
    [{ id: 'm1', family: '1d', rating: 1200 }, { id: 'm2', family: '1d', rating: 1500 }],
    [{ id: 't1', family: 'thin', rating: 1300 }, { id: 't2', family: 'thin', rating: 2400 }],
    [{ id: 's1', family: 'standard', rating: 2500 }],
  ];
  const corpus = { index, chunk: (i) => { read.push(i); return Promise.resolve(chunks[i]); } };
  const seen = new Set();
  for (let d = 0; d < 9; d++) {
    read.length = 0;
    const date = utcDate(Date.UTC(2026, 10, 28 + d));
    const e = await dailyPuzzle(corpus, date);
    assert.equal(read.length, 1, 'one chunk read');
    assert.equal(e.family, dailyPlan(index, date).family);
    assert.deepEqual(await dailyPuzzle(corpus, date), e, 'the same puzzle all day');
    seen.add(e.id);
  }
  assert.ok(!seen.has('e1') && !seen.has('e2') && !seen.has('t2'), 'in the daily range where the family has puzzles there: ' + [...seen]);
  assert.ok(seen.has('s1'), 'a family without puzzles in the range still has its day');
  assert.equal(await dailyPuzzle(corpus, 'not a date'), null);
});
