// @ts-check
// A mode page that plays a game, opened on a linked line of moves
// (?moves=) when the URL has one. A mode page that is a puzzle loads
// puzzlepage.js instead (the build chooses), so a game's page does not
// load the puzzle's code.
import './prefs.js';
import { $, json, onPage } from './dom.js';
import { Game } from './game.js';
import { openMode } from './linked.js';

onPage('mode', () => {
  const data = json('mode-data');
  if (!data) return null;
  const c = new Game({ data: data, root: $('main') });
  openMode(c);
  return c;
});
