// @ts-check
// A hint for every puzzle, made from its proof: at the player's turn the
// solution tree lists every move that keeps the best result (Accept), so
// hint 1 shows the piece to move and hint 2 its square; where the player
// bans (Ban Chess), the hint names the opponent's move to ban; a hold's
// first hint is the danger the build read from the refutation of its
// tempting wrong move (puzzle.danger). An author's own hints come first
// at the start. Nothing here is stored in the chunks but the danger: the
// rest comes from the tree the trainer already has. Pure: Node tests it.
import { typeName } from './squares.js';

/**
 * HintStep is one hint as the puzzle shows it: its words, the squares it
 * highlights, and a move (SAN) whose origin the page highlights too (an
 * author's hint).
 * @typedef {{text: string, squares: string[], move?: string}} HintStep
 */

const COORD = /^(?:[mb]:)?([a-p](?:1[0-6]|[1-9]))([a-p](?:1[0-6]|[1-9]))([a-z]?)$/;

/**
 * squaresOf reads an action of the tree ("a9a10", "m:e7e8q", "b:a4a3")
 * into its squares, or null.
 * @param {string} coord
 * @returns {{from: string, to: string, promo: string, ban: boolean} | null}
 */
export function squaresOf(coord) {
  const m = COORD.exec(coord);
  return m ? { from: m[1], to: m[2], promo: m[3], ban: coord.startsWith('b:') } : null;
}

/**
 * pieceAt is the piece letter on a square of a FEN's board ("R" a white
 * rook, "n" a black knight), "" when the square is empty or off the
 * board. Ranks run from the top, empty runs are numbers (10 and more on
 * tall boards).
 * @param {string} fen
 * @param {string} square
 * @returns {string}
 */
export function pieceAt(fen, square) {
  const ranks = fen.split(' ')[0].split('/');
  const file = square.charCodeAt(0) - 97;
  const row = ranks[ranks.length - parseInt(square.slice(1), 10)];
  if (row === undefined) return '';
  let f = 0;
  for (let i = 0; i < row.length && f <= file; i++) {
    const c = row[i];
    if (c >= '0' && c <= '9') {
      let n = c;
      while (i + 1 < row.length && row[i + 1] >= '0' && row[i + 1] <= '9') n += row[++i];
      f += parseInt(n, 10);
    } else if (/[a-zA-Z]/.test(c)) {
      if (f === file) return c;
      f++;
    }
  }
  return '';
}

/** @param {string} side */
const title = (side) => side.charAt(0).toUpperCase() + side.slice(1);
/** @param {string} side */
const other = (side) => (side === 'white' ? 'black' : 'white');

/**
 * pieceWord names the piece on a square of a node's position: "rook".
 * @param {string} fen
 * @param {string} square
 */
function pieceWord(fen, square) {
  const p = pieceAt(fen, square);
  return p ? typeName(p.toLowerCase()) : 'piece';
}

/**
 * list joins words as people do: "a", "a or b", "a, b or c".
 * @param {string[]} xs
 */
function list(xs) {
  return xs.length < 2 ? xs.join('') : xs.slice(0, -1).join(', ') + ' or ' + xs[xs.length - 1];
}

/**
 * moveHints are the piece to move and its square, for the moves the
 * node accepts (the first is the one hint 2 shows).
 * @param {wire.TreeNode} node
 * @param {{from: string, to: string, promo?: string}[]} moves
 * @returns {HintStep[]}
 */
function moveHints(node, moves) {
  const froms = Array.from(new Set(moves.map((m) => m.from)));
  const pieces = froms.map((sq) => 'your ' + pieceWord(node.fen, sq) + ' on ' + sq);
  const first = moves[0];
  const others = moves.length - 1;
  return [
    { text: 'Move ' + list(pieces) + '.', squares: froms },
    {
      text: 'The ' + pieceWord(node.fen, first.from) + ' goes from ' + first.from + ' to ' + first.to +
        (first.promo ? ' and becomes a ' + typeName(first.promo) : '') + '.' +
        (others ? ' (' + others + (others === 1 ? ' other move works' : ' other moves work') + ' too.)' : ''),
      squares: [first.from, first.to],
    },
  ];
}

/**
 * banHint names the opponent's move to ban, for the bans the node
 * accepts.
 * @param {wire.TreeNode} node
 * @param {{from: string, to: string}[]} bans
 * @param {string} side the player's colour
 * @returns {HintStep}
 */
function banHint(node, bans, side) {
  const them = title(other(side));
  const words = bans.map((b) => them + '’s ' + pieceWord(node.fen, b.from) + ' move ' + b.from + '–' + b.to);
  const squares = Array.from(new Set(bans.flatMap((b) => [b.from, b.to])));
  return { text: 'Ban ' + list(words) + ': that is the move that would save ' + them + '.', squares };
}

/**
 * dangerHint words a hold's danger: the threat its tempting wrong move
 * allows.
 * @param {wire.Danger} d
 * @param {string} side the player's colour
 * @returns {HintStep | null}
 */
export function dangerHint(d, side) {
  const r = squaresOf(d.reply);
  if (!r) return null;
  const them = title(other(side));
  return {
    text: 'Danger: after ' + d.move + '?, ' + them + ' answers ' + d.replySan + ' and wins in ' + d.winIn + (d.winIn === 1 ? ' move.' : ' moves.'),
    squares: [r.from, r.to],
  };
}

/**
 * hintSteps are the hints at a node of a puzzle's tree where the player
 * acts, in the order they are shown; root says the node is the start.
 * At the start an author's hints come first; a hold's danger comes
 * before the piece. Empty when the node is past the tree or not the
 * player's.
 * @param {{side: string, hints?: wire.Hint[], danger?: wire.Danger, tree?: wire.TreeNode | null}} puzzle
 * @param {wire.TreeNode | null} node
 * @param {boolean} root
 * @returns {HintStep[]}
 */
export function hintSteps(puzzle, node, root) {
  if (root && puzzle.hints && puzzle.hints.length) {
    return puzzle.hints.map((h) => ({ text: h.text, squares: (h.squares || []).slice(), move: h.move || undefined }));
  }
  if (!node || !node.accept || !node.accept.length) return [];
  const acts = node.accept.map(squaresOf).filter((a) => !!a);
  if (!acts.length) return [];
  const bans = acts.filter((a) => a.ban);
  if (bans.length) return [banHint(node, bans, puzzle.side)];
  const steps = moveHints(node, acts);
  const d = root && puzzle.danger ? dangerHint(puzzle.danger, puzzle.side) : null;
  return d ? [d, ...steps] : steps;
}
