// @ts-check
// A mode page: a game, or a puzzle when the mode has a solution tree,
// opened on a linked line of moves (?moves=) when the URL has one.
import './prefs.js';
import { $, json, announce, onPage } from './dom.js';
import { Game } from './game.js';
import { Puzzle } from './puzzle.js';
import { linkedMoves } from './position.js';

// playFrom plays a linked line from the start (out of the puzzle checker,
// if any), then lets the player take the side to move against the
// computer. A line that cannot be played stops at its first bad move and
// says so. c is the page's Game or Puzzle.
/**
 * @param {Game | Puzzle} c
 * @param {ReturnType<typeof linkedMoves>} moves
 * @returns {Promise<void>}
 */
export function playFrom(c, moves) {
  const g = c instanceof Puzzle ? c.game : c;
  if (c instanceof Puzzle) c.free();
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

onPage('mode', () => {
  const data = json('mode-data');
  if (!data) return null;
  const root = $('main');
  const c = data.puzzle && data.puzzle.tree ? new Puzzle({ data: data, root: root }) : new Game({ data: data, root: root });
  const moves = linkedMoves(new URLSearchParams(location.search).get('moves'));
  c.start().then(() => {
    if (moves) return playFrom(c, moves);
  }).catch(() => {});
  return c;
});
