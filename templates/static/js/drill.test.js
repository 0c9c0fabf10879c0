import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PlayTable, WIN, DRAW, LOSS } from './playtable.js';
import { load } from './session.js';
import { compareMoves } from './rules-order.js';
import { coord } from './rules-move.js';
import { mateIn } from './rules-outcome.js';
import {
  BANDS, HOLD_MOVES, pickDrill, sample, grade, resultText, taskText, bestText,
} from './drill.js';
import { seeded } from './playtable.js';
import { readBests, recordBest, drillKey, BESTS_KEY } from './drillbests.js';

// The exact table of 1-D Gardner (K, N and R each on eight squares;
// White to move mates in 6), as the build writes it
// (site.TestDrillFixtureFresh keeps it fresh).
const table = new PlayTable(new Uint8Array(readFileSync(new URL('../../testdata/gardner8.tcpt', import.meta.url))));
const startOf = (fen) => load('1d', {}, fen).game.position();
const START = startOf('bk,bn,br,x,x,wr,wn,wk:w');
const band = (id) => BANDS.find((b) => b.id === id);

// line plays from p: the player's moves given, then (after them, and
// for the defender throughout) the table's first best move, until the
// game ends; it returns the moves in coordinates.
function line(p, mine) {
  const q = p.clone();
  const player = q.side;
  const out = [];
  let i = 0;
  for (;;) {
    const m = q.side === player && i < mine.length ? mine[i++] : table.choose(q, 'perfect', compareMoves);
    if (!m) return out;
    out.push(coord(q.b, m));
    q.make(m);
  }
}

test('a seed picks the same drill, and seeds pick different ones', () => {
  const a = pickDrill(table, START, band('medium'), 7);
  assert.deepEqual(pickDrill(table, START, band('medium'), 7), a);
  const seen = new Set();
  for (let s = 1; s <= 12; s++) seen.add(pickDrill(table, START, band('medium'), s).start);
  assert.ok(seen.size >= 3, `12 seeds gave ${seen.size} drills`);
});

test('a drill of a band is in the table with the value it claims', () => {
  for (const id of ['easy', 'medium']) {
    for (let s = 1; s <= 8; s++) {
      const d = pickDrill(table, START, band(id), s);
      const e = table.probe(startOf(d.start));
      assert.equal(e.value, WIN, d.start);
      assert.equal(mateIn(true, e.dtm), d.mateIn, d.start);
      assert.ok(d.mateIn >= band(id).min && d.mateIn <= band(id).max, `${id}: mate in ${d.mateIn}`);
      assert.equal(d.side, startOf(d.start).side);
      assert.match(d.start, / 0 1$/);
    }
  }
});

test('Hard takes the longest wins met when the table has none of 7', () => {
  const longest = Math.max(...sample(table, START, seeded(3)).filter((s) => s.value === WIN).map((s) => mateIn(true, s.dtm)));
  assert.equal(longest, 6);
  assert.equal(pickDrill(table, START, band('hard'), 3).mateIn, 6);
});

test('a draw to hold is a drawn position where a move loses', () => {
  const d = pickDrill(table, START, band('hold'), 5);
  assert.equal(d.goal, 'draw');
  const p = startOf(d.start);
  assert.equal(table.probe(p).value, DRAW);
  assert.ok(table.moveValues(p, compareMoves).some((mv) => mv.value === LOSS));
});

test('best moves lose nothing: won in the distance to mate', () => {
  const g = grade(table, START, 'win', line(START, []));
  assert.equal(g.state, 'won');
  assert.equal(g.steps.length, 6);
  assert.equal(g.lost, 0);
  assert.equal(resultText({ start: '', side: 'white', goal: 'win', mateIn: 6 }, g), 'Won in 6 moves — perfect play.');
});

// The first position met with two winning moves of different speeds.
function twoWins() {
  for (const s of sample(table, START, seeded(1))) {
    const mvs = s.value === WIN ? table.moveValues(s.p, compareMoves) : null;
    const wins = (mvs || []).filter((mv) => mv.value === WIN).sort((a, b) => a.dtm - b.dtm);
    if (wins.length > 1 && wins[wins.length - 1].dtm > wins[0].dtm) return { p: s.p, fast: wins[0], slow: wins[wins.length - 1] };
  }
  throw new Error('no position with a slower win');
}

test('a slower winning move loses the difference in moves', () => {
  const { p, fast, slow } = twoWins();
  const lost = (slow.dtm - fast.dtm) / 2;
  const d = { start: '', side: p.side, goal: 'win', mateIn: mateIn(true, fast.dtm) };
  const g = grade(table, p, 'win', line(p, [slow.move]));
  assert.equal(g.state, 'won');
  assert.equal(g.steps[0].lost, lost);
  assert.ok(g.steps.slice(1).every((s) => s.lost === 0));
  assert.equal(g.lost, lost);
  // Against perfect defence the moves played are the fastest mate and
  // the moves lost.
  assert.equal(g.steps.length, d.mateIn + lost);
  assert.equal(resultText(d, g), `Won in ${d.mateIn + lost} moves; perfect was ${d.mateIn} — ${lost} move${lost === 1 ? '' : 's'} lost.`);
  // Midway the grade says how it stands.
  const mid = grade(table, p, 'win', line(p, [slow.move]).slice(0, 1));
  assert.equal(mid.state, 'playing');
  assert.match(resultText(d, mid), new RegExp(`^1 move played, ${lost} moves? lost so far\\. `));
});

test('a move that throws the win away slips the drill there', () => {
  // Any move but 1. Na4, the only win of the start.
  const bad = table.moveValues(START, compareMoves).find((mv) => mv.value !== WIN);
  const first = coord(START.b, bad.move);
  const g = grade(table, START, 'win', line(START, [bad.move]).slice(0, 3));
  assert.equal(g.state, 'slipped');
  assert.equal(g.steps.length, 1);
  assert.equal(g.steps[0].value, bad.value);
  const words = resultText({ start: '', side: 'white', goal: 'win', mateIn: 6 }, g);
  const value = { [DRAW]: 'a draw', [LOSS]: 'a loss' }[bad.value];
  assert.equal(words, `The win slipped at move 1: ${g.steps[0].san} — ${value}; best Na4.`);
  assert.equal(g.steps[0].san.slice(-2), first.slice(2, 4));
  assert.equal(g.steps[0].best, 'Na4');
});

test('a draw held for its moves, or slipped to a loss', () => {
  const d = pickDrill(table, START, band('hold'), 5);
  const p = startOf(d.start);
  const drawn = line(p, []).slice(0, 2 * HOLD_MOVES);
  const g = grade(table, p, 'draw', drawn);
  if (g.steps.length >= HOLD_MOVES) assert.equal(g.state, 'held');
  else assert.ok(g.state === 'held' && g.ended, 'ended early but held');
  assert.equal(g.lost, 0);
  const losing = table.moveValues(p, compareMoves).find((mv) => mv.value === LOSS);
  const s = grade(table, p, 'draw', [coord(p.b, losing.move)]);
  assert.equal(s.state, 'slipped');
  assert.match(resultText(d, s), /^The draw slipped at move 1: .+ — a loss; best .+\.$/);
  assert.match(taskText(d), /to play and hold the draw for 10 moves/);
  const win = { start: '', side: 'black', goal: 'win', mateIn: 3, name: 'Rook against knight' };
  assert.equal(taskText(win), 'Rook against knight. Black to play and win: mate in 3 against perfect defence.');
  assert.equal(taskText(win, true), 'Rook against knight. Black to play and win: the race in 3 against perfect defence.');
});

test('a game ended by a rule of the whole game ends the drill', () => {
  const over = { winner: '', reason: 'threefold-repetition' };
  const g = grade(table, START, 'win', [], over);
  assert.equal(g.state, 'slipped');
  assert.equal(resultText({ start: '', side: 'white', goal: 'win', mateIn: 6 }, g), 'The win slipped: the game ended (threefold repetition) after 0 moves.');
  assert.equal(grade(table, START, 'draw', [], over).state, 'held');
});

test('the best of each drill is kept, and a damaged store reads as empty', () => {
  const store = new Map();
  const storage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)) };
  const key = drillKey('gardner', { start: 'k/n/r/1/1/R/N/K w - - 0 1', side: 'white', goal: 'win', mateIn: 6 });
  assert.equal(key, 'gardner k/n/r/1/1/R/N/K w - -');
  const won = (n, lost) => ({ steps: new Array(n).fill({ san: '', lost: 0, value: WIN, best: '' }), lost, state: 'won' });
  assert.deepEqual(recordBest(storage, key, won(8, 2)), { best: { moves: 8, lost: 2 }, improved: true });
  assert.deepEqual(recordBest(storage, key, won(9, 3)), { best: { moves: 8, lost: 2 }, improved: false });
  assert.deepEqual(recordBest(storage, key, { ...won(3, 0), state: 'slipped' }), { best: { moves: 8, lost: 2 }, improved: false });
  assert.deepEqual(recordBest(storage, key, won(6, 0)), { best: { moves: 6, lost: 0 }, improved: true });
  assert.equal(bestText(readBests(storage)[key], 'win'), 'Your best: won in 6 moves, perfect.');
  store.set(BESTS_KEY, JSON.stringify({ [key]: { moves: 6, lost: 0 }, bad: { moves: -1, lost: 0 }, worse: 'x' }));
  assert.deepEqual(Object.keys(readBests(storage)), [key]);
  store.set(BESTS_KEY, '{not json');
  assert.deepEqual(readBests(storage), {});
});
