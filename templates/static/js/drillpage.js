// @ts-check
// The Drill control of a mode page that plays from a table: a drill
// picked by difficulty (or a named one), played on the page's game
// against the perfect defender, its moves graded against the table as
// they come and the best result kept on the device (drill.js holds the
// pure part).
import { $, $$, el, announce } from './dom.js';
import { load } from './session.js';
import { parsePosition } from './rules-code.js';
import { RACE } from './rules-data.js';
import { BANDS, pickDrill, grade, taskText, resultText, bestText } from './drill.js';
import { drillKey, readBests, recordBest } from './drillbests.js';

/** @typedef {import('./game.js').Game} Game */
/** @typedef {import('./drill.js').Drill} Drill */
/** @typedef {import('./playtable.js').PlayTable} PlayTable */

/**
 * The drill being played: the drill, its start as a position, the table
 * it is graded by (null until loaded), the help taken on this try (why
 * it keeps no best: "a move was taken back", …, or ''), the most moves
 * played, and whether it has ended.
 * @typedef {{drill: Drill, start: import('./rules-position.js').Position, table: PlayTable | null, help: string, most: number, done: boolean}} Active
 */

// HELP names the game's controls that help a drill's player, and what
// a try that used them is told.
const HELP = {
  best: 'the best move was shown',
  solve: 'the position was solved',
  swap: 'the sides were swapped',
  opponent: 'the opponent was changed',
};

/**
 * storage is the page's localStorage, or a store that keeps nothing
 * where it is blocked.
 * @returns {Pick<Storage, 'getItem' | 'setItem'>}
 */
function storage() {
  try {
    return window.localStorage;
  } catch (err) {
    return { getItem: () => null, setItem: () => {} };
  }
}

/**
 * playAs has the player play side against the opponent (a strategy),
 * the board turned to the player and the opponent's menu showing it.
 * @param {Game} game
 * @param {string} side
 * @param {string} opponent
 */
function playAs(game, side, opponent) {
  game.human = side;
  game.opponent = opponent;
  const sel = /** @type {HTMLSelectElement | null} */ ($('#opponent'));
  if (sel) sel.value = opponent;
  game.board.setFlipped(side === 'black');
}

/**
 * task says what the active drill asks.
 * @param {Active} a
 * @returns {string}
 */
function task(a) {
  return taskText(a.drill, a.start.r.goal === RACE);
}

// DrillPanel drives the page's #drill box for its game.
export class DrillPanel {
  /** @param {Game} game */
  constructor(game) {
    this.game = game;
    /** the mode's own data, to go back to its start */
    this.base = game.data;
    this.root = /** @type {HTMLDetailsElement} */ ($('#drill'));
    /** @type {Active | null} */
    this.active = null;
    // A link to a drill (?drill=seed&band=id) starts it once the game
    // is ready (see update); each New drill takes a fresh seed.
    const q = new URLSearchParams(location.search);
    const seed = Number(q.get('drill'));
    /** @type {{seed: number, band: string} | null} */
    this.linked = Number.isInteger(seed) && seed > 0 ? { seed, band: q.get('band') || 'medium' } : null;
    this.bind();
  }

  bind() {
    const band = /** @type {HTMLSelectElement} */ ($('#drill-band', this.root));
    BANDS.forEach((b) => band.appendChild(el('option', { value: b.id }, b.label)));
    band.value = 'medium';
    const named = $('.drill-named', this.root);
    (this.base.drills || []).forEach((/** @type {wire.Drill} */ d, i) => {
      named.appendChild(el('button', { type: 'button', 'data-drill': 'named', 'data-index': String(i) }, d.name));
    });
    named.hidden = !named.querySelector('button');
    // A try that used the game's help keeps no best.
    Object.entries(HELP).forEach(([action, said]) => {
      const help = () => { if (this.active && !this.active.done) this.active.help = this.active.help || said; };
      $$('[data-action="' + action + '"]').forEach((b) => b.addEventListener('click', help));
      if (action === 'opponent') $$('#opponent').forEach((b) => b.addEventListener('change', help));
    });
    $$('[data-drill]', this.root).forEach((b) => b.addEventListener('click', () => {
      const what = /** @type {HTMLElement} */ (b).dataset.drill;
      if (what === 'new') this.pick(band.value);
      else if (what === 'named') this.named(Number(/** @type {HTMLElement} */ (b).dataset.index));
      else this.end();
    }));
  }

  /**
   * pick starts the drill of a seed (a fresh one without) in a band,
   * picked from the mode's table, with a link to it.
   * @param {string} bandID
   * @param {number} [seed]
   */
  async pick(bandID, seed = 1 + Math.floor(Math.random() * 2 ** 30)) {
    const band = BANDS.find((b) => b.id === bandID) || BANDS[1];
    /** @type {HTMLSelectElement} */ ($('#drill-band', this.root)).value = band.id;
    const table = await this.modeTable();
    if (!table) { this.say('The table of this mode is not loaded: no drill can be picked.'); return; }
    const g = this.base.game || {};
    const start = load(g.variant || this.base.variant, g.rules || {}, g.start || this.base.start).game.position();
    const d = pickDrill(table, start, band, seed);
    if (!d) { this.say('This mode’s table holds no position of that kind to drill.'); return; }
    this.root.dataset.seed = String(seed);
    await this.start(d);
    const link = /** @type {HTMLAnchorElement} */ ($('#drill-link', this.root));
    link.href = '?drill=' + seed + '&band=' + band.id;
    link.hidden = false;
  }

  /**
   * named starts the mode's named drill i.
   * @param {number} i
   */
  named(i) {
    const n = (this.base.drills || [])[i];
    if (!n) return;
    const side = parsePosition(n.start).side;
    this.root.dataset.seed = '';
    this.start({ start: n.start, side, goal: n.goal === 'draw' ? 'draw' : 'win', mateIn: n.mateIn || 0, name: n.name });
  }

  /**
   * modeTable is the table of the game as loaded (the mode's own or a
   * drill's: the same table), or null.
   * @returns {Promise<PlayTable | null>}
   */
  async modeTable() {
    const game = this.game;
    if (!(await game.tableReady)) return null;
    return game.engine.call('table', game.id).catch(() => null);
  }

  /**
   * start plays drill d on the page's game: its start, the player on the
   * side to move, the perfect defender on the other.
   * @param {Drill} d
   */
  async start(d) {
    const game = this.game;
    const g = this.base.game || {};
    const variant = g.variant || this.base.variant;
    this.active = { drill: d, start: load(variant, g.rules || {}, d.start).game.position(), table: null, help: '', most: 0, done: false };
    playAs(game, d.side, 'perfect');
    this.root.dataset.state = 'playing';
    this.root.dataset.start = d.start;
    const active = this.active;
    $('#drill-now', this.root).hidden = false;
    $('[data-drill="end"]', this.root).hidden = false;
    $('#drill-link', this.root).hidden = true;
    $('#drill-task', this.root).textContent = task(active);
    $('#drill-result', this.root).textContent = '';
    this.showBest();
    announce(task(active));
    await game.load({ ...this.base, start: d.start, game: { ...g, variant, start: d.start, moves: [], cursor: 0 } });
    const table = await this.modeTable();
    if (this.active !== active) return;
    active.table = table;
    this.update(game.state);
  }

  // end leaves the drill for a game from the mode's start.
  end() {
    const game = this.game;
    this.active = null;
    delete this.root.dataset.state;
    $('#drill-now', this.root).hidden = true;
    playAs(game, 'white', this.base.opponent || 'perfect');
    game.load(this.base).catch(() => {});
  }

  /**
   * update grades the game's moves so far, on every new state.
   * @param {SessionState} s the engine's state
   */
  update(s) {
    if (this.linked && s) {
      const l = this.linked;
      this.linked = null;
      this.root.open = true;
      this.pick(l.band, l.seed);
      return;
    }
    const a = this.active;
    if (!a || !a.table || !s) return;
    if (s.length === 0 && a.most > 0) {
      // Reset: the drill again from its start, a fresh try.
      Object.assign(a, { help: '', most: 0, done: false });
      announce(task(a));
    }
    if (a.done) return;
    if (s.cursor < a.most) a.help = a.help || 'a move was taken back';
    a.most = Math.max(a.most, s.cursor);
    let g;
    try {
      g = grade(a.table, a.start, a.drill.goal, s.coords, s.over ? { winner: s.winner, reason: s.status } : undefined);
    } catch (err) {
      this.say('This drill cannot be graded: ' + err.message);
      return;
    }
    let text = resultText(a.drill, g);
    this.root.dataset.state = g.state;
    this.root.dataset.lost = String(g.lost);
    if (g.state !== 'playing') {
      a.done = true;
      if (a.help) text += ' No best is kept: ' + a.help + '.';
      else if (recordBest(storage(), drillKey(this.base.id, a.drill), g).improved) text += ' A new best.';
      this.showBest();
      announce(text);
    }
    $('#drill-result', this.root).textContent = text;
  }

  showBest() {
    const a = this.active;
    const b = a ? readBests(storage())[drillKey(this.base.id, a.drill)] || null : null;
    $('#drill-best', this.root).textContent = a ? bestText(b, a.drill.goal) : '';
  }

  /**
   * say shows a message in place of a drill's result.
   * @param {string} text
   */
  say(text) {
    $('#drill-now', this.root).hidden = false;
    $('[data-drill="end"]', this.root).hidden = !this.active;
    if (!this.active) $('#drill-task', this.root).textContent = '';
    $('#drill-result', this.root).textContent = text;
    announce(text);
  }
}
