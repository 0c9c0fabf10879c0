// The engine client: a Web Worker running the wasm build of the Go
// engine and solver. call(fn, ...args) returns a promise of the parsed
// answer, rejected with the engine's own message on an error.
import { url } from './dom.js';
import { localEngine } from './local.js';

export class Engine {
  constructor() {
    const body = document.body;
    this.worker = new Worker(body.dataset.worker);
    this.seq = 0;
    this.pending = {};
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
  }

  // answer settles the call a worker message answers, or passes it a
  // progress report.
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

  failAll(msg) {
    const p = this.pending;
    this.pending = {};
    Object.keys(p).forEach((k) => p[k].reject(new Error(msg)));
  }

  // call runs one engine function; a last argument {__opts: true,
  // progress} passes progress posts to progress instead.
  call(fn, ...args) {
    let opts = {};
    if (args.length && args[args.length - 1] && args[args.length - 1].__opts) opts = args.pop();
    return this.ready.then(() => new Promise((resolve, reject) => {
      const id = ++this.seq;
      this.pending[id] = { resolve: resolve, reject: reject, progress: opts.progress };
      this.worker.postMessage({ id: id, fn: fn, args: args });
    }));
  }

  // terminate stops the worker and whatever it was computing.
  terminate() {
    this.worker.terminate();
    this.failAll('cancelled');
  }
}

let shared = null;

// engine returns the page's shared engine, started on first use.
export function engine() {
  if (!shared) shared = new Engine();
  return shared;
}

// A mode page without a table plays on the WebAssembly engine: it is
// started as soon as this module runs, before the page's own modules, so
// that fetching and compiling it overlaps with setting the page up.
if (wasmPage()) engine();

function wasmPage() {
  const d = document.body && document.body.dataset.page === 'mode' && document.getElementById('mode-data');
  if (!d) return false;
  try {
    return !JSON.parse(d.textContent).table;
  } catch (err) {
    return false;
  }
}

// engineFor returns the engine a game of data plays on: the page's own
// table engine when the game has an exact table (it needs nothing else),
// otherwise fallback or the shared WebAssembly engine.
export function engineFor(data, fallback) {
  if (data && data.table) return localEngine();
  return fallback || engine();
}
