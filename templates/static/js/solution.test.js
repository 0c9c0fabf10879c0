import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastAction, follow, verdict, bestActions, banWords, actionWords, isBan, playedLine } from './solution.js';

// The start of games-ban-1d-12-knight-rook-a1a22152d3's tree, as the
// build writes it: Black moves a7a5 and bans a3a2; White plays Ka4 and
// bans a10a7; Black plays a5a3 and bans a4a3 (a mate by a ban).
const tree = {
  fen: 'start', accept: ['a7a5'], san: { a7a5: 'Na5' }, next: {
    a7a5: { fen: '1', accept: ['b:a3a2'], next: {
      'b:a3a2': { fen: '2', reply: 'a3a4', san: { a3a4: 'Ka4' }, next: {
        a3a4: { fen: '3', reply: 'b:a10a7', next: {
          'b:a10a7': { fen: '4', accept: ['a5a3', 'a5a6'], san: { a5a3: 'Na3', a5a6: 'Na6' }, next: {
            a5a3: { fen: '5', accept: ['b:a4a3'], next: {
              'b:a4a3': { fen: '6', end: 'checkmate' },
            } },
            a5a6: { fen: '5b' },
          } },
        } },
      } },
    } },
  },
};

const line = ['a7a5', 'b:a3a2', 'a3a4', 'b:a10a7', 'a5a3', 'b:a4a3'];
const moves = { a7a5: 'Na5', a3a4: 'Ka4', a5a3: 'Na3' };

// state is the engine's state after n actions of line: under bans its
// last is the last move, not the last action.
function state(n) {
  const coords = line.slice(0, n);
  const lastMove = coords.filter((c) => !isBan(c)).pop();
  return { coords, cursor: n, last: lastMove ? { coord: lastMove, san: moves[lastMove] } : null };
}

test('the tree is followed through the opponent\'s move and ban to the end', () => {
  let n = tree;
  for (let i = 1; i <= line.length; i++) {
    const st = state(i);
    assert.equal(lastAction(st), line[i - 1]);
    n = follow(n, lastAction(st));
    assert.ok(n, 'lost the tree after ' + line.slice(0, i).join(' '));
  }
  assert.equal(n.end, 'checkmate');
  // Following the state's last move (what the trainer did) loses the
  // line at the opponent's ban.
  let old = tree;
  for (let i = 1; i <= 4 && old; i++) old = follow(old, state(i).last.coord);
  assert.equal(old, null);
});

test('lastAction reads the action list at the cursor', () => {
  assert.equal(lastAction({ coords: [], cursor: 0 }), '');
  assert.equal(lastAction({ coords: ['a7a5', 'b:a3a2', 'a3a4'], cursor: 2 }), 'b:a3a2');
});

test('the tree judges the player\'s actions it holds, and only those', () => {
  const atBan = follow(tree, 'a7a5');
  assert.equal(verdict(atBan, 'b:a3a2'), true);
  assert.equal(verdict(atBan, 'b:a3a4'), false);
  assert.equal(verdict(follow(follow(tree, 'a7a5'), 'b:a3a2'), 'a3a4'), null); // the opponent's turn
  assert.equal(verdict(null, 'a5a3'), null);
  assert.equal(follow(tree, 'toString'), null);
  assert.equal(follow(null, 'a7a5'), null);
});

test('past the tree a ban is judged by the best actions of a proof', () => {
  const a = { method: 'table', bestMoves: [{ coord: 'b:a4a3' }, { coord: 'a5a3' }] };
  assert.deepEqual(bestActions(a), ['b:a4a3', 'a5a3']);
  assert.deepEqual(bestActions({ method: 'search', bestMoves: [{ coord: 'a5a3' }] }), []);
  assert.deepEqual(bestActions(null), []);
});

test('a ban is named by the move it forbids', () => {
  // 1×12, a1 to a12: a White king on a4, a Black knight on a3.
  const board = new Array(12).fill('');
  board[3] = 'wk';
  board[2] = 'bn';
  board[6] = 'wr';
  board[4] = 'wp';
  const st = { board, w: 1 };
  assert.equal(banWords(st, 'b:a4a3'), 'Kxa3');
  assert.equal(banWords(st, 'b:a7a6'), 'Ra6');
  assert.equal(banWords(st, 'b:a5a6'), 'a6');
  assert.equal(banWords(st, 'b:a3a1'), 'Na1');
  assert.equal(actionWords(null, 'b:a7a6', st, 'Ka4'), 'bans Ra6');
  assert.equal(actionWords(tree, 'a7a5', st, 'x'), 'Na5');
  assert.equal(actionWords(null, 'a7a5', st, 'Na5'), 'Na5');
});

test('playedLine writes the line played, numbered, each ban before its move', () => {
  const plain = /** @type {any} */ ({ san: ['Ra4', 'Kb2', 'Ra2#', 'Kc1'], cursor: 3, startSide: 'white', startFullmove: 1 });
  assert.equal(playedLine(plain), '1. Ra4 Kb2 2. Ra2#');
  const black = /** @type {any} */ ({ san: ['Bd2', 'Qxd2'], cursor: 2, startSide: 'black', startFullmove: 47 });
  assert.equal(playedLine(black), '47... Bd2 48. Qxd2');
  const bans = /** @type {any} */ ({ bans: true, san: ['Na3', 'b:Kb2', 'Kb1', 'b:Ra4', 'Nc2#'], cursor: 5, startSide: 'white', startFullmove: 1 });
  assert.equal(playedLine(bans), '1. Na3 (ban Kb2) Kb1 2. (ban Ra4) Nc2#');
  assert.equal(playedLine(/** @type {any} */ ({ san: [], cursor: 0, startSide: 'white', startFullmove: 1 })), '');
});
