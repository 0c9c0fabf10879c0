// @ts-check
// A mode page that plays a game from the mode's table: mode.js's game,
// with the Drill box (drillpage.js) graded on every state of it. The
// build chooses this entry for such pages, so that a page without a
// table does not load the drills' code.
import './prefs.js';
import { Game } from './game.js';
import { modePage } from './linked.js';
import { DrillPanel } from './drillpage.js';

modePage((data, root) => {
  /** @type {DrillPanel | null} */
  let drills = null;
  const game = new Game({ data: data, root: root, onState: (s) => { if (drills) drills.update(s); } });
  drills = new DrillPanel(game);
  return game;
});
