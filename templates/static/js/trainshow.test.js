import { test } from 'node:test';
import assert from 'node:assert/strict';
import { metaText } from './trainshow.js';

const names = { packs: { tm: 'Test mates' }, families: {}, kinds: {}, themes: { mateIn1: 'Mate in 1', backRankMate: 'Back-rank mate' } };

test('the facts under a title name the pack once', () => {
  const e = { id: 'x', rating: 700, themes: ['mateIn1', 'backRankMate'], pack: 'tm', title: 'Mate in 1 · Test mates', puzzle: { task: '', side: 'white' } };
  assert.equal(metaText(e, names), 'Rated 700 · Mate in 1, Back-rank mate');
  assert.equal(metaText({ ...e, title: 'Gardner mate', estimated: true, themes: [] }, names), 'Rated 700 (estimated) · Test mates');
  assert.equal(metaText({ ...e, pack: '', themes: ['odd'] }, names), 'Rated 700 · odd');
  assert.equal(metaText({ ...e, pack: '', themes: [], verification: { verified: false } }, names), 'Rated 700 · not verified: the build could not prove it');
});
