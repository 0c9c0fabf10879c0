import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refutation, opponentPlayed } from './refute.js';

test('a wrong move is refuted by a proof, never by an estimate', () => {
  assert.equal(refutation('Rxa6', { method: 'over', summary: 'The game is over (stalemate). Draw.' }, 'white', 2),
    '✗ 1. Rxa6? The game is over (stalemate). Draw.');
  const drawn = { method: 'table', value: 'draw', mateIn: 0, side: 'black', pv: ['Kxa6', 'Kb4'], pvText: '1... Kxa6 2. Kb4', summary: 'Draw.' };
  assert.equal(refutation('Ra6', drawn, 'white', 3), '✗ 1. Ra6? 1... Kxa6 2. Kb4 — Draw. The best was mate in 3. (Proven by the exact table.)');
  const slower = { method: 'mate-search', value: 'white-wins', mateIn: 4, side: 'black', fullmove: 21, pv: ['Kf8', 'Qf7+', 'Ke8', 'Qe7+', 'Kxe7', 'Rd7+', 'Ke8'], summary: 'White mates in 4.' };
  assert.equal(refutation('Qh5', slower, 'white', 2),
    '✗ 21. Qh5? 21... Kf8 22. Qf7+ Ke8 23. Qe7+ Kxe7 24. Rd7+ … — White mates in 4. That is mate in 5 instead of mate in 2. (Proven by the mate prover.)');
  const oneSlower = { method: 'table', value: 'black-wins', mateIn: 2, side: 'white', fullmove: 3, pv: ['Ka10', 'Rb1'], pvText: '3. Ka10 Rb1', summary: 'Black wins: mate in 2 (4 plies).' };
  assert.equal(refutation('Ka11', oneSlower, 'black', 2),
    '✗ 2... Ka11? 3. Ka10 Rb1 — Black wins: mate in 2 (4 plies). That is mate in 3 instead of mate in 2. (Proven by the exact table.)');
  const banned = { method: 'table', value: 'black-wins', mateIn: 0, side: 'black', fullmove: 2, pv: ['b:Na2', 'Na3', 'b:Ka8', 'Kb1', 'b:Ka2', 'Nc2', 'Kc1'], summary: 'Black wins.' };
  assert.equal(refutation('Na5', banned, 'black', 0), '✗ 1... Na5? 2. (ban Na2) Na3 (ban Ka8) Kb1 3. (ban Ka2) Nc2 … — Black wins. (Proven by the exact table.)');
  // After the player's ban the opponent moves: the line starts with its move.
  const afterBan = { method: 'table', value: 'white-wins', mateIn: 0, side: 'black', fullmove: 4, pv: ['Kb1', 'b:Ra5', 'Ra4#'], summary: 'White wins.' };
  assert.equal(refutation('Banning Kb2', afterBan, 'white', 0), '✗ Banning Kb2? 4... Kb1 5. (ban Ra5) Ra4# — White wins. (Proven by the exact table.)');
  assert.equal(refutation('Qh5', { method: 'search', summary: 'About equal.' }, 'white', 2), null);
  assert.equal(refutation('Qh5', null, 'white', 2), null);
  const lost = { method: 'mate-search', value: 'black-wins', mateIn: 1, pv: ['Qxg2#'], pvText: '1... Qxg2#', summary: 'Black mates in 1.' };
  assert.equal(refutation('Kh1', lost, 'white', 2), '✗ 1. Kh1? 1... Qxg2# — Black mates in 1. The best was mate in 2. (Proven by the mate prover.)');
});

test('a race is won, not mated, and its refutation says so', () => {
  const lost = { method: 'mate-search', value: 'black-wins', mateIn: 1, dtm: 1, side: 'black', fullmove: 12, pv: ['Re1'], pvText: '12... Re1', summary: 'Black wins the race in 1 (1 ply).' };
  assert.equal(refutation('Rb6', lost, 'white', 1, true),
    '✗ 12. Rb6? 12... Re1 — Black wins the race in 1 (1 ply). The best wins the race in 1. (Proven by the mate prover.)');
  const slower = { method: 'mate-search', value: 'white-wins', mateIn: 2, dtm: 4, side: 'black', fullmove: 12, pv: ['Kb5', 'Ra6', 'Kc4', 'Rb6'], pvText: '12... Kb5 13. Ra6 Kc4 14. Rb6', summary: 'White wins the race in 2 (4 plies).' };
  assert.equal(refutation('Rb5', slower, 'white', 1, true),
    '✗ 12. Rb5? 12... Kb5 13. Ra6 Kc4 14. Rb6 — White wins the race in 2 (4 plies). That wins the race in 3 instead of 1. (Proven by the mate prover.)');
});

test('the opponent\'s answer under Ban Chess is numbered, and its ban left to the status line', () => {
  // Black moved (3... Ka4) and banned: White, the player, is to move at move 4.
  assert.equal(opponentPlayed({ bans: true, side: 'white', opponentName: 'Black', fullmove: 4, last: { san: 'Ka4' } }), 'Black played 3... Ka4. Your move.');
  assert.equal(opponentPlayed({ bans: true, side: 'black', opponentName: 'White', fullmove: 7, last: { san: 'Ra5' } }), 'White played 7. Ra5. Your move.');
  assert.equal(opponentPlayed({ bans: true, side: 'white', opponentName: 'Black', fullmove: 1, last: null }), 'Your move.');
  assert.equal(opponentPlayed({ bans: false, side: 'white', opponentName: 'Black', fullmove: 4, last: { san: 'Ka4' } }), 'Your move.');
});
