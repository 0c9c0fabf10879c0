// @ts-check
// A mode page that plays a game from the mode's table: mode.js's game,
// with the Drill box (drillpage.js) graded on every state of it. The
// build chooses this entry for such pages, so that a page without a
// table does not load the drills' code.
import './prefs.js';
import { gamePage } from './linked.js';
import { DrillPanel } from './drillpage.js';

gamePage((game) => {
  const drills = new DrillPanel(game);
  return (s) => drills.update(s);
});
