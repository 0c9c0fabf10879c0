import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capitalize, outcomeText, banText, statusText, positionText, numberedLine, graphValueText, shortValue, plies, REASONS } from './words.js';

test('numberedLine numbers moves from White and from Black', () => {
  assert.equal(numberedLine(['e4', 'e5', 'Nf3'], 'white', 1), '1. e4 e5 2. Nf3');
  assert.equal(numberedLine(['e5', 'Nf3', 'Nc6'], 'black', 7), '7… e5 8. Nf3 Nc6');
  assert.equal(numberedLine(['a4'], 'white'), '1. a4');
  assert.equal(numberedLine([], 'black', 3), '');
});

test('statusText describes a game in play', () => {
  assert.equal(statusText({ side: 'white' }), 'White to move.');
  assert.equal(statusText({ side: 'black', check: 'e8' }), 'Black to move, in check.');
  assert.equal(statusText({ side: 'white', banned: { from: 'a2', to: 'a4' } }), 'White to move (banned: a2a4).');
  assert.equal(statusText({ banPhase: true, actor: 'black', side: 'white', check: 'e1' }), 'Black bans one of White\'s moves (White is in check).');
  assert.equal(statusText(null), '');
});

test('statusText describes the end of a game', () => {
  assert.equal(statusText({ over: true, winner: 'white', status: 'checkmate' }), 'White wins by checkmate.');
  assert.equal(statusText({ over: true, winner: 'black', status: 'race' }), 'Black wins by reaching the far rank first.');
  assert.equal(statusText({ over: true, status: 'stalemate' }), 'Draw by stalemate.');
  assert.equal(statusText({ over: true, status: 'fifty-move' }), 'Draw by the fifty-move rule.');
  // A status the page has no words for falls back on the engine's reason.
  assert.equal(statusText({ over: true, status: 'new-rule', reason: 'a new rule' }), 'Draw by a new rule.');
  assert.equal(statusText({ over: true, winner: 'white', status: 'checkmate', byBan: true, banned: { from: 'b1', to: 'b2' } }),
    'White wins by checkmate (mate by a ban: b1b2).');
  assert.equal(statusText({ over: true, status: 'stalemate', byBan: true, banned: { from: 'b1', to: 'b2' } }),
    'Draw by stalemate (stalemate by a ban: b1b2).');
});

test('every end reason is words', () => {
  for (const [status, words] of Object.entries(REASONS)) {
    assert.match(words, /^[a-z][a-z -]+$/, status);
  }
});

test('outcomes, positions and small words', () => {
  assert.equal(outcomeText('white-wins'), 'White wins');
  assert.equal(outcomeText('draw'), 'Draw');
  assert.equal(outcomeText('?'), 'Unknown');
  assert.equal(capitalize('black'), 'Black');
  assert.equal(capitalize(''), '');
  assert.equal(banText(null), '');
  assert.equal(positionText({ side: 'white', status: 'active', variant: 'gardner' }), 'White to move. Preset: gardner.');
  assert.equal(positionText({ side: 'black', status: 'insufficient-material', variant: 'chess' }), 'Black to move (insufficient material). Preset: chess.');
});

test('the explorer\'s values', () => {
  assert.equal(plies(1), '1 ply');
  assert.equal(plies(0), '0 plies');
  assert.equal(graphValueText('D', -1, false), 'Draw');
  assert.equal(graphValueText('W', 0, false), 'White has won');
  assert.equal(graphValueText('W', 5, false), 'White wins, mate in 5 plies');
  assert.equal(graphValueText('B', 1, true), 'Black wins the race in 1 ply');
  assert.equal(shortValue('B', 3), 'Black wins in 3');
  assert.equal(shortValue('D', -1), 'draw');
});
