// @ts-check
// A mode page that plays a game, opened on a linked line of moves
// (?moves=) when the URL has one. A mode page that is a puzzle loads
// puzzlepage.js instead (the build chooses), so a game's page does not
// load the puzzle's code. A page with a table offers drills
// (drillpage.js), graded on every state of the game.
import './prefs.js';
import { Game } from './game.js';
import { modePage } from './linked.js';
import { drillPanel } from './drillpage.js';

modePage((data, root) => {
  /** @type {import('./drillpage.js').DrillPanel | null} */
  let drills = null;
  const game = new Game({ data: data, root: root, onState: (s) => { if (drills) drills.update(s); } });
  drills = drillPanel(game);
  return game;
});
