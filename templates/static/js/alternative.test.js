import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alsoWins, alsoWinsPlies, alsoWinsText } from './alternative.js';

test('a move proven to win too, only slower, is an alternative; an estimate or a loss never is', () => {
  // After the player's move the opponent is to play: lost in 3 there is a win in 4 before.
  assert.equal(alsoWins({ method: 'table', value: 'white-wins', mateIn: 3 }, 'white'), 4);
  assert.equal(alsoWins({ method: 'mate-search', value: 'black-wins', mateIn: 1 }, 'black'), 2);
  assert.equal(alsoWins({ method: 'exact', value: 'white-wins', mateIn: 5 }, 'white'), 6);
  assert.equal(alsoWins({ method: 'search', value: 'white-wins', mateIn: 3 }, 'white'), 0, 'the searcher proves nothing');
  assert.equal(alsoWins({ method: 'table', value: 'draw', mateIn: 0 }, 'white'), 0);
  assert.equal(alsoWins({ method: 'table', value: 'black-wins', mateIn: 2 }, 'white'), 0);
  assert.equal(alsoWins({ method: 'over', value: 'draw', mateIn: 0 }, 'white'), 0);
  assert.equal(alsoWins(null, 'white'), 0);
});

test('the words say it wins too, in how many moves, and what the fastest is', () => {
  assert.equal(alsoWinsText('Ka11', 3, 2), 'Ka11 — that wins too, in 3 moves: find the fastest, in 2. Try again.');
  assert.equal(alsoWinsText('b:a4a3', 4, 0), 'b:a4a3 — that wins too, in 4 moves: find the fastest. Try again.');
});

test('under Ban Chess a proven slower win counts plies, bans and moves, and is an alternative too', () => {
  // A Ban analysis has a distance in plies and no mateIn: the play-test's
  // games-ban-thin-2x6-rook-bishop-c7d05182d8, Ka4, Black mating in 21
  // plies after it, was marked wrong.
  const after = { method: 'table', value: 'black-wins', dtm: 21, mateIn: 0 };
  assert.equal(alsoWins(after, 'black'), 0, 'no moves to count');
  assert.equal(alsoWinsPlies(after, 'black'), 22);
  assert.equal(alsoWinsPlies({ method: 'table', value: 'white-wins', dtm: 21, mateIn: 0 }, 'black'), 0);
  assert.equal(alsoWinsPlies({ method: 'table', value: 'draw', dtm: -1, mateIn: 0 }, 'black'), 0);
  assert.equal(alsoWinsPlies({ method: 'search', value: 'black-wins', dtm: 21, mateIn: 0 }, 'black'), 0);
  assert.equal(alsoWinsPlies(null, 'black'), 0);
  assert.equal(alsoWinsText('Ka4', 22, 0, true), 'Ka4 — that wins too, in 22 plies (bans and moves): find the fastest. Try again.');
});
