// @ts-check
// A mode page that plays a game, opened on a linked line of moves
// (?moves=) when the URL has one. A mode page that is a puzzle loads
// puzzlepage.js instead (the build chooses), so a game's page does not
// load the puzzle's code. "Review this game" shows once the player has
// moved against the computer; its code (reviewpanel.js, an entry of its
// own) loads only when it is pressed, so a game's page does not carry it.
import './prefs.js';
import { $ } from './dom.js';
import { Game } from './game.js';
import { modePage } from './linked.js';
import { reviewable } from './moves.js';

modePage((data, root) => {
  const box = /** @type {HTMLElement|null} */ ($('#game-review', root));
  const g = new Game({
    data: data, root: root,
    // Until the panel is loaded (it then follows the game itself).
    onState: (s) => { if (box && !box.dataset.loaded) box.hidden = !reviewable(s, g.human, g.opponent); },
  });
  const button = $('#review-game', root);
  if (button) {
    button.addEventListener('click', () => {
      if (!box || box.dataset.loaded) return;
      box.dataset.loaded = 'loading';
      const script = Object.assign(document.createElement('script'), { type: 'module', src: button.dataset.module });
      script.onerror = () => {
        delete box.dataset.loaded;
        g.showError('The review could not be loaded' + (navigator.onLine === false ? ': you are offline and it is not saved on this device.' : '.'));
      };
      document.head.appendChild(script);
    });
  }
  return g;
});
