// @ts-check
// A mode page that is a puzzle (the mode has a solution tree), opened on
// a linked line of moves (?moves=) when the URL has one; the build gives
// it this entry instead of mode.js.
import './prefs.js';
import { Puzzle } from './puzzle.js';
import { modePage } from './linked.js';

modePage((data, root) => new Puzzle({ data: data, root: root }));
