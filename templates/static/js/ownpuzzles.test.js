import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OWN_MAX, addOwn, ownEntry, validOwn, mergeOwn } from './ownpuzzles.js';
import { findEntry, emptyProgress, readProgress, validProgress, dueReviews, exportProgress, importProgress, merge } from './progress.js';
import { puzzleEntry, review } from './gamereview.js';

const MODE = {
  id: 'gardner', title: 'Gardner', url: 'modes/gardner/', variant: '1d', game: { variant: '1d' },
  w: 1, h: 8, promotion: [], difficulty: 3, table: 'assets/tables/gardner.abc.bin',
};

/** entry is the puzzle of a win thrown to a draw by move coord. */
function entry(coord = 'a3a4') {
  const [m] = review([{
    ply: 1, fen: 'k/n/r/1/1/R/N/K w - - 0 1', code: 'bk,bn,br,x,x,wr,wn,wk:w', fullmove: 1, side: 'white', san: 'R' + coord.slice(2),
    coord, last: '', before: { value: 1, dtm: 11 }, after: { value: 0, dtm: -1 }, exact: true,
    best: [{ san: 'Na4', coord: 'a2a4', fen: 'k/n/r/1/N/R/1/K b - - 1 1' }], pv: ['Na4'], refute: [], refuteCoord: '',
  }]);
  return puzzleEntry(MODE, m);
}

test('a puzzle from a game is kept and queued due at once; the same mistake again is one puzzle, due again', () => {
  const p = emptyProgress();
  const e = entry();
  assert.equal(addOwn(p, e, 1000), true);
  assert.deepEqual(dueReviews(p, 1000), [e.id]);
  assert.equal(p.own[e.id].added, 1000);
  assert.ok(validProgress(p));
  // Reviewed and learnt, then made again: still one puzzle, due at once.
  p.review[e.id] = { ...p.review[e.id], due: 1000 + 86400000 * 5, st: 2 };
  assert.equal(addOwn(p, entry(), 5000), false);
  assert.equal(Object.keys(p.own).length, 1);
  assert.deepEqual(dueReviews(p, 5000), [e.id]);
});

test('the trainer finds a puzzle from a game before the corpus, its URLs from the page', async () => {
  const p = emptyProgress();
  const e = entry();
  addOwn(p, e, 1);
  const corpus = { root: '../', find: (id) => Promise.resolve(id === 'corpus-1' ? { id } : null) };
  const got = await findEntry(p, corpus, e.id);
  assert.equal(got.table, '../' + MODE.table);
  assert.equal(got.url, '../' + MODE.url);
  assert.equal(p.own[e.id].table, MODE.table, 'the kept entry is not changed');
  assert.deepEqual(await findEntry(p, corpus, 'corpus-1'), { id: 'corpus-1' });
  assert.equal(await findEntry(emptyProgress(), corpus, e.id), null);
  assert.equal(ownEntry(p, 'toString', ''), null);
});

test('the field is optional, validated when present, and kept through merge, export and import', () => {
  const p = emptyProgress();
  assert.ok(validOwn(undefined));
  addOwn(p, entry(), 1);
  const raw = JSON.stringify(p);
  assert.deepEqual(readProgress(raw).progress, p);
  for (const bad of [
    { ...p, own: [] },
    { ...p, own: { 'g-x': { ...p.own[Object.keys(p.own)[0]] } } },
    { ...p, own: { [Object.keys(p.own)[0]]: { ...p.own[Object.keys(p.own)[0]], puzzle: { side: 'red' } } } },
  ]) {
    assert.equal(readProgress(JSON.stringify(bad)).reset, true);
  }
  const q = emptyProgress();
  addOwn(q, entry('a3a5'), 2);
  const both = merge(p, q);
  assert.equal(Object.keys(both.own).length, 2);
  assert.equal(merge(emptyProgress(), emptyProgress()).own, undefined, 'no field when neither has one');
  const imported = importProgress(exportProgress(p, 3), emptyProgress());
  assert.deepEqual(imported.progress.own, p.own);
  assert.deepEqual(mergeOwn(undefined, p.own), p.own);
});

test('the oldest puzzles from games go beyond OWN_MAX, with their cards', () => {
  const p = emptyProgress();
  const first = entry();
  addOwn(p, first, 0);
  for (let i = 1; i <= OWN_MAX; i++) addOwn(p, { ...first, id: 'g-' + i.toString(36) + 'z' }, i);
  assert.equal(Object.keys(p.own).length, OWN_MAX);
  assert.ok(!p.own[first.id] && !p.review[first.id]);
});
