import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Corpus, fnv1a, matches } from './corpus.js';

// A corpus of two packs: a (ratings 1000–1300, chunks 0 and 1) and b.
function corpus() {
  const puzzles = {
    'c0.json': [{ id: 'a1', pack: 'a', family: '1d', rating: 1000, themes: ['mateIn1'], table: 'assets/t.bin' }, { id: 'a2', pack: 'a', family: '1d', rating: 1100, themes: ['mateIn2'] }],
    'c1.json': [{ id: 'a3', pack: 'a', family: 'thin', rating: 1200, themes: ['mateIn1'] }, { id: 'a4', pack: 'a', family: '1d', rating: 1300, themes: ['mateIn1'], url: 'modes/a4/' }],
    'c2.json': [{ id: 'b1', pack: 'b', family: 'standard', rating: 1500, themes: ['mateIn2'] }],
  };
  const ids = {};
  ['c0.json', 'c1.json', 'c2.json'].forEach((c, i) => puzzles[c].forEach((e) => { ids[e.id] = i; }));
  // Two buckets, split as the build splits them.
  const buckets = [{}, {}];
  Object.keys(ids).forEach((id) => { buckets[fnv1a(id) % 2][id] = ids[id]; });
  const files = { 'ids0.json': buckets[0], 'ids1.json': buckets[1], ...puzzles };
  const fetched = [];
  const index = {
    total: 5, ids: ['ids0.json', 'ids1.json'],
    chunks: [
      { url: 'c0.json', pack: 'a', n: 2, lo: 1000, hi: 1100, families: ['1d'], themes: { mateIn1: 1, mateIn2: 1 } },
      { url: 'c1.json', pack: 'a', n: 2, lo: 1200, hi: 1300, families: ['1d', 'thin'], themes: { mateIn1: 2 } },
      { url: 'c2.json', pack: 'b', n: 1, lo: 1500, hi: 1500, families: ['standard'], themes: { mateIn2: 1 } },
    ],
  };
  const c = new Corpus('../', index, (u) => {
    fetched.push(u);
    const name = u.replace('../', '');
    return files[name] ? Promise.resolve(JSON.parse(JSON.stringify(files[name]))) : Promise.reject(new Error('404 ' + u));
  });
  return { c, fetched };
}

test('fnv1a matches the build', () => {
  // Values of Go's hash/fnv New32a.
  assert.equal(fnv1a(''), 0x811c9dc5);
  assert.equal(fnv1a('a'), 0xe40c292c);
  assert.equal(fnv1a('lichess-00sHx'), fnv1a('lichess-00sHx'));
});

test('find opens a permalink through its bucket and one chunk', async () => {
  const { c, fetched } = corpus();
  const e = await c.find('a4');
  assert.equal(e.id, 'a4');
  assert.equal(e.url, '../modes/a4/');
  assert.equal(fetched.length, 2);
  assert.equal(await c.find('nope'), null);
  const t = await c.find('a1');
  assert.equal(t.table, '../assets/t.bin');
});

test('next walks the pool in order, filtered, skipping, going round', async () => {
  const { c, fetched } = corpus();
  assert.equal((await c.next({}, null)).id, 'a1');
  assert.equal((await c.next({}, { chunk: 0, id: 'a1' })).id, 'a2');
  assert.equal((await c.next({}, { chunk: 0, id: 'a2' })).id, 'a3');
  assert.equal((await c.next({}, { chunk: 2, id: 'b1' })).id, 'a1');
  assert.equal((await c.next({ theme: 'mateIn2' }, { chunk: 0, id: 'a2' })).id, 'b1');
  assert.equal((await c.next({ pack: 'b' }, null)).id, 'b1');
  assert.equal((await c.next({ family: 'thin' }, null)).id, 'a3');
  assert.equal((await c.next({ min: 1250, max: 1400 }, null)).id, 'a4');
  const skipSolved = (e) => ['a1', 'a2', 'a3'].includes(e.id);
  assert.equal((await c.next({ pack: 'a' }, null, skipSolved)).id, 'a4');
  assert.equal(await c.next({ pack: 'a' }, null, () => true), null);
  // A filter the position's chunk does not pass goes on from the next chunk.
  assert.equal((await c.next({ pack: 'b' }, { chunk: 0, id: 'a1' })).id, 'b1');
  // Chunks are fetched once.
  assert.equal(new Set(fetched).size, fetched.length);
});

test('size counts from the index', () => {
  const { c } = corpus();
  assert.equal(c.size({}), 5);
  assert.equal(c.size({ pack: 'a' }), 4);
  assert.equal(c.size({ theme: 'mateIn2' }), 2);
  assert.ok(matches({ pack: 'a', family: '1d', rating: 900, themes: [] }, { pack: 'a', max: 1000 }));
});

test('near picks an unplayed puzzle close to the target, fetching the nearest chunks first', async () => {
  const { c, fetched } = corpus();
  const first = () => 0; // rng: always the nearest
  let r = await c.near({}, 1290, null, first);
  assert.equal(r.e.id, 'a4');
  assert.equal(r.exhausted, false);
  assert.deepEqual(fetched, ['../c1.json'], 'only the chunk whose range holds the target');
  r = await c.near({}, 1290, (e) => e.pack === 'a' && e.rating >= 1200, first);
  assert.equal(r.e.id, 'a2', 'the next nearest chunk once the first is played out');
  r = await c.near({ family: '1d' }, 2000, (e) => e.id !== 'a1', first);
  assert.equal(r.e.id, 'a1', 'far from the target when nothing nearer is left');
  r = await c.near({ pack: 'a' }, 1000, () => true, first);
  assert.deepEqual([r.e.id, r.exhausted], ['a1', true], 'an exhausted pool starts again from the nearest');
  assert.equal(await c.near({ pack: 'zz' }, 1000, null, first), null);
  // rng spreads the choice over the nearest few.
  const seen = new Set();
  for (const x of [0, 0.3, 0.6, 0.99]) seen.add((await c.near({ pack: 'a' }, 1150, null, () => x, 2)).e.id);
  assert.deepEqual([...seen].sort(), ['a1', 'a2'], 'within the nearest chunk (a tie goes to the first)');
});

test('near asks at once for every chunk among the first four whose range holds the target', async () => {
  const { c, fetched } = corpus();
  // Chunk 1 (1200–1300) and a second chunk over the same range of pack b.
  c.index.chunks[2] = { ...c.index.chunks[2], lo: 1200, hi: 1400 };
  let pending = 0;
  const inner = c.fetchJSON;
  c.fetchJSON = (u) => { pending++; return inner(u); };
  const r = c.near({}, 1250, null, () => 0);
  assert.equal(pending, 2, 'both chunks holding 1250 requested before the first answers');
  assert.ok((await r).e);
  assert.deepEqual(fetched.slice().sort(), ['../c1.json', '../c2.json']);
});

test('near passes over a chunk it cannot fetch (offline) for the next nearest', async () => {
  const { c } = corpus();
  c.index.chunks.push({ url: 'missing.json', pack: 'b', n: 1, lo: 1400, hi: 1400, families: ['standard'], themes: {} });
  const r = await c.near({}, 1400, null, () => 0);
  assert.equal(r.e.id, 'a4', 'the nearest chunk that could be fetched');
  await assert.rejects(c.near({ pack: 'b', min: 1400, max: 1400 }, 1400, null, () => 0), /404/);
});

test('the kind filter passes the puzzles and chunks of that kind', () => {
  const e = { pack: 'a', family: 'thin', kind: 'hold', rating: 1200, themes: ['holdDraw'] };
  assert.ok(matches(e, { kind: 'hold' }));
  assert.ok(!matches(e, { kind: 'mate' }));
  const c = new Corpus('', { ids: [], chunks: [
    { url: 'x', pack: 'a', n: 3, lo: 1, hi: 2, families: ['thin'], themes: { holdDraw: 2 }, kinds: { hold: 2, mate: 1 } },
    { url: 'y', pack: 'a', n: 2, lo: 3, hi: 4, families: ['1d'], themes: {}, kinds: { mate: 2 } },
  ] }, () => Promise.reject(new Error('no fetch')));
  assert.deepEqual(c.candidates({ kind: 'hold' }), [0]);
  assert.equal(c.size({ kind: 'mate' }), 3);
  assert.equal(c.size({ kind: 'hold', theme: 'holdDraw' }), 2);
});

test('near looks past a wide chunk with few puzzles of the filter', async () => {
  const files = {
    'wide.json': [{ id: 'h1', pack: '_authored', family: 'thin', rating: 2500 }, { id: 'h2', pack: '_authored', family: '1d', rating: 1500 }],
    'b.json': [{ id: 'b1', pack: 'b', family: 'thin', rating: 1480 }, { id: 'b2', pack: 'b', family: 'thin', rating: 1560 }],
  };
  const index = { ids: [], chunks: [
    { url: 'wide.json', pack: '_authored', n: 2, lo: 500, hi: 2600, families: ['thin', '1d'], themes: {} },
    { url: 'b.json', pack: 'b', n: 2, lo: 1480, hi: 1560, families: ['thin'], themes: {} },
  ] };
  const c = new Corpus('', index, (u) => Promise.resolve(JSON.parse(JSON.stringify(files[u]))));
  const r = await c.near({ family: 'thin' }, 1500, null, () => 0);
  assert.equal(r.e.id, 'b1', 'the thin puzzle rated 1480, not the wide chunk\'s 2500');
});

test('offline, a permalink is found in the chunks kept when its id bucket is not', async () => {
  const { c, fetched } = corpus();
  const offline = new Error('Failed to fetch');
  const kept = new Set(['../c1.json']);
  const files = c.fetchJSON;
  c.fetchJSON = (u) => (kept.has(u) ? files(u) : Promise.reject(offline));
  c.saved = (u) => Promise.resolve(kept.has(u));
  const e = await c.find('a3');
  assert.equal(e.id, 'a3');
  await assert.rejects(c.find('b1'), offline, 'a puzzle of a chunk not kept is not saved');
  c.saved = null;
  await assert.rejects(c.find('a3'), offline, 'without a way to know what is kept');
  assert.ok(fetched.includes('../c1.json'));
});
