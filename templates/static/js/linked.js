// @ts-check
// A mode page opened on a linked line of moves (?moves=, as the state
// graph's explorer links it): shared by the game's entries (mode.js,
// drillmode.js) and the puzzle's (puzzlepage.js). A game's page shows
// "Review this game" once the player has moved against the computer; its
// code (reviewpanel.js, an entry of its own) loads only when it is
// pressed, so a game's page does not carry it.
import { $, json, announce, onPage } from './dom.js';
import { linkedMoves } from './position.js';
import { Game } from './game.js';
import { reviewable } from './moves.js';


// playFrom plays a linked line from the start (out of the puzzle checker,
// if any), then lets the player take the side to move against the
// computer. A line that cannot be played stops at its first bad move and
// says so. c is the page's Game or Puzzle.
/**
 * @param {Game | {game: Game, free(): void}} c
 * @param {ReturnType<typeof linkedMoves>} moves
 * @returns {Promise<void>}
 */
export function playFrom(c, moves) {
  const g = 'free' in c ? c.game : c;
  if ('free' in c) c.free();
  if (!Array.isArray(moves)) { g.showError(moves.error); return Promise.resolve(); }
  g.cancelPending();
  let played = 0;
  const chain = moves.reduce((p, m) => p.then(() => g.engine.call('play', g.id, m).then((s) => { played++; return s; })), Promise.resolve(g.state));
  return chain.then((s) => {
    g.opponent = (g.data && g.data.opponent) || 'perfect';
    const sel = $('#opponent');
    if (sel) sel.value = g.opponent;
    g.human = s.side;
    g.board.setFlipped(s.side === 'black');
    g.setState(s, false);
    const note = 'Playing from the position after ' + played + (played === 1 ? ' move' : ' moves') + ' of the linked line. You play ' + s.side + '. ' + s.statusText;
    g.setStatus(note);
    announce(note);
  }, (err) => {
    g.showError('Move ' + (played + 1) + ' of the linked line cannot be played: ' + err.message);
    return g.engine.call('state', g.id).then((s) => g.setState(s, false));
  });
}

/**
 * modePage runs a mode page: make(data, root) builds its controller (a
 * Game, or a Puzzle on a puzzle's page) from the page's mode data, which
 * starts and then plays the URL's linked line, if any.
 * @param {(data: any, root: ParentNode) => Game | {game: Game, free(): void, start(): Promise<unknown>}} make
 */
export function modePage(make) {
  onPage('mode', () => {
    const data = json('mode-data');
    if (!data) return null;
    const c = make(data, $('main'));
    const moves = linkedMoves(new URLSearchParams(location.search).get('moves'));
    c.start().then(() => {
      if (moves) return playFrom(c, moves);
    }).catch(() => {});
    return c;
  });
}

/**
 * gamePage runs a game's mode page: its Game with "Review this game",
 * and what more(game) returns, when given, called on every state.
 * @param {(g: Game) => (s: SessionState) => void} [more]
 */
export function gamePage(more) {
  modePage((data, root) => {
    const box = /** @type {HTMLElement|null} */ ($('#game-review', root));
    /** @type {((s: SessionState) => void) | null} */
    let onMore = null;
    const g = new Game({
      data: data, root: root,
      onState: (s) => {
        // Until the panel is loaded (it then follows the game itself).
        if (box && !box.dataset.loaded) box.hidden = !reviewable(s, g.human, g.opponent);
        if (onMore) onMore(s);
      },
    });
    if (more) onMore = more(g);
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
}
