// @ts-check
// The engine client: a Web Worker running the wasm build of the Go
// engine and solver. call(fn, ...args) returns a promise of the parsed
// answer, rejected with the engine's own message on an error; a long
// call's last argument, its watch {progress}, receives its progress.
// stop() ends the long call running with what it found so far. The calls
// are declared in Go (wire.Calls) and typed by the generated
// wire-protocol.d.ts.
import { url, json, TC } from './dom.js';
import { localEngine, LocalEngine, lastWatch } from './local.js';

/** @typedef {import('./local.js').Watch} Watch */

/** @implements {EngineClient} */
export class Engine {
  constructor() {
    const body = document.body;
    this.worker = new Worker(body.dataset.worker);
    this.seq = 0;
    /** @type {Record<number, {resolve: (v: any) => void, reject: (e: Error) => void, progress?: (p: any) => void}>} */
    this.pending = {};
    /** @type {Promise<void>} */
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (e) => {
        const m = e.data || {};
        if (m.type === 'ready') { resolve(); return; }
        if (m.type === 'fatal') { reject(new Error(m.error)); this.failAll(m.error); return; }
        this.answer(m);
      };
      this.worker.onerror = (e) => {
        const msg = (e && e.message) || 'the engine worker failed';
        reject(new Error(msg));
        this.failAll(msg);
      };
    });
    this.worker.postMessage({ type: 'init', wasm: url(body.dataset.wasm), wasmExec: url(body.dataset.wasmExec) });
    // While the engine loads the page holds back the service worker,
    // whose download of the app shell would compete with it.
    body.classList.add('wasm-loading');
    const loaded = () => {
      const tc = /** @type {any} */ (TC);
      if (!tc.wasmReadyAt) tc.wasmReadyAt = performance.now();
      body.classList.remove('wasm-loading');
    };
    this.ready.then(loaded, loaded);
  }

  /**
   * answer settles the call a worker message answers, or passes it a
   * progress report.
   * @param {{id: number, result?: any, error?: string, progress?: string}} m
   */
  answer(m) {
    const p = this.pending[m.id];
    if (!p) return;
    if (m.progress !== undefined) {
      if (p.progress) {
        try { p.progress(JSON.parse(m.progress)); } catch (err) { /* ignore a bad progress line */ }
      }
      return;
    }
    delete this.pending[m.id];
    if (m.error !== undefined) { p.reject(new Error(m.error)); return; }
    let v;
    try { v = typeof m.result === 'string' ? JSON.parse(m.result) : m.result; } catch (err) { p.reject(err); return; }
    if (v && typeof v === 'object' && typeof v.error === 'string') p.reject(new Error(v.error));
    else p.resolve(v);
  }

  /** @param {string} msg */
  failAll(msg) {
    const p = this.pending;
    this.pending = {};
    Object.keys(p).forEach((k) => p[k].reject(new Error(msg)));
  }

  /**
   * call runs one engine function; a long call's watch, its last
   * argument, receives the call's progress posts.
   * @template {keyof wire.Calls} K
   * @param {K} fn
   * @param {wire.Calls[K]['args']} args
   * @returns {Promise<wire.Calls[K]['result']>}
   */
  call(fn, ...args) {
    const watch = lastWatch(args);
    return this.ready.then(() => new Promise((resolve, reject) => {
      const id = ++this.seq;
      this.pending[id] = { resolve: resolve, reject: reject, progress: watch && watch.progress };
      this.worker.postMessage({ id: id, fn: fn, args: args });
    }));
  }

  /** stop ends the long call running (a reply, an analysis) with what it found so far. */
  stop() {
    this.worker.postMessage({ type: 'stop' });
  }

  /** terminate stops the worker and whatever it was computing. */
  terminate() {
    this.worker.terminate();
    this.failAll('cancelled');
  }
}

/** @type {Engine | null} */
let shared = null;

/**
 * engine returns the page's shared engine, started on first use.
 * @returns {Engine}
 */
export function engine() {
  if (!shared) shared = new Engine();
  return shared;
}

// A mode page without a table or a puzzle tree needs the WebAssembly
// engine's searchers for the computer's moves: it is started as soon as
// this module runs, before the page's own modules, so that fetching and
// compiling it overlaps with setting the page up.
if (wasmPage()) engine();

function wasmPage() {
  if (typeof document === 'undefined' || !document.body || document.body.dataset.page !== 'mode') return false; // or Node's unit tests
  const data = json('mode-data');
  // A puzzle follows its solution tree: the engine waits for a move that
  // leaves it.
  return !!data && !data.table && !(data.puzzle && data.puzzle.tree);
}

// SEARCHES are the calls only the WebAssembly engine answers on a page
// without a table: they need its searchers.
const SEARCHES = new Set(['choose', 'reply', 'analyse', 'judge']);

/**
 * A game of a HybridEngine: how to load it again, the worker's copy of
 * it (its id and the moves played on it), and the chain of its searches.
 * @typedef {{args: wire.Calls['load']['args'], copy: {id: number, coords: string[]} | null, queue: Promise<unknown>}} HybridGame
 */

/**
 * HybridEngine plays a game without a table on the page's JavaScript
 * rules, ready at once, and asks the WebAssembly engine only what needs
 * its searchers. Before such a call it brings a copy of the game in the
 * worker to the same moves (the searchers see the same history, for
 * repetitions); a reply the worker plays is then played in the page too.
 * The WebAssembly engine is started at the first search (a page that
 * needs it at once starts it earlier, see wasmPage).
 * @implements {EngineClient}
 */
export class HybridEngine {
  /** @param {() => EngineClient} wasmOf returns the WebAssembly engine, asked for at the first search */
  constructor(wasmOf) {
    this.local = new LocalEngine();
    this.wasmOf = wasmOf;
    /** @type {EngineClient | null} */
    this.wasm = null;
    this.ready = Promise.resolve();
    /** @type {Map<number, HybridGame>} by the local game's id */
    this.games = new Map();
  }

  /**
   * call answers fn(...args) on the page's rules, or a search in the
   * worker (SEARCHES).
   * @template {keyof wire.Calls} K
   * @param {K} fn
   * @param {wire.Calls[K]['args']} args
   * @returns {Promise<wire.Calls[K]['result']>}
   */
  call(fn, ...args) {
    // The calls are told apart by name, which does not narrow K: the
    // arguments and answers are the declared ones by the name's test.
    const loose = /** @type {any} */ (args);
    if (fn === 'load') {
      return /** @type {Promise<any>} */ (this.local.call('load', .../** @type {wire.Calls['load']['args']} */ (loose)).then((r) => {
        this.games.set(r.id, { args: loose, copy: null, queue: Promise.resolve() });
        return r;
      }));
    }
    if (fn === 'free') {
      const g = this.games.get(loose[0]);
      this.games.delete(loose[0]);
      if (g) g.queue.then(() => { if (g.copy) this.wasm.call('free', g.copy.id).catch(() => {}); });
      return /** @type {Promise<any>} */ (this.local.call('free', loose[0]));
    }
    const g = this.games.get(loose[0]);
    if (!SEARCHES.has(fn) || !g) return this.local.call(fn, ...args);
    const watch = lastWatch(args);
    // One search at a time per game, so that the copy stays in step.
    const run = g.queue.then(() => this.search(g, fn, loose, watch));
    g.queue = run.catch(() => {});
    return run;
  }

  /**
   * search brings the worker's copy to the game's moves and asks it.
   * @param {HybridGame} g
   * @param {string} fn one of SEARCHES
   * @param {[number, ...unknown[]]} args the game's id, then the search's
   * @param {Watch | null} watch passed on to the worker's call
   * @returns {Promise<any>}
   */
  async search(g, fn, args, watch) {
    if (!this.wasm) this.wasm = this.wasmOf();
    const id = args[0];
    const coords = await this.local.call('coords', id);
    let copy = g.copy;
    const inStep = copy && copy.coords.length <= coords.length && copy.coords.every((c, i) => c === coords[i]);
    if (!inStep) {
      if (copy) this.wasm.call('free', copy.id).catch(() => {});
      g.copy = null;
      const r = await this.wasm.call('load', ...g.args);
      copy = g.copy = { id: r.id, coords: [] };
    }
    for (const c of coords.slice(copy.coords.length)) {
      await this.wasm.call('play', copy.id, c);
      copy.coords.push(c);
    }
    const rest = args.slice(1);
    if (watch) rest.push(watch);
    /** @type {any} a reply or an analysis, by fn */
    const answer = await this.wasm.call(/** @type {any} */ (fn), copy.id, ...rest);
    if (fn !== 'reply') return answer;
    copy.coords.push(answer.move.coord);
    // The game may have moved on meanwhile (an undo while the computer
    // thought): the reply is then not played, as the page drops it.
    const now = await this.local.call('coords', id);
    if (now.join(' ') !== coords.join(' ')) return { ...answer, state: await this.local.call('state', id) };
    const m = answer.move;
    const state = await this.local.call('move', id, m.from, m.to, m.promo);
    return { ...answer, state };
  }

  /** stop ends the search running in the worker with what it found so far. */
  stop() { if (this.wasm && this.wasm.stop) this.wasm.stop(); }

  terminate() { if (this.wasm) this.wasm.terminate(); }
}

/** @type {HybridEngine | null} */
let hybrid = null;

/**
 * engineFor returns the engine a game of data plays on: the page's own
 * table engine when the game has an exact table (it needs nothing else);
 * otherwise, without bans (which the page's rules do not play), the
 * page's rules with the WebAssembly engine's searchers; else fallback or
 * the shared WebAssembly engine.
 * @param {any} data the mode's data
 * @param {EngineClient} [fallback]
 * @returns {EngineClient}
 */
export function engineFor(data, fallback) {
  if (data && data.table) return localEngine();
  const rules = (data && ((data.game && data.game.rules) || data.rules)) || {};
  if (!fallback && !rules.bans) {
    if (!hybrid) hybrid = new HybridEngine(engine);
    return hybrid;
  }
  return fallback || engine();
}
