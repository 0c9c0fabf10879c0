// Unit tests of rules-rules.js, the twin of engine/rules.go: the presets
// built from the generated tables of rules-data.js, and the overrides
// (with rules-game.js's ruleOverrides).
import test from 'node:test';
import assert from 'node:assert/strict';
import { preset, defaultRules, applyRules, promotionLetters } from './rules-rules.js';
import { PRESETS, RULE_DEFAULTS, RACE } from './rules-data.js';
import { ruleOverrides } from './rules-game.js';

test('every preset is a whole rule set under its name', () => {
  for (const name of PRESETS) {
    const r = preset(name);
    assert.deepEqual(Object.keys(r), Object.keys(RULE_DEFAULTS), name);
    assert.equal(r.preset, name);
  }
  assert.equal(defaultRules(1).oneD, true);
  assert.deepEqual(promotionLetters(defaultRules(5)), ['q', 'r', 'b', 'n']);
  assert.deepEqual(promotionLetters(preset('losalamos')), ['q', 'r', 'n']);
  const race = preset('race');
  assert.equal(race.goal, RACE);
  assert.equal(race.insufficientMaterial, false);
  const chess = preset('chess');
  assert.ok(chess.castling && chess.enPassant && chess.doubleStep && chess.fiftyMove && chess.threefold);
});

test('a preset is a fresh object', () => {
  const a = preset('chess');
  a.castling = false;
  applyRules(a, { promotion: ['q'] });
  assert.equal(preset('chess').castling, true);
  assert.deepEqual(promotionLetters(preset('chess')), ['q', 'r', 'b', 'n']);
  assert.equal(RULE_DEFAULTS.promotion, 0);
});

test('unknown presets and rules in engine.Preset\'s words', () => {
  for (const name of ['shogi', 'toString', 'constructor', '']) {
    assert.throws(() => preset(name), { message: `unknown variant "${name}" (want one of 1d, chess, gardner, losalamos, race)` });
  }
  assert.throws(() => applyRules(preset('chess'), { goal: 'mate' }), { message: 'unknown goal "mate" (want checkmate or race)' });
  for (const name of ['castle', 'constructor', 'toString']) {
    assert.throws(() => applyRules(preset('chess'), { [name]: true }), { message: `unknown rule "${name}" (want one of bans, castling, double_step, en_passant, fifty_move, goal, insufficient_material, promote_to_captured, promotion, threefold)` });
  }
  const r = preset('gardner');
  applyRules(r, { goal: 'race', en_passant: true });
  assert.equal(r.goal, RACE);
  assert.equal(r.enPassant, true);
  applyRules(r, { threefold: false });
  // engine.RuleOverrides, the boolean rules in the order of RuleNames.
  assert.deepEqual(Object.entries(ruleOverrides(r)), [['en_passant', true], ['threefold', false], ['goal', 'race']]);
});
