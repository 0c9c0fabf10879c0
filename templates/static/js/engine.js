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
 * HybridEngine plays a game without a table on the page's JavaScript
 * rules, ready at once, and asks the WebAssembly engine only what needs
 * its searchers. The game is kept once, in the page: a search loads it
 * into the worker as it stands, from its start with the moves played
 * (the searchers see the same history, for repetitions), asks, and frees
 * it; a reply the worker plays is then played in the page. The
 * WebAssembly engine is started at the first search (a page that needs
 * it at once starts it earlier, see wasmPage).
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
    /** @type {Map<number, wire.Calls['load']['args']>} how each game was loaded, by its id */
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
        this.games.set(r.id, loose);
        return r;
      }));
    }
    if (fn === 'free') this.games.delete(loose[0]);
    const load = this.games.get(loose[0]);
    if (!SEARCHES.has(fn) || !load) return this.local.call(fn, ...args);
    return this.search(load, fn, loose, lastWatch(args));
  }

  /**
   * search loads the game into the worker as it stands and asks it.
   * @param {wire.Calls['load']['args']} load how the game was loaded
   * @param {string} fn one of SEARCHES
   * @param {[number, ...unknown[]]} args the game's id, then the search's
   * @param {import('./local.js').Watch | null} watch passed on to the worker's call
   * @returns {Promise<any>}
   */
  async search(load, fn, args, watch) {
    if (!this.wasm) this.wasm = this.wasmOf();
    const id = args[0];
    const coords = await this.local.call('coords', id);
    const game = (await this.wasm.call('load', load[0], load[1], load[2], coords)).id;
    const rest = args.slice(1);
    if (watch) rest.push(watch);
    /** @type {any} a reply or an analysis, by fn */
    let answer;
    try {
      answer = await this.wasm.call(/** @type {any} */ (fn), game, ...rest);
    } finally {
      this.wasm.call('free', game).catch(() => {});
    }
    if (fn !== 'reply') return answer;
    // The game may have moved on meanwhile (an undo while the computer
    // thought): the reply is then not played, as the page drops it.
    const now = await this.local.call('coords', id);
    if (now.join(' ') !== coords.join(' ')) return { ...answer, state: await this.local.call('state', id) };
    const m = answer.move;
    return { ...answer, state: await this.local.call('move', id, m.from, m.to, m.promo) };
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
