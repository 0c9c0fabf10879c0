// The engine client: a Web Worker running the wasm build of the Go
// engine and solver. call(fn, ...args) returns a promise of the parsed
// answer, rejected with the engine's own message on an error.
(function (TC) {
  'use strict';

  function Engine() {
    var body = document.body;
    this.worker = new Worker(body.dataset.worker);
    this.seq = 0;
    this.pending = {};
    this.onprogress = null;
    var self = this;
    this.ready = new Promise(function (resolve, reject) {
      self.worker.onmessage = function (e) {
        var m = e.data || {};
        if (m.type === 'ready') { resolve(); return; }
        if (m.type === 'fatal') { reject(new Error(m.error)); self.failAll(m.error); return; }
        var p = self.pending[m.id];
        if (!p) return;
        if (m.progress !== undefined) {
          if (p.progress) {
            try { p.progress(JSON.parse(m.progress)); } catch (err) { /* ignore a bad progress line */ }
          }
          return;
        }
        delete self.pending[m.id];
        if (m.error !== undefined) { p.reject(new Error(m.error)); return; }
        var v;
        try { v = typeof m.result === 'string' ? JSON.parse(m.result) : m.result; } catch (err) { p.reject(err); return; }
        if (v && typeof v === 'object' && typeof v.error === 'string') p.reject(new Error(v.error));
        else p.resolve(v);
      };
      self.worker.onerror = function (e) {
        var msg = (e && e.message) || 'the engine worker failed';
        reject(new Error(msg));
        self.failAll(msg);
      };
    });
    this.worker.postMessage({ type: 'init', wasm: TC.url(body.dataset.wasm), wasmExec: TC.url(body.dataset.wasmExec) });
  }

  Engine.prototype.failAll = function (msg) {
    var p = this.pending;
    this.pending = {};
    Object.keys(p).forEach(function (k) { p[k].reject(new Error(msg)); });
  };

  // call runs one engine function; opts.progress receives progress posts.
  Engine.prototype.call = function (fn) {
    var args = Array.prototype.slice.call(arguments, 1);
    var opts = {};
    if (args.length && args[args.length - 1] && args[args.length - 1].__opts) opts = args.pop();
    var self = this;
    return this.ready.then(function () {
      return new Promise(function (resolve, reject) {
        var id = ++self.seq;
        self.pending[id] = { resolve: resolve, reject: reject, progress: opts.progress };
        self.worker.postMessage({ id: id, fn: fn, args: args });
      });
    });
  };

  // terminate stops the worker and whatever it was computing.
  Engine.prototype.terminate = function () {
    this.worker.terminate();
    this.failAll('cancelled');
  };

  TC.Engine = Engine;
  var shared = null;
  // TC.engine returns the page's shared engine, started on first use.
  TC.engine = function () {
    if (!shared) shared = new Engine();
    return shared;
  };
})(window.TC = window.TC || {});
