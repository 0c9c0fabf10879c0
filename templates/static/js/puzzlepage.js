// @ts-check
// A mode page that is a puzzle (the mode has a solution tree), opened on
// a linked line of moves (?moves=) when the URL has one; the build gives
// it this entry instead of mode.js.
import './prefs.js';
import { $, json, onPage } from './dom.js';
import { Puzzle } from './puzzle.js';
import { openMode } from './linked.js';

onPage('mode', () => {
  const data = json('mode-data');
  if (!data) return null;
  const c = new Puzzle({ data: data, root: $('main') });
  openMode(c);
  return c;
});
