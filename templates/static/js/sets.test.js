import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  makeSet, validSet, validSets, startCycle, nextId, record, addTime, accuracy, cycleText,
  status, mergeSets, packIds, unpackIds, shareQuery, parseLink, exportSet, parseSetFile, addSet, sameIds, timeText, SET_MAX,
} from './sets.js';
import { emptyProgress, validProgress, readProgress, merge, exportProgress, importProgress } from './progress.js';

const T = 1_700_000_000_000;

test('makeSet keeps distinct valid ids and a clean name; its id is stable', () => {
  const s = makeSet('  My   set ', ['a-1', 'a-2', 'a-1', 'bad id', 'a,b'], T);
  assert.deepEqual(s.ids, ['a-1', 'a-2']);
  assert.equal(s.name, 'My set');
  assert.deepEqual(s.cycles, []);
  assert.ok(validSet(s));
  assert.equal(makeSet('My set', ['a-1', 'a-2'], T).id, s.id);
  assert.notEqual(makeSet('My set', ['a-2', 'a-1'], T).id, s.id);
  assert.equal(makeSet('', ['x'], T).name, 'Set');
  assert.equal(makeSet('x', ['bad id'], T), null);
  assert.equal(makeSet('x', Array.from({ length: 300 }, (_, i) => 'p' + i), T).ids.length, SET_MAX);
});

test('a cycle counts first-try solves, time and its end; the next starts on demand', () => {
  const s = makeSet('W', ['a-1', 'a-2', 'a-3'], T);
  assert.equal(nextId(s), '');
  const c = startCycle(s, T + 1);
  assert.equal(startCycle(s, T + 2), c, 'a cycle under way is kept');
  assert.equal(nextId(s), 'a-1');
  assert.equal(status(s), 'W · 1/3 · cycle 1');
  assert.equal(record(s, 'a-2', 'ok', T + 3), null, 'not the next puzzle: not counted');
  assert.equal(c.at, 0);
  addTime(s, 0, 1500);
  assert.equal(record(s, 'a-1', 'ok', T + 4), null);
  addTime(s, 0, 2500);
  record(s, 'a-2', 'failed', T + 5);
  assert.equal(status(s), 'W · 3/3 · cycle 1');
  assert.equal(status(s, 1), 'W · 2/3 · cycle 1', 'the puzzle on the screen, its attempt counted');
  assert.equal(status(s, 5), 'W · 3/3 · cycle 1');
  assert.equal(cycleText(s, 0), 'Cycle 1: 0:04 · 1/2 first try (50%) · under way, 2/3');
  const end = record(s, 'a-3', 'missing', T + 6);
  assert.equal(end, c);
  assert.equal(c.finished, T + 6);
  assert.equal(accuracy(c), 0.5);
  assert.equal(cycleText(s, 0), 'Cycle 1: 0:04 · 1/2 first try (50%)');
  assert.equal(nextId(s), '');
  assert.equal(status(s), 'W · cycle 1 done · 3 puzzles');
  assert.ok(validSet(s));
  const c2 = startCycle(s, T + 10);
  assert.notEqual(c2, c);
  assert.equal(s.cycles.length, 2);
  assert.equal(status(s), 'W · 1/3 · cycle 2');
  ['a-1', 'a-2', 'a-3'].forEach((id) => record(s, id, 'ok', T + 11));
  assert.equal(accuracy(s.cycles[1]), 1);
  addTime(s, 1, 61_000);
  assert.equal(cycleText(s, 1), 'Cycle 2: 1:01 · 3/3 first try (100%)');
  assert.ok(validSet(s));
  assert.equal(timeText(3_725_000), '1:02:05');
});

test('validSet refuses what a set cannot be', () => {
  const s = makeSet('W', ['a-1', 'a-2'], T);
  startCycle(s, T);
  const bad = (/** @type {(x: any) => void} */ f) => {
    const x = JSON.parse(JSON.stringify(s));
    f(x);
    return validSet(x);
  };
  assert.ok(bad(() => {}));
  assert.equal(bad((x) => { x.ids = []; }), false);
  assert.equal(bad((x) => { x.ids = ['a-1', 'a-1']; }), false);
  assert.equal(bad((x) => { x.ids[0] = 'a b'; }), false);
  assert.equal(bad((x) => { x.name = ''; }), false);
  assert.equal(bad((x) => { x.id = 'UPPER'; }), false);
  assert.equal(bad((x) => { x.cycles[0].at = 3; }), false);
  assert.equal(bad((x) => { x.cycles[0].solved = 1; }), false, 'more counted than played');
  assert.equal(bad((x) => { x.cycles[0].finished = T; }), false, 'finished before its end');
  assert.equal(bad((x) => { x.cycles.push({ ...x.cycles[0] }); }), false, 'two cycles under way');
  assert.equal(bad((x) => { x.cycles[0].ms = -1; }), false);
  assert.equal(validSets([s, s]), false, 'ids repeat');
  assert.ok(validSets([]));
});

test('mergeSets keeps the union, and of a set in both the one played further', () => {
  const a = makeSet('A', ['a-1', 'a-2'], T);
  const b = makeSet('B', ['b-1'], T + 1);
  const a2 = JSON.parse(JSON.stringify(a));
  startCycle(a2, T + 2);
  record(a2, 'a-1', 'ok', T + 3);
  const m = mergeSets([a, b], [a2]);
  assert.deepEqual(m.map((s) => s.id), [a.id, b.id]);
  assert.equal(m[0].cycles[0].at, 1);
  assert.equal(mergeSets([a2], [a])[0].cycles.length, 1);
  m[0].cycles[0].at = 0;
  assert.equal(a2.cycles[0].at, 1, 'a copy');
  const list = [a];
  assert.equal(addSet(list, a), false);
  assert.equal(addSet(list, a2), true);
  assert.equal(list[0].cycles.length, 1);
  assert.equal(addSet(list, b), true);
  assert.equal(sameIds(list, ['b-1']), list[1]);
  assert.equal(sameIds(list, ['a-2', 'a-1']), undefined);
});

test('sets travel in the progress: optional, validated, merged, exported', () => {
  const p = emptyProgress();
  assert.ok(validProgress(p), 'no sets field');
  const s = makeSet('A', ['a-1'], T);
  p.sets = [s];
  assert.ok(validProgress(p));
  assert.deepEqual(readProgress(JSON.stringify(p)).progress.sets, [s]);
  const broken = { ...p, sets: [{ ...s, ids: 'a-1' }] };
  assert.equal(validProgress(broken), false);
  assert.equal(validProgress({ ...p, sets: {} }), false);
  const q = emptyProgress();
  q.sets = [makeSet('B', ['b-1'], T)];
  assert.deepEqual(merge(p, q).sets.map((x) => x.name), ['A', 'B']);
  assert.equal(merge(emptyProgress(), emptyProgress()).sets, undefined);
  const back = importProgress(exportProgress(p, T), q);
  assert.deepEqual(back.progress.sets.map((x) => x.name), ['B', 'A']);
});

test('links: ids packed by their common stems and read back', () => {
  const ids = ['games-1d-12-329fe1cbdb', 'games-1d-12-fcf54304d8', 'tm-Back-rank', 'tm-Rook-swap', 'gardner-mate', 'lichess-00sHx'];
  const packed = packIds(ids);
  assert.equal(packed, 'games-1d-12-329fe1cbdb,~fcf54304d8,tm-Back-rank,tm-Rook-swap,gardner-mate,lichess-00sHx');
  assert.deepEqual(unpackIds(packed), ids);
  const s = makeSet('My set: 1-D', ids, T);
  const q = new URLSearchParams(shareQuery(s));
  assert.deepEqual(parseLink(q), { name: 'My set: 1-D', ids });
  assert.equal(parseLink(new URLSearchParams('id=x')), null);
  assert.deepEqual(parseLink(new URLSearchParams('ids=a-1')), { name: 'Shared set', ids: ['a-1'] });
  for (const bad of ['set=x', 'set=x&ids=', 'set=x&ids=~a', 'set=x&ids=a,,b', 'set=x&ids=a%20b', 'set=x&ids=a-1,a-1', 'set=x&ids=abc,~d']) {
    const got = parseLink(new URLSearchParams(bad));
    assert.ok(got && 'error' in got, bad + ': ' + JSON.stringify(got));
  }
  const many = Array.from({ length: SET_MAX + 1 }, (_, i) => 'p' + i).join(',');
  assert.ok('error' in parseLink(new URLSearchParams('ids=' + many)));
});

test('a set file is read back, and a damaged or foreign one refused', () => {
  const s = makeSet('A', ['a-1', 'a-2'], T);
  startCycle(s, T);
  record(s, 'a-1', 'ok', T);
  const got = parseSetFile(exportSet(s, T));
  assert.deepEqual('set' in got && got.set, s);
  assert.match(/** @type {any} */ (parseSetFile('{not json')).error, /not JSON/);
  assert.match(/** @type {any} */ (parseSetFile(exportProgress(emptyProgress(), T))).error, /not a thinchess set/);
  assert.match(/** @type {any} */ (parseSetFile('[]')).error, /not a thinchess set/);
  const damaged = JSON.parse(exportSet(s, T));
  damaged.set.cycles[0].at = 7;
  assert.match(/** @type {any} */ (parseSetFile(JSON.stringify(damaged))).error, /damaged/);
});
