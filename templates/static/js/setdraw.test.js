import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Corpus } from './corpus.js';
import { drawIds, drawFromCorpus, shuffled, spread } from './setdraw.js';

// A corpus of three chunks: pack a (1-D, 1000–1300) in two, pack b in one.
function corpus() {
  const chunks = {
    'c0.json': [{ id: 'a-1', pack: 'a', family: '1d', rating: 1000 }, { id: 'a-2', pack: 'a', family: '1d', rating: 1100 }],
    'c1.json': [{ id: 'a-3', pack: 'a', family: '1d', rating: 1200 }, { id: 'a-4', pack: 'a', family: 'thin', rating: 1300 }],
    'c2.json': [{ id: 'b-1', pack: 'b', family: 'standard', rating: 1500 }],
  };
  const index = {
    ids: [],
    chunks: [
      { url: 'c0.json', pack: 'a', n: 2, lo: 1000, hi: 1100, families: ['1d'], themes: {} },
      { url: 'c1.json', pack: 'a', n: 2, lo: 1200, hi: 1300, families: ['1d', 'thin'], themes: {} },
      { url: 'c2.json', pack: 'b', n: 1, lo: 1500, hi: 1500, families: ['standard'], themes: {} },
    ],
  };
  const offline = new Set();
  const c = new Corpus('', /** @type {any} */ (index), (u) => (offline.has(u) ? Promise.reject(new Error('offline ' + u))
    : Promise.resolve(JSON.parse(JSON.stringify(chunks[u])))));
  return { c, offline };
}

test('drawIds is deterministic, in any order of the pool', () => {
  const pool = Array.from({ length: 50 }, (_, i) => 'p-' + i);
  const a = drawIds(pool, 10, 'seed');
  assert.equal(a.length, 10);
  assert.equal(new Set(a).size, 10);
  assert.deepEqual(drawIds(pool.slice().reverse(), 10, 'seed'), a);
  assert.notDeepEqual(drawIds(pool, 10, 'other'), a);
  assert.deepEqual(drawIds(['x', 'y'], 10, 'seed').sort(), ['x', 'y']);
});


test('drawFromCorpus draws from the selection only, the same each time', async () => {
  const { c } = corpus();
  const ids = await drawFromCorpus(c, { pack: 'a', family: '1d' }, 10, 's');
  assert.deepEqual(ids.slice().sort(), ['a-1', 'a-2', 'a-3']);
  assert.deepEqual(await drawFromCorpus(corpus().c, { pack: 'a', family: '1d' }, 10, 's'), ids);
  const two = await drawFromCorpus(c, { min: 1100, max: 1500 }, 2, 's');
  assert.equal(two.length, 2);
  two.forEach((id) => assert.ok(['a-2', 'a-3', 'a-4', 'b-1'].includes(id), id));
  assert.deepEqual(await drawFromCorpus(c, { pack: 'nope' }, 5, 's'), []);
});


test('drawFromCorpus passes over a chunk it cannot fetch, and fails only with nothing found', async () => {
  const { c, offline } = corpus();
  offline.add('c1.json');
  assert.deepEqual((await drawFromCorpus(c, { pack: 'a' }, 10, 's')).sort(), ['a-1', 'a-2']);
  const none = corpus();
  none.offline.add('c0.json');
  none.offline.add('c1.json');
  await assert.rejects(drawFromCorpus(none.c, { pack: 'a' }, 10, 's'), /offline/);
});


test('shuffled is a permutation drawn by its seed', () => {
  const list = ['a', 'b', 'c', 'd', 'e', 'f'];
  const s = shuffled(list, 'x');
  assert.deepEqual(s.slice().sort(), list);
  assert.deepEqual(shuffled(list, 'x'), s);
  assert.deepEqual(list, ['a', 'b', 'c', 'd', 'e', 'f'], 'the list is not changed');
});

test('spread takes from every group in turn, in an order drawn by seed', () => {
  const groups = [['a-1', 'a-2', 'a-3', 'a-4', 'a-5', 'a-6'], ['b-1', 'b-2'], ['c-1']];
  const got = spread(groups, 6, 's');
  assert.equal(got.length, 6);
  assert.equal(got.filter((id) => id.startsWith('b')).length, 2);
  assert.equal(got.filter((id) => id.startsWith('c')).length, 1);
  assert.equal(got.filter((id) => id.startsWith('a')).length, 3);
  assert.deepEqual(spread(groups, 6, 's'), got);
  assert.deepEqual(spread(groups, 2, 's').map((id) => id[0]).sort(), ['a', 'b']);
  assert.deepEqual(spread(groups, 20, 's').length, 9);
});

test('drawFromCorpus spreads a set over chunks though one would do', async () => {
  const { c } = corpus();
  const ids = await drawFromCorpus(c, { pack: 'a' }, 2, 'x');
  assert.equal(ids.length, 2);
  assert.equal(ids.filter((id) => ['a-1', 'a-2'].includes(id)).length, 1, ids.join());
});
