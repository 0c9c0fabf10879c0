// @ts-check
// The twin of engine/rules.go: the rule presets and the overrides a mode
// sets on them (every rule set but Ban Chess is played here). The
// presets and the rules' names are generated (rules-data.js).

import { goQuote } from './rules-strconv.js';
import { letterType } from './rules-piece.js';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, LETTERS, RACE, PRESETS, RULE_NAMES, BOOL_RULES, RULE_DEFAULTS, PRESET_RULES } from './rules-data.js';

/**
 * preset returns the rules of a named preset (engine.Preset), from the
 * generated tables of rules-data.js.
 * @param {string} name
 * @returns {RuleSet}
 */
export function preset(name) {
  if (!PRESETS.includes(name)) throw new Error(`unknown variant ${goQuote(name)} (want one of ${PRESETS.join(', ')})`);
  return { ...RULE_DEFAULTS, preset: name, ...PRESET_RULES[name] };
}

/**
 * defaultRules is engine.DefaultRules: 1d on a one-file board, else chess.
 * @param {number} w
 * @returns {RuleSet}
 */
export const defaultRules = (w) => preset(w === 1 ? '1d' : 'chess');

/**
 * setBool is Rules.SetBool.
 * @param {RuleSet | {}} r
 * @param {string} name
 * @param {boolean} v
 */
function setBool(r, name, v) {
  if (Object.hasOwn(BOOL_RULES, name)) {
    r[BOOL_RULES[name]] = v;
  } else if (name === 'promotion') {
    if (v) throw new Error('promotion: want a list of piece letters such as [q, r, b, n], or false');
    r['promotion'] = 0;
  } else if (RULE_NAMES.includes(name)) {
    throw new Error(`rule ${goQuote(name)} does not take true or false`);
  } else {
    throw new Error(`unknown rule ${goQuote(name)} (want one of ${RULE_NAMES.join(', ')})`);
  }
}

/**
 * applyRules sets rule overrides in sorted order, as bridge.applyRules
 * does with SetBool, SetGoal and SetPromotion.
 * @param {RuleSet} r
 * @param {Record<string, unknown> | null | undefined} rules
 */
export function applyRules(r, rules) {
  for (const k of Object.keys(rules || {}).sort()) {
    const x = rules[k];
    if (k === 'goal') {
      if (typeof x !== 'string') throw new Error('goal: want "checkmate" or "race"');
      if (x !== 'checkmate' && x !== 'race') throw new Error(`unknown goal ${goQuote(x)} (want checkmate or race)`);
      r.goal = x === 'race' ? RACE : 0;
    } else if (k === 'promotion' && Array.isArray(x)) {
      let m = 0;
      for (const l of x) {
        const t = typeof l === 'string' ? letterType(l[0] || '') : 0;
        if (typeof l !== 'string' || l.length !== 1 || !t || t === PAWN) {
          throw new Error(`promotion: ${goQuote(String(l))} is not a piece letter (want q, r, b, n or k)`);
        }
        m |= 1 << t;
      }
      r.promotion = m;
    } else if (typeof x === 'boolean') {
      setBool(r, k, x);
    } else {
      setBool({}, k, false); // throws for an unknown rule
      throw new Error(`${k}: want true or false`);
    }
  }
}

/**
 * promotionTypes is Rules.PromotionTypes, queen first.
 * @param {RuleSet} r
 * @returns {number[]}
 */
export const promotionTypes = (r) => [QUEEN, ROOK, BISHOP, KNIGHT, KING].filter((t) => r.promotion & (1 << t));

/**
 * promotionLetters lists the letters a pawn may promote to under r.
 * @param {RuleSet} r
 * @returns {string[]}
 */
export const promotionLetters = (r) => promotionTypes(r).map((t) => LETTERS[t]);
