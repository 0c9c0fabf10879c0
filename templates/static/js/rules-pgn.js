// @ts-check
// The twin of engine/game/pgn.go, the half the page needs: a game written in
// PGN export format (Game.PGN). Reading PGN stays in Go.

import { fen } from './rules-fen.js';
import { isResult } from './rules-san.js';
import { numbered } from './rules-label.js';
import { ruleOverrides } from './rules-game.js';

const CHESS_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/**
 * pgn writes the game g in PGN export format (Game.PGN): the seven-tag
 * roster, the variant's tags, the other tags sorted, the numbered moves
 * wrapped at 80 columns and the result.
 * @param {import('./rules-game.js').Game} g
 * @param {Record<string, string>} [tags]
 * @returns {string}
 */
export function pgn(g, tags = {}) {
  const t = { ...tags };
  for (const k of ['Variant', 'SetUp', 'FEN', 'Rules']) delete t[k];
  let res = g.result();
  const given = tags.Result;
  if (res === '*' && isResult(given) && given !== '½-½') res = given;
  t.Result = res;
  const start = g.start();
  const r = start.r;
  if (r.preset !== 'chess') t.Variant = r.preset;
  const f = fen(start);
  if (r.preset !== 'chess' || f !== CHESS_START) {
    t.SetUp = '1';
    t.FEN = f;
  }
  const over = ruleOverrides(r);
  if (Object.keys(over).length) {
    t.Rules = Object.keys(over).sort().map((k) => `${k}=${Array.isArray(over[k]) ? over[k].join('') : over[k]}`).join(' ');
  }
  let out = '';
  const tag = (name, value) => {
    out += `[${name} "${value.replace(/[\\"\n\r]/g, (c) => ({ '\\': '\\\\', '"': '\\"', '\n': ' ', '\r': ' ' })[c])}"]\n`;
  };
  const roster = [['Event', '?'], ['Site', '?'], ['Date', '????.??.??'], ['Round', '?'], ['White', '?'], ['Black', '?'], ['Result', '*']];
  for (const [name, blank] of roster) {
    tag(name, Object.hasOwn(t, name) ? t[name] : blank);
    delete t[name];
  }
  for (const k of ['Variant', 'Rules', 'SetUp', 'FEN']) {
    if (Object.hasOwn(t, k)) { tag(k, t[k]); delete t[k]; }
  }
  for (const k of Object.keys(t).sort()) tag(k, t[k]); // code-unit order: Go's byte order but for astral text
  out += '\n';
  const words = numbered(g.sanHistory(), start.us, start.fullmove);
  words.push(res);
  let width = 0;
  words.forEach((w, i) => {
    if (i > 0 && width + 1 + w.length > 80) { out += '\n'; width = 0; } else if (i > 0) { out += ' '; width++; }
    out += w;
    width += w.length;
  });
  return out + '\n';
}
