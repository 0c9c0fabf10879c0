import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isBanAction, sideAt, undoTarget, redoTarget, moveRows, actionText, reviewable } from './moves.js';

test('moveRows numbers a line from White', () => {
  const rows = moveRows({ san: ['e4', 'e5', 'Nf3'], startSide: 'white', startFullmove: 1, cursor: 2 });
  assert.deepEqual(rows.map((r) => [r.num, r.moves.map((m) => m.text)]), [['1.', ['e4', 'e5']], ['2.', ['Nf3']]]);
  assert.deepEqual(rows.flatMap((r) => r.moves).map((m) => [m.ply, m.current]), [[1, false], [2, true], [3, false]]);
  assert.equal(rows[0].moves[0].label, 'Go to after e4');
});

test('moveRows numbers a line from Black', () => {
  const rows = moveRows({ san: ['e5', 'Nf3', 'Nc6'], startSide: 'black', startFullmove: 4, cursor: 0 });
  assert.deepEqual(rows.map((r) => [r.num, r.moves.map((m) => m.text)]), [['4…', ['e5']], ['5.', ['Nf3', 'Nc6']]]);
});

test('moveRows puts each ban before its move', () => {
  const s = {
    bans: true, startSide: 'white', startFullmove: 1, cursor: 4,
    san: ['b:Ra4', 'Ra4', 'b:Kb2', 'Kb2', 'b:Ra5'],
    coords: ['b:a5a4', 'a1a4', 'b:b1b2', 'b8b2', 'b:a4a5'],
  };
  const rows = moveRows(s);
  assert.deepEqual(rows.map((r) => [r.num, r.moves.map((m) => m.text)]), [
    ['1.', ['ban Ra4', 'Ra4', 'ban Kb2', 'Kb2']],
    ['2.', ['ban Ra5']],
  ]);
  assert.equal(rows[0].moves[0].label, 'Go to after the ban of Ra4');
  assert.deepEqual(rows[0].moves.map((m) => m.coord), ['b:a5a4', 'a1a4', 'b:b1b2', 'b8b2']);
  assert.equal(actionText('m:a7a5'), 'a7a5');
  assert.deepEqual(rows[0].moves.map((m) => m.ban), [true, false, true, false]);
  assert.equal(rows[0].moves[3].current, true);
  assert.ok(isBanAction(s, 0));
  assert.ok(!isBanAction(s, 1));
  assert.ok(!isBanAction({}, 0));
});

test('sideAt alternates, and in pairs under bans', () => {
  const plain = { startSide: 'white' };
  assert.deepEqual([0, 1, 2, 3].map((n) => sideAt(plain, n)), ['white', 'black', 'white', 'black']);
  // Black bans, White moves, White bans, Black moves, Black bans, …
  const bans = { startSide: 'white', bans: true, startBanPhase: true };
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((n) => sideAt(bans, n)), ['black', 'white', 'white', 'black', 'black', 'white']);
  const moving = { startSide: 'white', bans: true, startBanPhase: false };
  assert.deepEqual([0, 1, 2, 3].map((n) => sideAt(moving, n)), ['white', 'white', 'black', 'black']);
});

test('undo and redo go back to the player\'s turn against the computer', () => {
  const s = { startSide: 'white', cursor: 4, length: 6 };
  assert.equal(undoTarget(s, 'white', false), 3);
  assert.equal(undoTarget(s, 'white', true), 2);
  assert.equal(undoTarget(s, 'black', true), 3);
  assert.equal(undoTarget({ startSide: 'white', cursor: 1 }, 'black', true), 1, 'nothing of Black\'s to take back');
  assert.equal(undoTarget({ startSide: 'white', cursor: 0 }, 'white', true), 0);
  assert.equal(redoTarget(s, 'white', false), 5);
  assert.equal(redoTarget(s, 'white', true), 6);
  assert.equal(redoTarget({ startSide: 'white', cursor: 6, length: 6 }, 'white', true), 6);
});

test('a game is reviewable once the player has moved against the computer, without bans', () => {
  const at = (cursor, startSide = 'white', bans = false) => ({ cursor, startSide, bans });
  assert.equal(reviewable(at(0), 'white', 'perfect'), false);
  assert.equal(reviewable(at(1), 'white', 'perfect'), true);
  assert.equal(reviewable(at(1), 'black', 'perfect'), false, "the computer's first move only");
  assert.equal(reviewable(at(2), 'black', 'random'), true);
  assert.equal(reviewable(at(4), 'white', 'human'), false, 'two players');
  assert.equal(reviewable(at(4, 'white', true), 'white', 'perfect'), false, 'Ban Chess');
});
