// @ts-check
// "Review this game" on a mode page, an entry module of its own that
// the page loads when the button is first pressed (mode.js shows the
// button once the player has moved against the computer): it walks the
// game in a scratch session of the
// page's engine (the mode's table when it ships one, else the mate
// prover within REVIEW_MS), judges the player's moves (gamereview.js),
// marks the mistakes in the move list with a verdict, says them in a
// summary line, and puts each one with a proven best move into the
// trainer's review queue as a puzzle (ownpuzzles.js), due at once, with
// a link to the trainer's Review.
//
// What the page shows for tests and people alike: #game-review's
// data-state ("idle", "running", "done"), each marked move's button's
// data-mark (its symbol) and #review-added's count of puzzles.
import { $, el, store, url, announce, TC } from './dom.js';
import { addStyles } from './styles.js';
import { review, verdict, refutationText, summary, valueOf, puzzleEntry, makesPuzzle } from './gamereview.js';
import { PROGRESS_KEY, readProgress } from './progress.js';
import { addOwn } from './ownpuzzles.js';
import { reviewable } from './moves.js';

// The mistakes marked in the move list, their verdicts under the summary.
const REVIEW_CSS = `
.moves .mv.mistake { color: var(--bad); font-weight: 700; }
.moves .mv.current.mistake { color: var(--accent-ink); }
.review-summary, .review-added { margin: 0; }
.review-summary:empty { display: none; }
.review-marks { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 0.25rem; }
.review-marks:empty { display: none; }
.review-mark { text-align: left; width: 100%; font-size: 0.9rem; line-height: 1.35; white-space: normal; }
`;
addStyles(REVIEW_CSS);

/** REVIEW_MS bounds a review by the mate prover (no table), in ms. */
const REVIEW_MS = 20000;
/** PROVE_MS is the mate prover's time for one position, in ms. */
const PROVE_MS = 700;

/**
 * @typedef {import('./game.js').Game} Game
 * @typedef {import('./gamereview.js').Mark} Mark
 * @typedef {import('./gamereview.js').Reviewed} Reviewed
 */

export class ReviewPanel {
  /**
   * The panel's elements are made under #game-review, which holds the
   * button.
   * @param {ParentNode} root
   * @param {string} trainer the URL of the trainer's Review
   */
  constructor(root, trainer) {
    this.box = /** @type {HTMLElement|null} */ ($('#game-review', root));
    this.button = /** @type {HTMLButtonElement|null} */ ($('#review-game', root));
    this.summaryEl = el('p', { id: 'review-summary', class: 'review-summary', 'aria-live': 'polite' });
    this.marksEl = el('ol', { id: 'review-marks', class: 'review-marks' });
    this.addedEl = el('p', { id: 'review-added', class: 'review-added', hidden: true });
    this.addedText = el('span', { id: 'review-added-text' });
    this.addedEl.appendChild(this.addedText);
    this.link = el('a', { href: trainer }, 'Play them in the trainer’s Review');
    this.addedEl.appendChild(this.link);
    if (this.box) {
      this.box.dataset.loaded = 'true';
      this.box.append(this.summaryEl, this.marksEl, this.addedEl);
    }
    /** @type {Game|null} */
    this.game = null;
    /** @type {string[]} the line reviewed (coordinates) */
    this.line = [];
    /** @type {Mark[]} */
    this.marks = [];
    this.running = false;
    if (this.button) this.button.addEventListener('click', () => this.run());
  }

  /** @param {Game} game */
  attach(game) {
    this.game = game;
    if (game.state) this.update(game.state);
  }

  /**
   * update follows the game: the button shows once the player has moved
   * against the computer; a review stands while the game follows its
   * line, and its marks are drawn on the move list.
   * @param {SessionState} s
   */
  update(s) {
    const g = this.game;
    if (!this.box || !g || !s) return;
    const coords = s.coords || [];
    const n = Math.min(coords.length, this.line.length);
    if (this.line.length && coords.slice(0, n).join(' ') !== this.line.slice(0, n).join(' ')) this.clear();
    const can = reviewable(s, g.human, g.opponent);
    this.box.hidden = !can && !this.line.length;
    if (this.button) {
      this.button.hidden = !can;
      this.button.disabled = this.running || (this.line.length > 0 && coords.length <= this.line.length);
    }
    this.drawMarks();
  }

  /** clear forgets the review: the game left its line. */
  clear() {
    this.line = [];
    this.marks = [];
    this.show('idle', '', null);
  }

  /**
   * drawMarks marks the mistakes on the move list's buttons (update has
   * checked that the line is the one reviewed).
   */
  drawMarks() {
    for (const m of this.marks) {
      const b = /** @type {HTMLElement|null} */ ($('#moves button.mv[data-ply="' + m.ply + '"]'));
      if (!b || b.dataset.mark || b.dataset.coord !== m.coord) continue;
      b.dataset.mark = m.symbol;
      b.classList.add('mistake');
      b.appendChild(el('span', { class: 'mark-sym', 'aria-hidden': 'true' }, m.symbol));
      b.setAttribute('aria-label', (b.getAttribute('aria-label') || m.san) + '. ' + verdict(m));
      b.title = verdict(m);
    }
  }

  /**
   * show writes the review's state, its summary line and the verdicts.
   * @param {string} state
   * @param {string} text
   * @param {Mark[]|null} marks
   */
  show(state, text, marks) {
    if (this.box) this.box.dataset.state = state;
    this.summaryEl.textContent = text;
    this.marksEl.textContent = '';
    (marks || []).forEach((m) => this.marksEl.appendChild(this.markItem(m)));
    if (state !== 'done') this.addedEl.hidden = true;
  }

  /**
   * markItem is a mistake's line under the summary: its verdict and the
   * refutation, a button going to the position before it with the best
   * move shown.
   * @param {Mark} m
   * @returns {HTMLElement}
   */
  markItem(m) {
    const refute = refutationText(m);
    const b = el('button', { type: 'button', class: 'review-mark' }, m.fullmove + (m.side === 'black' ? '… ' : '. ') + verdict(m) + (refute ? '. Refutation: ' + refute : ''));
    b.addEventListener('click', () => {
      const g = this.game;
      if (!g) return;
      g.gotoPly(m.ply - 1).then(() => {
        if (m.best.length) g.board.mark('best', (m.best[0].coord.match(/[a-p]\d+/g) || []).slice(0, 2));
      }, () => {});
    });
    const li = el('li');
    li.appendChild(b);
    return li;
  }

  /** run reviews the game up to the position shown. */
  run() {
    const g = this.game;
    if (!g || !g.state || this.running) return Promise.resolve();
    this.running = true;
    const line = (g.state.coords || []).slice();
    this.show('running', 'Reviewing the game…', null);
    if (this.button) this.button.disabled = true;
    return walk(g, line, (done, total) => this.show('running', 'Reviewing the game… move ' + done + ' of ' + total + '.', null))
      .then((r) => {
        this.running = false;
        this.line = line;
        this.marks = review(r.moves);
        const text = summary(this.marks, r.exact, r.checked, r.total);
        this.show('done', text, this.marks);
        this.savePuzzles(g, this.marks);
        this.update(g.state);
        announce(text);
      }, (err) => {
        this.running = false;
        this.show('idle', 'The review failed: ' + err.message, null);
        this.update(g.state);
      });
  }

  /**
   * savePuzzles puts a puzzle of each mistake with a proven best move
   * into the trainer's review queue and says how many.
   * @param {Game} g
   * @param {Mark[]} marks
   */
  savePuzzles(g, marks) {
    const a = this.addedEl;
    const ms = marks.filter(makesPuzzle);
    a.hidden = marks.length === 0;
    a.dataset.count = String(ms.length);
    this.link.hidden = ms.length === 0;
    if (!ms.length) {
      this.addedText.textContent = 'No puzzle added: a mate allowed has no proven best move to ask for.';
      return;
    }
    const p = readProgress(store.get(PROGRESS_KEY)).progress;
    const info = modeInfo(g.data);
    const now = Date.now();
    let fresh = 0;
    for (const m of ms) if (addOwn(p, puzzleEntry(info, m), now)) fresh++;
    store.set(PROGRESS_KEY, JSON.stringify(p));
    const again = ms.length - fresh;
    this.addedText.textContent = (ms.length === 1 ? '1 puzzle' : ms.length + ' puzzles') + ' from this game added to your reviews' +
      (again ? ' (' + again + ' made before, due again)' : '') + '. ';
  }
}

/**
 * modeInfo is what the puzzles need of the page's mode, its URLs made
 * relative to the site's root (the page's are relative to the page).
 * @param {any} data
 * @returns {import('./gamereview.js').ModeInfo}
 */
export function modeInfo(data) {
  const root = siteRoot(data);
  const rel = (/** @type {string} */ x) => (x && x.startsWith(root) ? x.slice(root.length) : x);
  const u = data.url || '';
  const g = data.game || {};
  /** @type {import('./gamereview.js').ModeInfo} */
  const info = {
    id: data.id, title: data.title, url: rel(u), variant: data.variant || g.variant || '', game: { variant: g.variant || data.variant || '', rules: g.rules },
    w: data.w, h: data.h, promotion: data.promotion || [], difficulty: data.difficulty || 0,
  };
  if (data.table) info.table = rel(data.table);
  return info;
}

/**
 * siteRoot is the site's root relative to the page, read from the mode's
 * URL (root + "modes/<id>/").
 * @param {any} data the mode's data
 * @returns {string}
 */
function siteRoot(data) {
  const tail = 'modes/' + data.id + '/', u = data.url || '';
  return u.endsWith(tail) ? u.slice(0, u.length - tail.length) : '';
}

/**
 * walk replays line in a scratch session of the game's engine and
 * analyses the position before and after each of the player's moves:
 * by the table when the mode has one (every move), else by the mate
 * prover until REVIEW_MS is spent. progress(done, total) is told after
 * each move.
 * @param {Game} g
 * @param {string[]} line
 * @param {(done: number, total: number) => void} progress
 * @returns {Promise<{moves: Reviewed[], exact: boolean, checked: number, total: number}>}
 */
async function walk(g, line, progress) {
  const e = g.engine, d = g.data, gm = d.game || {};
  const r = await e.call('load', gm.variant || d.variant || '', gm.rules || {}, gm.start || d.start);
  const id = r.id;
  try {
    const exact = !!d.table && await e.call('fetchTable', id, url(d.table)).then(() => true, () => false);
    const ms = exact ? 0 : PROVE_MS;
    // Without bans the sides take turns: the player's moves are every other ply.
    const mine = line.map((_, i) => i).filter((i) => (i % 2 === 0) === (r.state.side === g.human));
    const t0 = performance.now();
    /** @type {Reviewed[]} */
    const moves = [];
    /** @type {SessionState} */
    let st = r.state;
    for (let i = 0; i < line.length; i++) {
      if (st.side !== g.human) {
        st = await e.call('play', id, line[i]);
        continue;
      }
      if (!exact && performance.now() - t0 > REVIEW_MS) break;
      const rv = await reviewMove(e, id, st, line[i], ms, exact);
      rv.ply = i + 1;
      rv.last = i > 0 ? line[i - 1] : '';
      moves.push(rv);
      st = await e.call('state', id);
      progress(moves.length, mine.length);
    }
    return { moves, exact, checked: moves.length, total: mine.length };
  } finally {
    e.call('free', id).catch(() => {});
  }
}

/**
 * reviewMove analyses the player's move from st, the position before it,
 * in session id, and leaves the session after it: the values before and
 * after it, the proven best moves and line, the refutation and, when it
 * is a mistake, the positions after the best moves.
 * @param {EngineClient} e the engine
 * @param {number} id
 * @param {SessionState} st
 * @param {string} move the move played, in coordinates
 * @param {number} ms the prover's time per position
 * @param {boolean} exact
 * @returns {Promise<Reviewed>}
 */
async function reviewMove(e, id, st, move, ms, exact) {
  const side = st.side;
  const a = await e.call('analyse', id, ms);
  const after = await e.call('play', id, move);
  const b = await e.call('analyse', id, ms);
  const bv = valueOf(a, side, false), av = valueOf(b, side, true);
  const proven = bv.value !== null;
  const best = proven ? (a.bestMoves || []).map((/** @type {BoardMove} */ m) => ({ san: m.san, coord: m.coord, fen: '' })) : [];
  const refuted = av.value !== null && b.method !== 'over';
  /** @type {Reviewed} */
  const rv = {
    ply: 0, fen: st.fen, code: st.code, fullmove: st.fullmove, side, san: after.last ? after.last.san : move, coord: move,
    last: '', before: bv, after: av, exact, best, pv: proven ? (a.pv || []) : [],
    refute: refuted ? (b.pv || []) : [], refuteCoord: refuted && b.bestMoves && b.bestMoves[0] ? b.bestMoves[0].coord : '',
  };
  if (review([rv]).length && best.length) {
    await e.call('undo', id);
    for (const m of best) {
      m.fen = (await e.call('play', id, m.coord)).fen;
      await e.call('undo', id);
    }
    await e.call('play', id, move);
  }
  return rv;
}

// The page's game (TC.page, mode.js's) is reviewed at once: this module
// loads when "Review this game" is first pressed; from then on the
// panel follows the game (its move list's marks, the button).
const game = /** @type {Game|undefined} */ (TC.page);
if (game && game.board) {
  const panel = new ReviewPanel(document, siteRoot(game.data) + 'train/?mode=review');
  game.opts.onState = (s) => panel.update(s);
  panel.attach(game);
  panel.run();
}
