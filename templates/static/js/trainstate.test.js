import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TrainState, parseFilter, filterWords, filterChosen, clockText, isMode, NO_FILTER,
  STORM_SECONDS, STORM_PENALTY, STORM_BONUS, STREAK_START, STREAK_STEP, STORM_START, STORM_STEP,
} from './trainstate.js';

// at is a clock set by hand.
function at(ms) {
  const c = { t: ms, now: () => c.t };
  return c;
}

const entry = (id) => ({ id, title: id, rating: 1000, puzzle: { task: '', side: 'white' } });
const clean = { mistakes: 0, hints: 0, shown: false };
const names = { packs: { tm: 'Test mates' }, families: { '1d': '1-D' }, kinds: { hold: 'Hold the draw' }, themes: { mateIn1: 'Mate in 1' } };

test('parseFilter reads the fields, numbers as numbers, 0 for none', () => {
  const cases = [
    { raw: {}, want: { ...NO_FILTER } },
    { raw: { pack: 'tm', min: '1200', max: '', unsolved: false, difficulty: '-300' }, want: { ...NO_FILTER, pack: 'tm', min: 1200, unsolved: false, difficulty: -300 } },
    { raw: { min: 'abc', max: '-5', difficulty: 'x' }, want: { ...NO_FILTER } },
    { raw: { theme: 'mateIn1', max: 1800, difficulty: 300 }, want: { ...NO_FILTER, theme: 'mateIn1', max: 1800, difficulty: 300 } },
  ];
  for (const c of cases) assert.deepEqual(parseFilter(c.raw), c.want, JSON.stringify(c.raw));
});

test('filterWords says what is chosen, with the names of the index, for the mode', () => {
  const cases = [
    { f: {}, mode: 'rated', want: 'All puzzles' },
    { f: { pack: 'tm', theme: 'mateIn1' }, mode: 'rated', want: 'Pack Test mates · Theme Mate in 1' },
    { f: { family: '1d', kind: 'hold' }, mode: 'streak', want: 'Board 1-D · Kind Hold the draw' },
    { f: { theme: 'unknownTheme' }, mode: 'storm', want: 'Theme unknownTheme' },
    { f: { difficulty: 300 }, mode: 'rated', want: 'Harder' },
    { f: { difficulty: -300 }, mode: 'practice', want: 'All puzzles' },
    { f: { min: 1200, max: 1600 }, mode: 'practice', want: 'Rated 1200–1600' },
    { f: { min: 1200 }, mode: 'practice', want: 'Rated 1200 and up' },
    { f: { max: 900, unsolved: false }, mode: 'practice', want: 'Rated up to 900 · solved ones too' },
    { f: { max: 900, unsolved: false }, mode: 'rated', want: 'All puzzles' },
    { f: { pack: 'tm', min: 1200, max: 1600, unsolved: false, difficulty: 300 }, mode: 'sets', want: 'Pack Test mates · Rated 1200–1600' },
  ];
  for (const c of cases) {
    const f = { ...NO_FILTER, ...c.f };
    assert.equal(filterWords(f, c.mode, names), c.want, JSON.stringify(c));
    assert.equal(filterChosen(f, c.mode, names), c.want !== 'All puzzles');
  }
});

test('clockText and isMode', () => {
  for (const [s, want] of [[180, '3:00'], [179.2, '3:00'], [61, '1:01'], [9.5, '0:10'], [0, '0:00'], [-4, '0:00']]) assert.equal(clockText(s), want);
  assert.equal(isMode('storm'), true);
  assert.equal(isMode('blitz'), false);
  assert.equal(new TrainState('blitz', at(0).now).mode, 'rated');
});

test('a Streak: clean solves score and bring the next puzzle; a mistake ends it and keeps the record', () => {
  const c = at(0);
  const s = new TrainState('streak', c.now);
  const rec = { streak: 1, storm: 0 };
  assert.equal(s.target(), STREAK_START);
  s.open(entry('a'));
  assert.deepEqual(s.solved(clean), { clean: true, next: true });
  assert.equal(s.target(), STREAK_START + STREAK_STEP);
  s.open(entry('b'));
  assert.deepEqual(s.right(), {}, 'no combo in a streak');
  assert.deepEqual(s.solved(clean), { clean: true, next: true });
  s.open(entry('c'));
  assert.match(s.status(rec), /^Streak 2 · best 1$/);
  assert.deepEqual(s.mistake(rec), { ended: { mode: 'streak', score: 2, best: true, record: 2 } });
  assert.equal(rec.streak, 2);
  assert.equal(s.outcome, 'fail');
  assert.match(s.status(rec), /the streak is over/);
  // Solving after the end scores nothing; Next starts a new run.
  assert.deepEqual(s.solved(clean), { clean: false });
  assert.deepEqual(s.skip(rec), {});
  assert.equal(s.run.score, 0);
  assert.equal(s.run.over, false);
});

test('a Streak ends on a hint and on a skipped puzzle', () => {
  const rec = { streak: 5, storm: 0 };
  const s = new TrainState('streak', at(0).now);
  s.open(entry('a'));
  assert.deepEqual(s.hinted(rec), { ended: { mode: 'streak', score: 0, best: false, record: 5 } });
  s.skip(rec);
  s.open(entry('b'));
  const e = s.skip(rec);
  assert.equal(e.stay, true);
  assert.equal(e.ended.mode, 'streak');
  assert.equal(s.run.over, true);
});

test('a Storm: the clock, the combo bonus, the penalty, the end at zero', () => {
  const c = at(1000);
  const s = new TrainState('storm', c.now);
  const rec = { streak: 0, storm: 3 };
  assert.equal(s.hintsAllowed(), false);
  assert.equal(s.left(), STORM_SECONDS);
  assert.equal(s.clockShare(), 1);
  assert.equal(s.target(), STORM_START);
  s.open(entry('a'));
  c.t += 5000; // the puzzle loads: the clock waits for the first move
  assert.equal(s.left(), STORM_SECONDS);
  assert.deepEqual(s.tick(rec), {});
  assert.match(s.status(rec), /^Storm 3:00 /);
  for (let i = 1; i < 5; i++) assert.deepEqual(s.right(), {});
  assert.equal(s.comboShare(), 0.8);
  assert.deepEqual(s.right(), { bonus: STORM_BONUS });
  assert.equal(s.comboShare(), 0);
  assert.equal(s.left(), STORM_SECONDS + STORM_BONUS);
  assert.equal(s.clockShare(), 1, 'the bar is full, not over-full');
  assert.deepEqual(s.solved(clean), { clean: true, next: true });
  assert.equal(s.target(), STORM_START + STORM_STEP);
  s.open(entry('b'));
  assert.deepEqual(s.mistake(rec), { penalty: STORM_PENALTY, next: true });
  assert.equal(s.run.combo, 0);
  assert.equal(s.left(), STORM_SECONDS + STORM_BONUS - STORM_PENALTY);
  c.t += 60 * 1000;
  assert.equal(s.status(rec), 'Storm 1:53 · score 1 · combo 0 · best 3');
  assert.deepEqual(s.tick(rec), {});
  c.t += 200 * 1000;
  assert.deepEqual(s.tick(rec), { ended: { mode: 'storm', score: 1, best: false, record: 3 } });
  assert.deepEqual(s.tick(rec), {}, 'a run ends once');
  assert.equal(s.left(), 0);
  assert.match(s.status(rec), /^Storm over · score 1 · best 3/);
});

test('a mistake past the Storm clock ends it', () => {
  const c = at(0);
  const s = new TrainState('storm', c.now);
  const rec = { streak: 0, storm: 0 };
  s.open(entry('a'));
  s.right();
  s.solved(clean);
  c.t = (STORM_SECONDS - 5) * 1000;
  assert.deepEqual(s.mistake(rec), { ended: { mode: 'storm', score: 1, best: true, record: 1 } });
});

test('an abandoned run keeps its record: another mode, or the page left', () => {
  const rec = { streak: 2, storm: 0 };
  const s = new TrainState('streak', at(0).now);
  assert.deepEqual(s.setMode('storm', rec), {}, 'an empty run is no record');
  s.open(entry('a'));
  s.solved(clean);
  s.open(entry('b'));
  s.solved(clean);
  assert.deepEqual(s.abandon(rec), { ended: { mode: 'storm', score: 2, best: true, record: 2 } });
  assert.equal(rec.storm, 2);
  assert.deepEqual(s.abandon(rec), {}, 'once');
  s.setMode('streak', rec);
  for (const id of ['c', 'd', 'e']) { s.open(entry(id)); s.solved(clean); }
  assert.deepEqual(s.setMode('rated', rec), { ended: { mode: 'streak', score: 3, best: true, record: 3 } });
  assert.equal(s.run, null);
  assert.equal(s.status(rec), '');
});

test('the attempt is decided once; a hinted or erred solve is not clean', () => {
  const s = new TrainState('rated', at(0).now);
  assert.equal(s.decide(true), false, 'no puzzle');
  s.open(entry('a'));
  assert.equal(s.decide(false), true);
  assert.equal(s.decide(true), false);
  assert.equal(s.outcome, 'fail');
  s.open(entry('b'));
  assert.deepEqual(s.solved({ mistakes: 0, hints: 1, shown: false }), { clean: false });
  s.open(entry('c'));
  assert.deepEqual(s.solved({ mistakes: 0, hints: 0, shown: true }), { clean: false });
  s.open(entry('d'));
  assert.deepEqual(s.solved(clean), { clean: true });
  assert.equal(s.outcome, 'ok');
});

test('a hint lowers the score of a solve rather than failing the attempt; restarts keep the hints', () => {
  const s = new TrainState('rated', at(0).now);
  s.open(entry('a'));
  assert.deepEqual(s.hinted({ streak: 0, storm: 0 }), {});
  assert.equal(s.outcome, null, 'a hint decides nothing yet');
  // The puzzle was restarted after the hint: it reports no hints, the state keeps one.
  assert.equal(s.score(clean), 0.5);
  assert.equal(s.score({ mistakes: 0, hints: 2, shown: false }), 0.25);
  assert.equal(s.score({ mistakes: 0, hints: 1, shown: true }), 0);
  assert.deepEqual(s.solved(clean), { clean: false });
  assert.equal(s.outcome, 'hinted');
  s.open(entry('b'));
  assert.equal(s.score(clean), 1, 'a new puzzle starts with no hint');
  assert.equal(s.decide(1), true);
  assert.equal(s.outcome, 'ok');
  s.open(entry('c'));
  s.decide(0);
  assert.equal(s.outcome, 'fail');
});
