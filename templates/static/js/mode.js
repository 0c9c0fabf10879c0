// @ts-check
// A mode page that plays a game, opened on a linked line of moves
// (?moves=) when the URL has one. A mode page that is a puzzle loads
// puzzlepage.js instead, and one that plays from a table drillmode.js
// (the build chooses), so a game's page carries neither's code.
import './prefs.js';
import { gamePage } from './linked.js';

gamePage();
