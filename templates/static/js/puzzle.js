// @ts-check
// A puzzle over a Game: the player makes their side's moves, checked
// against the build's solution tree (any optimal move is right); the
// defence is played after a short pause; a wrong move is shown, marked
// and taken back. Hint 1, Hint 2 (with their squares), then the solution
// played out on the board. Everything the puzzle sets to happen later
// (the defence, the solution's next move, a hint's squares, taking back
// a wrong move) goes through its Schedule, which a new puzzle, Restart
// or Play freely cancels: nothing of one puzzle reaches the next. Its
// state is on #puzzle's data-state: "loading", "play" (the player's
// move), "wait" (a move being played or taken back), "solved" (ended:
// solved or the solution shown) or "free".
import { $, $$, el, announce } from './dom.js';
import { Game } from './game.js';
import { sound } from './prefs.js';
import { refutation, opponentPlayed } from './refute.js';
import { hintSteps } from './hints.js';
import { alsoWins, alsoWinsPlies, alsoWinsText } from './alternative.js';
import { Schedule } from './schedule.js';
import { lastAction, follow, verdict, bestActions, actionWords, banWords, isBan, playedLine } from './solution.js';

// PAUSE is how long a move stays before the next is played, in ms.
export const PAUSE = 450;

/**
 * @typedef {object} PuzzleOptions
 * @property {any} data the mode data with .puzzle (its tree, hints, side)
 * @property {ParentNode} [root] the element holding the board and controls
 * @property {EngineClient} [engine]
 * @property {(r: PuzzleResult) => void} [onSolved] the puzzle ended
 * @property {() => void} [onMistake] a wrong move was played
 * @property {() => void} [onRight] a right move was played
 * @property {() => number} [refutationPause] how long a refuted move stays, in ms (1,800 when not given)
 * @property {() => boolean} [hintsAllowed] false hides Hint (Storm)
 * @property {(solution: boolean) => void} [onHint] a hint (or, solution true, the solution) was shown
 * @property {(solution: boolean) => string} [hintCost] what the next hint (or the solution) costs, in words ('' for nothing)
 * @property {() => number} [pause] how long a move stays before the defence or the solution's next move, in ms (PAUSE when not given)
 */

export class Puzzle {
  /** @param {PuzzleOptions} opts */
  constructor(opts) {
    this.opts = opts;
    this.data = opts.data;
    this.root = opts.root || document;
    this.schedule = new Schedule();
    this.active = true;
    /** @type {any} the node of the solution tree reached */
    this.node = null;
    this.hintsShown = 0;
    /** @type {any} the tree node (past the tree, the FEN) the hints shown so far were for, and how many */
    this.hintNode = null;
    this.hintStep = 0;
    this.past = /** @type {{fen: string, accept: string[]} | null} past the tree, the best moves the table proves */ (null);
    this.mistakes = 0;
    this.shown = false;
    this.solved = false;
    this.loading = true;
    this._busy = false;
    /** @type {(() => void)[]} */
    this.idlers = [];
    /** @type {string|null} the refutation of the last wrong move */
    this.refuted = null;
    this.box = /** @type {HTMLElement|null} */ ($('#puzzle', this.root));
    this.feedbackEl = $('#feedback', this.root);
    this.hintsEl = $('#hints', this.root);
    this.hintBtn = /** @type {HTMLButtonElement|null} */ ($('#puzzle [data-action="hint"]', this.root));
    this.game = new Game({
      data: opts.data, root: this.root, engine: opts.engine,
      onUserMove: (from, to, promo) => (this.active ? (this.userMove(from, to, promo), true) : false),
      onUserText: (text) => this.userText(text),
      canMove: () => !this.active || (!this.busy && !this.solved && !this.loading),
      // Said where the puzzle speaks, and not a miss.
      onIllegal: (text) => (this.active ? this.feedback(text, '') : this.game.showError(text)),
      blockControls: (a) => this.blocks(a),
      onState: () => { this.markLast(); this.showState(); },
    });
    this.game.opponent = 'human';
  }

  /** busy: a move is being played, answered or taken back. */
  get busy() { return this._busy; }
  set busy(b) {
    this._busy = b;
    this.showState();
    if (!b) this.idlers.splice(0).forEach((f) => f());
  }

  /** pause is how long a move stays before the next one is played, in ms. */
  pause() { return this.opts.pause ? this.opts.pause() : PAUSE; }

  /** idle resolves once no move is being played. @returns {Promise<void>} */
  idle() {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => { this.idlers.push(resolve); });
  }

  /** stateName is where the puzzle is, as #puzzle's data-state shows it. */
  stateName() {
    if (!this.active) return 'free';
    if (this.loading) return 'loading';
    if (this.solved) return 'solved';
    return this.busy || !this.playerToMove() ? 'wait' : 'play';
  }

  showState() {
    if (this.box) this.box.dataset.state = this.stateName();
    this.updateHintButton();
  }

  start() {
    this.bind();
    return this.load(this.data);
  }

  /** end cancels everything the puzzle scheduled. */
  end() {
    this.schedule.cancel();
    this.busy = false;
  }

  /**
   * load switches to another puzzle (the trainer's next puzzle).
   * @param {any} data
   */
  load(data) {
    this.end();
    this.data = data;
    this.loading = true;
    this.showState();
    // A second load before this one ends drops this one's restart.
    return this.schedule.guard(this.game.load(data)).then(() => this.restart());
  }

  /**
   * blocks refuses the game's controls but Flip and PGN while the
   * puzzle checker is on.
   * @param {string} action
   */
  blocks(action) {
    if (!this.active || action === 'flip' || action === 'pgn') return false;
    this.feedback('Press “Play freely” first to use this button; the puzzle checker is on.', '');
    return true;
  }

  /**
   * @param {string} text
   * @param {string} kind '', 'good' or 'bad'
   */
  feedback(text, kind) {
    if (!this.feedbackEl) return;
    this.feedbackEl.textContent = text;
    this.feedbackEl.className = 'feedback' + (kind ? ' ' + kind : '');
  }

  restart() {
    this.end();
    const p = this.data.puzzle;
    this.active = true;
    this.solved = false;
    this.shown = false;
    this.hintsShown = 0;
    this.hintNode = null;
    this.hintStep = 0;
    this.mistakes = 0;
    this.node = p.tree;
    this.game.opponent = 'human';
    this.game.human = p.side;
    this.game.board.setFlipped(p.side === 'black');
    if (this.hintsEl) this.hintsEl.textContent = '';
    this.updateHintButton();
    this.feedback('Your move.', '');
    document.body.classList.add('puzzle-active');
    this.game.clearAnalysis();
    this.game.board.mark('hint', []);
    this.game.board.mark('wrong', []);
    return this.schedule.guard(this.game.reset()).then(() => {
      this.loading = false;
      this.markLast();
      this.showState();
      return this.afterMove();
    });
  }

  /**
   * markLast marks on the start position the opponent's move that led
   * to it (a lichess puzzle's "Black has just played 47… Bd2"), as the
   * board marks every last move after it: at the start, after Restart
   * and after a wrong first move is taken back (every state drawn).
   */
  markLast() {
    const last = this.data.last;
    const st = this.game.state;
    if (!last || !st || st.cursor !== 0) return;
    this.game.board.mark('last', (last.replace(/^[bm]:/, '').match(/[a-p]\d+/g) || []).slice(0, 2));
  }

  /**
   * playerToMove: the player acts (under Ban Chess the actor bans in a
   * ban phase and moves in a move phase).
   */
  playerToMove() {
    const s = this.game.state;
    return !!s && (s.bans ? s.actor : s.side) === this.data.puzzle.side;
  }

  /** ended reports whether the puzzle is over: the game or its tree ends. */
  ended() {
    return this.game.state.over || !!(this.node && this.node.end);
  }

  /**
   * descend follows the tree by the move just played (null past it).
   * @param {any} n
   * @param {string} coord
   */
  descend(n, coord) {
    this.node = follow(n, coord);
  }

  /**
   * accepts reports whether a player's move (coordinates) is right here.
   * @param {string} coord
   * @returns {Promise<boolean>}
   */
  accepts(coord) {
    const v = verdict(this.node, coord);
    if (v !== null) return Promise.resolve(v);
    // Past the stored tree under Ban Chess: the ban table the engine
    // solves names the best actions (judge knows moves only).
    const st = this.game.state;
    if (st && st.bans) return this.game.analyse().then((a) => bestActions(a).indexOf(coord) >= 0);
    // Past the stored tree: ask the table, else the mate search.
    return this.game.tableReady
      .then(() => this.game.engine.call('judge', this.game.id, coord))
      .then((r) => r.optimal);
  }

  /**
   * userMove judges a move made on the board; in a Ban Chess ban phase
   * the squares name a ban of the opponent's move.
   * @param {string} from
   * @param {string} to
   * @param {string} [promo]
   */
  userMove(from, to, promo) {
    const s = this.game.state;
    this.tryCoord((s && s.banPhase ? 'b:' : '') + from + to + (promo || ''));
  }

  /** @param {string} text a typed move */
  userText(text) {
    // Resolve the typed move to coordinates with the engine first.
    return this.game.engine.call('resolve', this.game.id, text, false).then((m) => this.tryCoord(m.coord));
  }

  /**
   * tryCoord plays the player's move and judges it.
   * @param {string} coord
   * @returns {Promise<void>}
   */
  tryCoord(coord) {
    if (this.busy || this.solved || !this.playerToMove()) return Promise.resolve();
    const g = this.game;
    const s = this.schedule;
    this.busy = true;
    g.board.mark('hint', []);
    return s.guard(this.accepts(coord)).then((ok) => s.guard(g.run(g.engine.call('play', g.id, coord), true)).then((st) => {
      if (!ok) return this.wrong(st, coord);
      const words = actionWords(this.node, coord, st, st.last ? st.last.san : coord);
      this.descend(this.node, coord);
      this.feedback(isBan(coord) ? '✓ Banning ' + banWords(st, coord) + ' is right.' : '✓ ' + words + ' is right.', 'good');
      sound.play('right');
      if (this.opts.onRight) this.opts.onRight();
      return this.afterMove();
    })).then(() => { this.busy = false; }, (err) => {
      this.busy = false;
      g.showError(err.message);
    });
  }

  /**
   * wrong answers an action the tree does not accept. In a puzzle the
   * player wins, the position after it is analysed first: a move proven
   * to win too, only slower, is a proven alternative (alternative);
   * anything else is a mistake (refute). A hold's wrong move loses, so
   * it is marked at once. Either way the action is taken back.
   * @param {SessionState} st the state after the wrong action
   * @param {string} coord the wrong action (a move, or a ban "b:a4a2")
   */
  wrong(st, coord) {
    const g = this.game;
    const s = this.schedule;
    const ban = isBan(coord);
    const san = ban ? 'Banning ' + banWords(st, coord) : actionWords(this.node, coord, st, st.last ? st.last.san : coord);
    const side = this.data.puzzle.side;
    const best = this.bestMateIn(st.cursor - 1);
    const v = this.data.verification;
    const mayWin = !v || v.value === side + '-wins' || v.value === 'unknown';
    const squares = (coord.replace(/^[bm]:/, '').match(/[a-p]\d+/g) || []).slice(0, 2);
    if (!mayWin) this.mistake(san, squares, ban);
    else this.feedback(san + ': checking whether it wins too…', '');
    const analysis = s.guard(g.analyse().then((a) => a, () => null));
    const plies = !!(st && st.bans);
    return analysis.then((a) => {
      const n = mayWin ? (plies ? alsoWinsPlies : alsoWins)(a, side) : 0;
      if (n > 0) return this.alternative(san, n, best, plies);
      if (mayWin) this.mistake(san, squares, ban);
      return this.refute(san, a, best);
    }).then(() => {
      g.board.mark('wrong', []);
      return s.guard(g.run(g.engine.call('undo', g.id), false));
    });
  }

  /**
   * mistake counts a wrong action and says so, marking its squares.
   * @param {string} san the action in words
   * @param {string[]} squares
   * @param {boolean} ban the action is a ban
   */
  mistake(san, squares, ban) {
    this.mistakes++;
    this.game.board.mark('wrong', squares);
    this.feedback('✗ ' + san + (ban ? ' is not the best ban.' : ' is not the best move.'), 'bad');
    sound.play('wrong');
    if (this.opts.onMistake) this.opts.onMistake();
  }

  /**
   * alternative answers a proven slower win: no mistake, try again.
   * @param {string} san
   * @param {number} n the moves it wins in
   * @param {number} best the fastest win's moves (0 when unknown)
   * @param {boolean} plies n counts plies, bans and moves (Ban Chess)
   */
  alternative(san, n, best, plies) {
    const text = alsoWinsText(san, n, best, plies);
    this.refuted = null;
    this.feedback(text, '');
    announce(text + ' The move is taken back.');
    return this.schedule.sleep(PAUSE + (this.opts.refutationPause ? this.opts.refutationPause() : 1800));
  }

  /**
   * refute shows the proven refutation of a mistake (from analysis a of
   * the position after it), then waits for it to be read.
   * @param {string} san
   * @param {Analysis|null} a
   * @param {number} best
   */
  refute(san, a, best) {
    const text = refutation(san, a, this.data.puzzle.side, best, this.race());
    this.refuted = text;
    const shown = text || '✗ ' + san + ' is not the best move. Try again.';
    this.feedback(shown, 'bad');
    announce(shown + ' The move is taken back.');
    return this.schedule.sleep(PAUSE + (text ? (this.opts.refutationPause ? this.opts.refutationPause() : 1800) : 300));
  }

  /** race: the puzzle's game is won on the last rank, not by mate. */
  race() {
    const d = this.data, g = d.game || {}, goal = g.rules && g.rules.goal;
    return goal ? goal === 'race' : (g.variant || d.variant) === 'race';
  }

  /**
   * bestMateIn is the fastest mate the player has at ply (0 when the
   * puzzle is not a proven mate): the start's less the moves made.
   * @param {number} ply
   */
  bestMateIn(ply) {
    const v = this.data.verification;
    if (!v || !(v.mateIn > 0) || v.value !== this.data.puzzle.side + '-wins') return 0;
    // Under Ban Chess plies count bans too: no count of moves to compare.
    if (this.game.state && this.game.state.bans) return 0;
    return v.mateIn - Math.floor(ply / 2);
  }

  /**
   * defence is the state after the defender's move: the tree's reply,
   * else the table's or the searcher's perfect move.
   * @returns {Promise<SessionState>}
   */
  defence() {
    const g = this.game;
    const reply = this.node && this.node.reply;
    if (reply) return g.engine.call('play', g.id, reply);
    return g.tableReady.then(() => g.engine.call('reply', g.id, 'perfect', 700, 1)).then((r) => r.state);
  }

  /**
   * afterMove plays the defence when it is the opponent's turn and
   * notices the end of the puzzle.
   * @returns {Promise<void>}
   */
  afterMove() {
    if (this.ended()) return this.finish();
    if (this.playerToMove()) { this.showState(); return Promise.resolve(); }
    const s = this.schedule;
    this.busy = true;
    return s.sleep(this.pause()).then(() => s.guard(this.defence())).then((st) => {
      this.game.setState(st, true);
      // The action just played (under bans a ban is not st.last).
      this.descend(this.node, lastAction(st));
      this.busy = false;
      if (this.ended()) return this.finish();
      // Under Ban Chess the opponent acts twice in a row: its move,
      // then its ban of the player's next move.
      if (!this.playerToMove()) return this.afterMove();
      if (!this.shown) this.feedback(opponentPlayed(st), '');
    }, (err) => {
      this.busy = false;
      this.game.showError(err.message);
    });
  }

  /** @returns {Promise<void>} */
  finish() {
    if (this.solved) return Promise.resolve();
    this.solved = true;
    this.schedule.cancel();
    const s = this.game.state;
    const won = s.winner === this.data.puzzle.side;
    const held = !!(this.node && this.node.end === 'held');
    // A puzzle from a game whose win is long ends at its key move (gamereview.js).
    const kept = !!(this.node && this.node.end === 'kept');
    const status = held ? 'The draw is held: every other move lost.' : kept ? 'The win is kept: the table proves it from here.' : s.statusText;
    // A shown solution is written out too, numbered: the player did not play it.
    const line = this.shown ? playedLine(s) : '';
    const text = (this.shown ? 'That is the solution' + (line ? ': ' + line + '. ' : '. ') : won || held || kept ? 'Solved! ' : 'Puzzle complete. ') + status;
    this.feedback(text, this.shown ? '' : 'good');
    this.game.setStatus(status + (this.shown ? '' : ' Puzzle solved.'));
    announce(text);
    this.updateHintButton();
    this.showState();
    if (this.opts.onSolved) this.opts.onSolved({ mistakes: this.mistakes, hints: this.hintsShown, shown: this.shown });
    return Promise.resolve();
  }

  /**
   * preview labels the Hint button for puzzle data before it loads and
   * writes what restart will (no hints, "Your move."), so the panel keeps
   * its size when it does (a longer "Show solution" can wrap the
   * controls onto a second row).
   * @param {TrainEntry} data
   */
  preview(data) {
    // The last puzzle's pieces may still stand: they take no move, and
    // #puzzle's data-state says the next one is loading.
    this.end();
    this.loading = true;
    this.showState();
    if (this.hintBtn) this.hintBtn.textContent = this.hintLabel(hintSteps(data.puzzle, data.puzzle.tree, true).length > 0);
    if (this.hintsEl) this.hintsEl.textContent = '';
    this.feedback('Your move.', '');
  }

  /**
   * hintsHere are the hints at the node reached, where the player acts
   * (hints.js), or past the tree at the position; the count restarts at each.
   * @returns {import('./hints.js').HintStep[]}
   */
  hintsHere() {
    const onTree = !!(this.node && this.node.accept && this.node.accept.length);
    const at = onTree || !this.game.state ? this.node : this.game.state.fen;
    if (this.hintNode !== at) {
      this.hintNode = at;
      this.hintStep = 0;
      this.past = null;
    }
    return hintSteps(this.data.puzzle, onTree ? this.node : this.past, this.node === this.data.puzzle.tree);
  }

  /**
   * hintLabel is the Hint button's words: Hint while a hint is left
   * here, else Show solution, each with what it costs.
   * @param {boolean} hint
   */
  hintLabel(hint) {
    const cost = this.opts.hintCost ? this.opts.hintCost(!hint) : '';
    return (hint ? 'Hint' : 'Show solution') + (cost ? ' (' + cost + ')' : '');
  }

  updateHintButton() {
    if (!this.hintBtn || this.loading) return;
    const left = this.hintStep < this.hintsHere().length || (typeof this.hintNode === 'string' && !this.past);
    const label = this.hintLabel(left || (this.busy && !this.solved));
    if (this.hintBtn.textContent !== label) this.hintBtn.textContent = label;
    this.hintBtn.disabled = this.solved || this.shown;
    this.hintBtn.hidden = !!this.opts.hintsAllowed && !this.opts.hintsAllowed();
  }

  /**
   * hint shows the next hint where the player is (its squares, and the
   * origin of an author's hint's move), then plays the solution.
   */
  hint() {
    if (this.solved || this.busy || !this.playerToMove() || (this.opts.hintsAllowed && !this.opts.hintsAllowed())) return;
    const hints = this.hintsHere();
    if (this.hintStep >= hints.length && !this.past && typeof this.hintNode === 'string') {
      // Past the stored tree: the hints come from the table's best moves.
      const at = this.hintNode;
      this.past = { fen: at, accept: [] };
      return void this.schedule.guard(this.game.analyse()).then((a) => {
        if (this.hintNode === at) this.past = { fen: at, accept: bestActions(a) };
        this.hint();
      }, () => {});
    }
    if (this.hintStep >= hints.length) {
      if (this.opts.onHint) this.opts.onHint(true);
      this.showSolution();
      return;
    }
    const h = hints[this.hintStep++];
    this.hintsShown++;
    if (this.opts.onHint) this.opts.onHint(false);
    // The list numbers the hints: the text is the hint alone.
    if (this.hintsEl) this.hintsEl.appendChild(el('li', null, h.text));
    const squares = h.squares.slice();
    const mark = () => this.game.board.mark('hint', squares);
    if (h.move) {
      this.schedule.guard(this.game.engine.call('resolve', this.game.id, h.move, true)).then((m) => { squares.push(m.from); mark(); }, mark);
    } else {
      mark();
    }
    announce('Hint ' + this.hintsShown + ': ' + h.text);
    this.updateHintButton();
  }

  /**
   * showSolution plays the rest of the solution from the current
   * position, the player's moves from the tree (the author's line where
   * it runs).
   */
  showSolution() {
    if (this.busy) return;
    const g = this.game;
    this.shown = true;
    this.busy = true;
    this.updateHintButton();
    this.feedback('The solution:', '');
    this.schedule.guard(g.engine.call('line', g.id, this.data.puzzle.solution))
      .then((ms) => ms.map((m) => m.coord), () => [])
      .then((line) => this.playSolution(line))
      .catch((err) => {
        this.busy = false;
        g.showError(err.message);
      });
  }

  /**
   * playSolution plays the solution move by move to the end: the
   * defence by afterMove, the player's move from the tree (the planned
   * line's where the tree accepts it), else the engine's perfect choice.
   * @param {string[]} line
   * @returns {Promise<void>}
   */
  playSolution(line) {
    const g = this.game;
    const s = this.schedule;
    if (this.ended()) { this.busy = false; return this.finish(); }
    if (!this.playerToMove()) {
      this.busy = false;
      return this.afterMove().then(() => this.playSolution(line));
    }
    this.busy = true;
    const n = this.node;
    let pick = null;
    if (n && n.accept && n.accept.length) {
      const planned = line[g.state.cursor];
      pick = n.accept.indexOf(planned) >= 0 ? planned : n.accept[0];
    }
    return s.sleep(this.pause()).then(() => s.guard(pick ? Promise.resolve({ coord: pick }) : g.engine.call('choose', g.id, 'perfect', 1)))
      .then((m) => s.guard(g.run(g.engine.call('play', g.id, m.coord), true)).then((st) => this.descend(n, lastAction(st) || m.coord)))
      .then(() => this.playSolution(line));
  }

  /** free leaves the puzzle for free play from the current position. */
  free() {
    this.end();
    this.active = false;
    document.body.classList.remove('puzzle-active');
    const sel = /** @type {HTMLSelectElement|null} */ ($('#opponent', this.root));
    this.game.opponent = sel ? sel.value : 'human';
    this.feedback('Free play: the puzzle checker is off. Restart the puzzle to try again.', '');
    this.game.board.mark('hint', []);
    this.game.updateButtons();
    this.showState();
  }

  bind() {
    const on = (/** @type {string} */ a, /** @type {() => void} */ fn) => {
      $$('#puzzle [data-action="' + a + '"]', this.root).forEach((b) => b.addEventListener('click', fn));
    };
    on('hint', () => this.hint());
    on('restart', () => this.restart());
    on('free', () => this.free());
  }
}
