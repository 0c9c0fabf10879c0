import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Corpus } from './corpus.js';
import { Recent, RECENT, families, kinds, draw, scopes, choose } from './variety.js';

// seeded is a small deterministic rng (mulberry32).
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A corpus shaped like the shipped one: a big 1-D pack rated round the
// player (with a few holds and Ban puzzles), and small packs of thin
// boards, minichess and 8×8 rated far from them. Chunks of 50.
function corpus(offline = () => false) {
  const files = {};
  const chunks = [];
  const pack = (name, family, n, lo, step, kindOf) => {
    for (let c = 0; c * 50 < n; c++) {
      const list = [];
      for (let i = c * 50; i < Math.min(n, (c + 1) * 50); i++) {
        list.push({ id: name + '-' + i, pack: name, family, kind: kindOf(i), rating: lo + i * step, puzzle: { task: '', side: 'white' } });
      }
      const url = name + c + '.json';
      files[url] = list;
      const count = {};
      list.forEach((e) => { count[e.kind] = (count[e.kind] || 0) + 1; });
      chunks.push({ url, pack: name, n: list.length, lo: list[0].rating, hi: list[list.length - 1].rating, families: [family], kinds: count, themes: {} });
    }
  };
  pack('oned', '1d', 2000, 1000, 0.5, (i) => (i % 20 === 0 ? 'hold' : i % 7 === 0 ? 'ban' : 'mate'));
  pack('thin', 'thin', 120, 600, 2, () => 'mate');
  pack('mini', 'minichess', 90, 2200, 3, (i) => (i % 3 ? 'mate' : 'race'));
  pack('std', 'standard', 300, 400, 10, () => 'mate');
  const index = {
    total: 2510, ids: [], chunks,
    familyNames: [{ id: '1d' }, { id: 'thin' }, { id: 'minichess' }, { id: 'standard' }],
  };
  return new Corpus('', index, (u) => (offline(u) ? Promise.reject(new Error('Failed to fetch ' + u)) : Promise.resolve(JSON.parse(JSON.stringify(files[u])))));
}

test('Recent keeps the last RECENT shown, a puzzle shown again moving to the end', () => {
  const r = new Recent(['a', 'b', 3, 'c']);
  assert.deepEqual(r.toJSON(), ['a', 'b', 'c']);
  r.add('a');
  assert.deepEqual(r.toJSON(), ['b', 'c', 'a']);
  assert.ok(r.newest('a', 1) && !r.newest('b', 2) && r.newest('c', 2));
  for (let i = 0; i < RECENT; i++) r.add('x' + i);
  assert.equal(r.ids.length, RECENT);
  assert.ok(!r.has('a') && r.has('x0') && r.has('x' + (RECENT - 1)));
  assert.deepEqual(new Recent('junk').toJSON(), []);
});

test('families and kinds count what exists; draw picks in proportion', () => {
  const c = corpus();
  assert.deepEqual(families(c.index, {}), [{ id: '1d', n: 2000 }, { id: 'thin', n: 120 }, { id: 'minichess', n: 90 }, { id: 'standard', n: 300 }]);
  assert.deepEqual(families(c.index, { kind: 'race' }), [{ id: 'minichess', n: 30 }]);
  assert.deepEqual(families(c.index, { pack: 'std' }), [{ id: 'standard', n: 300 }]);
  assert.deepEqual(kinds(c.index, {}, 'minichess'), [{ id: 'mate', n: 60 }, { id: 'race', n: 30 }]);
  const items = [{ id: 'a', n: 1 }, { id: 'b', n: 3 }];
  assert.equal(draw(items, 0).id, 'a');
  assert.equal(draw(items, 0.26).id, 'b');
  assert.equal(draw(items, 0.999).id, 'b');
  assert.equal(draw([], 0.5), null);
});

test('on All the boards take turns; a chosen board or kind is kept', () => {
  const c = corpus();
  const rng = seeded(1);
  const firsts = [0, 1, 2, 3, 4].map((t) => scopes(c.index, {}, t, rng)[0].family);
  assert.deepEqual(firsts, ['1d', 'thin', 'minichess', 'standard', '1d']);
  const thin = scopes(c.index, { family: 'thin' }, 3, rng);
  assert.ok(thin.every((s) => s.family === 'thin' || s.family === undefined));
  assert.ok(scopes(c.index, { kind: 'hold' }, 0, rng).every((s) => s.kind === 'hold'));
  // Kinds in proportion: 1-D's holds (5 %) and Ban puzzles (about 14 %) come.
  const drawn = {};
  for (let t = 0; t < 400; t++) { const k = scopes(c.index, {}, 0, rng)[0].kind; drawn[k] = (drawn[k] || 0) + 1; }
  assert.ok(drawn.hold > 5 && drawn.ban > 25 && drawn.mate > 250, JSON.stringify(drawn));
});

// press chooses n puzzles in a row as the trainer does at rating target.
async function press(c, n, s, target, seed) {
  const recent = new Recent();
  const rng = seeded(seed);
  const shown = [];
  let current = '';
  for (let turn = 0; turn < n; turn++) {
    const e = await choose(c, s, target, { turn, recent, skip: () => false, current, rng });
    assert.ok(e, 'no puzzle at press ' + turn);
    shown.push(e);
    recent.add(e.id);
    current = e.id;
  }
  return shown;
}

test('100 presses on All give 100 puzzles from every board and kind', async () => {
  const shown = await press(corpus(), 100, {}, 1500, 7);
  assert.equal(new Set(shown.map((e) => e.id)).size, 100);
  const fams = new Set(shown.map((e) => e.family));
  assert.deepEqual([...fams].sort(), ['1d', 'minichess', 'standard', 'thin']);
  const ks = new Set(shown.map((e) => e.kind));
  assert.ok(ks.has('race') && ks.has('ban'), [...ks].join(' '));
});

test('a skipped puzzle comes back later, not at once; an exhausted selection goes round', async () => {
  // The selection of 30 races: each is shown once before any again.
  const shown = await press(corpus(), 75, { kind: 'race' }, 1500, 3);
  const ids = shown.map((e) => e.id);
  assert.equal(new Set(ids.slice(0, 30)).size, 30);
  for (let i = 1; i < ids.length; i++) assert.notEqual(ids[i], ids[i - 1], 'the same puzzle twice in a row at ' + i);
  // Past the first round a puzzle waits at least half the selection.
  for (let i = 30; i < ids.length; i++) {
    const before = ids.slice(Math.max(0, i - 15), i);
    assert.ok(!before.includes(ids[i]), ids[i] + ' again within 15 at ' + i);
  }
});

test('a played-out selection gives another played puzzle, never the current one; none gives null', async () => {
  const c = corpus();
  const recent = new Recent(['std-0']);
  const again = await choose(c, { pack: 'std' }, 400, { turn: 0, recent, skip: () => true, current: 'std-0', rng: seeded(1) });
  assert.equal(again.id, 'std-1');
  assert.equal(await choose(c, { pack: 'nope' }, 1500, { turn: 0, recent, skip: () => false, current: '', rng: seeded(1) }), null);
});

test('offline, boards whose puzzles are not kept give way to one that is; none kept is an error', async () => {
  const kept = (u) => u.startsWith('std');
  const shown = await press(corpus((u) => !kept(u)), 12, {}, 1500, 7);
  assert.ok(shown.every((e) => e.family === 'standard'), shown.map((e) => e.id).join(' '));
  await assert.rejects(() => press(corpus(() => true), 1, {}, 1500, 7), /Failed to fetch/);
});
