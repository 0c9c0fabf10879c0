// thinchess engine worker: runs the WebAssembly build of the Go engine
// and solver off the page's main thread, so long searches never freeze
// the page. The page sends {type: "init", wasm, wasmExec} once, then
// calls {id, fn, args} and receives {id, result} (the JSON text the
// engine returned) or {id, error}; long solves also post
// {id, progress}. Cancelling a long call means terminating the worker.
'use strict';

var ready = null;
var current = 0;

self.thinchessProgress = function (json) {
  self.postMessage({ id: current, progress: json });
};

function instantiate(url, imports) {
  var fetched = fetch(url, { credentials: 'same-origin' });
  if (WebAssembly.instantiateStreaming) {
    return WebAssembly.instantiateStreaming(fetched, imports).catch(function () {
      // A server that does not send application/wasm: compile from bytes.
      return fetch(url).then(function (r) { return r.arrayBuffer(); })
        .then(function (buf) { return WebAssembly.instantiate(buf, imports); });
    });
  }
  return fetched.then(function (r) { return r.arrayBuffer(); })
    .then(function (buf) { return WebAssembly.instantiate(buf, imports); });
}

function init(wasmExec, wasm) {
  if (typeof WebAssembly !== 'object') {
    return Promise.reject(new Error('WebAssembly is not available in this browser'));
  }
  importScripts(wasmExec);
  var go = new self.Go();
  var started = new Promise(function (resolve) { self.thinchessReady = resolve; });
  return instantiate(wasm, go.importObject).then(function (result) {
    go.run(result.instance);
    return started;
  }).then(warmUp);
}

// warmUp loads and frees a game once: the browser compiles a function of
// the engine when it is first called, and the page's first call then
// finds the functions of a game compiled.
function warmUp() {
  try {
    var r = JSON.parse(self.thinchess.load('chess', {}, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'));
    if (r && r.id) self.thinchess.free(r.id);
  } catch (err) { /* only a warm-up */ }
}

// fetchTable downloads a mode's table and loads it into a game.
function fetchTable(game, url) {
  return fetch(url).then(function (r) {
    if (!r.ok) throw new Error('table ' + url + ': HTTP ' + r.status);
    return r.arrayBuffer();
  }).then(function (buf) {
    return self.thinchess.loadTable(game, new Uint8Array(buf));
  });
}

self.onmessage = function (e) {
  var msg = e.data || {};
  if (msg.type === 'init') {
    ready = init(msg.wasmExec, msg.wasm);
    ready.then(function () {
      self.postMessage({ type: 'ready' });
    }, function (err) {
      self.postMessage({ type: 'fatal', error: String(err && err.message || err) });
    });
    return;
  }
  if (!ready) {
    self.postMessage({ id: msg.id, error: 'the engine is not initialised' });
    return;
  }
  ready.then(function () {
    current = msg.id;
    if (msg.fn === 'fetchTable') return fetchTable(msg.args[0], msg.args[1]);
    var f = self.thinchess[msg.fn];
    if (typeof f !== 'function') throw new Error('unknown engine function ' + msg.fn);
    return f.apply(null, msg.args || []);
  }).then(function (result) {
    self.postMessage({ id: msg.id, result: result });
  }, function (err) {
    self.postMessage({ id: msg.id, error: String(err && err.message || err) });
  });
};
