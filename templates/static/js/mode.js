// @ts-check
// A mode page that plays a game, opened on a linked line of moves
// (?moves=) when the URL has one. A mode page that is a puzzle loads
// puzzlepage.js instead (the build chooses), so a game's page does not
// load the puzzle's code. Its "Review this game" is reviewpanel.js's.
import './prefs.js';
import { Game } from './game.js';
import { modePage } from './linked.js';
import { ReviewPanel } from './reviewpanel.js';

modePage((data, root) => {
  const review = new ReviewPanel(root);
  const g = new Game({ data: data, root: root, onState: (s) => review.update(s) });
  review.attach(g);
  return g;
});
