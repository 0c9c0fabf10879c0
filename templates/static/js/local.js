// @ts-check
// The page's own engine for games played from an exact table: the rules
// in plain JavaScript (the rules-*.js twins of engine/, session.js) and
// the mode's play table (playtable.js), with the same call(fn, ...args)
// interface as the WebAssembly worker (engine.js) and the same answers,
// so a table-backed page plays without downloading the Go engine. The
// table functions here are the twins of bridge/analysis.go's (Analyse,
// Judge, Choose, Reply) over solver's Table; bridge/js_diff_test.go
// checks them against it.
import { load, parse, moveOf } from './session.js';
import { compareMoves } from './rules-order.js';
import { lineText } from './rules-label.js';
import { describe, mateIn } from './rules-outcome.js';
import { statusReason } from './rules-status.js';
import { sanLine, parseMove } from './rules-san.js';
import { coord } from './rules-move.js';
import { PlayTable, principalVariation, seeded, WIN, DRAW } from './playtable.js';

/** @typedef {import('./rules-position.js').Position} Position */
/** @typedef {import('./session.js').Session} Session */

// PV_LENGTH bounds the principal variations shown, in plies (solver.PVLength).
const PV_LENGTH = 400;
const NO_SEARCH = "this position is not in the mode's table, and the light engine of this page has no searcher";
const STRATEGIES = ['perfect', 'aggressive', 'cooperative', 'random'];

/**
 * outcome returns the outcome name of a value for side ("white-wins", …).
 * @param {number} value
 * @param {string} side
 * @returns {string}
 */
function outcome(value, side) {
  if (value === DRAW) return 'draw';
  const winner = value === WIN ? side : (side === 'white' ? 'black' : 'white');
  return winner + '-wins';
}

/**
 * analysis is an empty bridge.Analysis of p as the page reads it.
 * @param {Position} p
 * @returns {Analysis}
 */
function analysis(p) {
  return {
    method: '', methodText: '', value: 'unknown', dtm: -1, mateIn: 0, summary: '', bestMoves: [], pv: [], pvText: '',
    side: p.side, fullmove: p.fullmove, states: 0, score: 0,
  };
}

/**
 * @param {Analysis} a
 * @param {Position} p the position analysed (its rules' goal)
 */
function summarize(a, p) {
  if (a.value !== 'unknown' || a.summary === '') a.summary = describe(a.value, p.r.goal, a.mateIn, a.dtm) + '.';
}

/**
 * fromTable fills a with the table's answer for p (bridge.fromOracle),
 * false when the table does not know p.
 * @param {PlayTable} t
 * @param {Position} p
 * @param {Analysis} a
 * @returns {boolean}
 */
function fromTable(t, p, a) {
  const e = t.probe(p);
  if (!e) return false;
  a.value = outcome(e.value, p.side);
  a.dtm = e.dtm;
  if (e.value !== DRAW) a.mateIn = mateIn(e.value === WIN, e.dtm);
  for (const m of t.bestMoves(p, compareMoves) || []) a.bestMoves.push(moveOf(p, m));
  a.pv = sanLine(p, principalVariation(t, p, PV_LENGTH, compareMoves));
  a.pvText = lineText(p, a.pv);
  return true;
}

// Session functions over the table.

/**
 * analyseSession is bridge.Session.Analyse on the table.
 * @param {Session} s
 * @returns {Analysis}
 */
export function analyseSession(s) {
  const g = s.game;
  const p = g.position();
  const st = g.status();
  const a = analysis(p);
  if (st !== 'active') {
    a.method = 'over';
    a.methodText = 'the game is over';
    a.value = 'draw';
    const w = g.winner();
    if (w) {
      a.value = w + '-wins';
      a.dtm = 0;
    }
    summarize(a, p);
    a.summary = 'The game is over (' + statusReason(st) + '). ' + a.summary;
    return a;
  }
  if (!s.table || !fromTable(s.table, p, a)) throw new Error(NO_SEARCH);
  a.states = s.table.states;
  a.method = 'table';
  a.methodText = 'exact table of all ' + a.states + ' positions reachable in this mode';
  summarize(a, p);
  return a;
}

/**
 * pick returns the move a strategy plays (bridge.Session.pick).
 * @param {Session} s
 * @param {string} strategy
 * @param {unknown} seed
 * @returns {Move}
 */
function pick(s, strategy, seed) {
  if (!strategy) strategy = 'perfect';
  if (!STRATEGIES.includes(strategy)) {
    throw new Error('unknown strategy ' + JSON.stringify(strategy) + ' (want ' + STRATEGIES.join(', ') + ')');
  }
  const m = s.table && s.table.choose(s.game.position(), strategy, compareMoves, seeded(seed));
  if (!m) throw new Error(NO_SEARCH);
  return m;
}

/**
 * judgeMove is bridge.Session.Judge on the table.
 * @param {Session} s
 * @param {string} text
 * @returns {{optimal: boolean, method: string}}
 */
export function judgeMove(s, text) {
  const p = s.game.position();
  const m = parseMove(p, text);
  const best = s.table && s.table.bestMoves(p, compareMoves);
  if (!best) throw new Error(NO_SEARCH);
  return { optimal: best.some((b) => compareMoves(b, m) === 0), method: 'table' };
}

/**
 * api builds the functions of the global thinchess object of the wasm
 * build, over sessions named by id: the calls of the engine protocol the
 * local side answers (wire.CallSides), typed by their declaration.
 * @param {(url: string) => Promise<Uint8Array>} fetchBytes
 * @returns {wire.Handlers<wire.CallSides['local']>}
 */
export function api(fetchBytes) {
  /** @type {Map<number, Session>} */
  const sessions = new Map();
  let next = 1;
  const session = (id) => {
    const s = sessions.get(id);
    if (!s) throw new Error(typeof id === 'number' ? 'no game with id ' + id : 'missing game id');
    return s;
  };
  const withTable = (id, bytes) => {
    const s = session(id);
    s.table = new PlayTable(bytes);
    return { states: s.table.states, edges: s.table.edges };
  };
  return {
    load(variant, rules, position, moves) {
      const s = load(variant || '', rules || {}, position || '');
      for (const c of moves || []) s.game.playText(c);
      const id = next++;
      sessions.set(id, s);
      return { id, state: s.state() };
    },
    free(id) {
      sessions.delete(id);
      return { ok: true };
    },
    parse: (variant, rules, position) => parse(variant || '', rules || {}, position || ''),
    state: (id) => session(id).state(),
    play: (id, text) => session(id).play(text),
    move: (id, from, to, promo) => session(id).move(from, to, promo || ''),
    undo: (id) => session(id).undo(),
    goto: (id, n) => session(id).goto(n),
    reset: (id) => session(id).reset(),
    pgn: (id, tags) => session(id).pgn(tags || {}),
    line: (id, text) => session(id).line(text),
    resolve: (id, text, atStart) => session(id).resolve(text, !!atStart),
    loadTable: withTable,
    fetchTable: (id, u) => fetchBytes(u).then((bytes) => withTable(id, bytes)),
    choose(id, strategy, seed) {
      const s = session(id);
      return moveOf(s.game.position(), pick(s, strategy, seed));
    },
    reply(id, strategy, ms, seed) {
      const t0 = performance.now();
      const s = session(id);
      const p = s.game.position();
      const m = pick(s, strategy, seed);
      const move = moveOf(p, m);
      s.game.play(m);
      return { move, state: s.state(), ms: Math.round(performance.now() - t0) };
    },
    analyse: (id) => analyseSession(session(id)),
    judge: (id, text) => judgeMove(session(id), text),
    // table is the game's play table once loaded, for the page's drills
    // (drillpage.js); not a function of the wasm build.
    table: (id) => session(id).table,
    // coords lists the moves played, in coordinates (state().coords
    // without the rest of the state); not a function of the wasm build.
    coords(id) {
      const g = session(id).game;
      const p = g.position();
      return g.moves().map((m) => coord(p.b, m));
    },
  };
}

/**
 * @param {string} u
 * @returns {Promise<Uint8Array>}
 */
function fetchBytes(u) {
  return fetch(u).then((r) => {
    if (!r.ok) throw new Error('table ' + u + ': HTTP ' + r.status);
    return r.arrayBuffer();
  }).then((buf) => new Uint8Array(buf));
}

/** A long call's watch (wire.SearchWatch, wire.SolveWatch). @typedef {wire.SearchWatch | wire.SolveWatch} Watch */

/**
 * lastWatch takes a long call's watch off the end of args, if there: the
 * protocol declares it as the last argument of the long calls, an object
 * with a progress function, which no other argument is.
 * @param {unknown[]} args
 * @returns {Watch | null}
 */
export function lastWatch(args) {
  const last = /** @type {Watch | null} */ (args.length ? args[args.length - 1] : null);
  if (last && typeof last.progress === 'function') {
    args.pop();
    return last;
  }
  return null;
}

/**
 * LocalEngine answers calls at once, in the page.
 * @implements {EngineClient}
 */
export class LocalEngine {
  constructor() {
    this.fns = api(fetchBytes);
    this.ready = Promise.resolve();
  }

  /**
   * call answers fn(...args) as the worker's Engine.call does; a long
   * call's watch is left out (the table answers at once).
   * @template {keyof wire.Calls} K
   * @param {K} fn
   * @param {wire.Calls[K]['args']} args
   * @returns {Promise<wire.Calls[K]['result']>}
   */
  call(fn, ...args) {
    lastWatch(args);
    /** @type {Function} the call's function, if the light engine answers fn */
    const f = this.fns[/** @type {wire.CallSides['local']} */ (fn)];
    if (!f) return Promise.reject(new Error('the table engine of this page cannot ' + fn));
    try {
      return Promise.resolve(f(...args));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  terminate() {}
}

/** @type {LocalEngine | null} */
let shared = null;

/**
 * localEngine returns the page's shared table engine.
 * @returns {LocalEngine}
 */
export function localEngine() {
  if (!shared) shared = new LocalEngine();
  return shared;
}
