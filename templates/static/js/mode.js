// @ts-check
// A mode page that plays a game, opened on a linked line of moves
// (?moves=) when the URL has one. A mode page that is a puzzle loads
// puzzlepage.js instead (the build chooses), so a game's page does not
// load the puzzle's code.
import './prefs.js';
import { Game } from './game.js';
import { modePage } from './linked.js';

modePage((data, root) => new Game({ data: data, root: root }));
