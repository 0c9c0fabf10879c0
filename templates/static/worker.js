// @ts-check
// thinchess engine worker: runs the WebAssembly build of the Go engine
// and solver off the page's main thread, so long searches never freeze
// the page. The page sends {type: "init", wasm, wasmExec} once, then
// calls {id, fn, args} and receives {id, result} (the JSON text the
// engine returned) or {id, error}; long calls also post {id, progress}.
// Calls run one at a time, in the order they came. {type: "stop"} asks
// the long call running (a reply or an analysis) to end with what it has
// found so far; its answer then comes as usual.
'use strict';

/** The worker's global scope, as this script uses it. */
const scope = /** @type {any} */ (self);

/** @type {Promise<void> | null} */
let ready = null;
/** The id of the call running, 0 when none. */
let current = 0;
/** The calls run one after the other on this chain. */
let queue = Promise.resolve();

/** @param {string} json a progress report of the call running */
scope.thinchessProgress = function (json) {
  scope.postMessage({ id: current, progress: json });
};

/**
 * instantiate compiles and instantiates the engine.
 * @param {string} url
 * @param {WebAssembly.Imports} imports
 * @returns {Promise<WebAssembly.WebAssemblyInstantiatedSource>}
 */
function instantiate(url, imports) {
  const fetched = fetch(url, { credentials: 'same-origin' });
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

/**
 * init loads Go's wasm_exec.js and starts the engine.
 * @param {string} wasmExec
 * @param {string} wasm
 * @returns {Promise<void>}
 */
function init(wasmExec, wasm) {
  if (typeof WebAssembly !== 'object') {
    return Promise.reject(new Error('WebAssembly is not available in this browser'));
  }
  scope.importScripts(wasmExec);
  const go = new scope.Go();
  const started = new Promise(function (resolve) { scope.thinchessReady = resolve; });
  return instantiate(wasm, go.importObject).then(function (result) {
    // An engine that exits before it says it is ready fails the start,
    // rather than leaving every call waiting.
    const exited = go.run(result.instance).then(function () {
      throw new Error('the engine stopped before it was ready');
    });
    return Promise.race([started, exited]);
  }).then(warmUp);
}

// warmUp loads and frees a game once: the browser compiles a function of
// the engine when it is first called, and the page's first call then
// finds the functions of a game compiled.
function warmUp() {
  try {
    const r = JSON.parse(scope.thinchess.load('chess', {}, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'));
    if (r && r.id) scope.thinchess.free(r.id);
  } catch (err) { /* only a warm-up */ }
}

/**
 * fetchTable downloads a mode's table and loads it into a game.
 * @param {number} game
 * @param {string} url
 * @returns {Promise<string>}
 */
function fetchTable(game, url) {
  return fetch(url).then(function (r) {
    if (!r.ok) throw new Error('table ' + url + ': HTTP ' + r.status);
    return r.arrayBuffer();
  }).then(function (buf) {
    return scope.thinchess.loadTable(game, new Uint8Array(buf));
  });
}

/**
 * run makes one call of the engine; a long call's answer is a Promise.
 * @param {{id: number, fn: string, args?: any[]}} msg
 * @returns {Promise<string>}
 */
function run(msg) {
  current = msg.id;
  if (msg.fn === 'fetchTable') return fetchTable(msg.args[0], msg.args[1]);
  const f = scope.thinchess[msg.fn];
  if (typeof f !== 'function') throw new Error('unknown engine function ' + msg.fn);
  return f.apply(null, msg.args || []);
}

/** @param {any} err */
function message(err) {
  return String((err && err.message) || err);
}

scope.onmessage = function (/** @type {MessageEvent} */ e) {
  const msg = e.data || {};
  if (msg.type === 'init') {
    ready = init(msg.wasmExec, msg.wasm);
    ready.then(function () {
      scope.postMessage({ type: 'ready' });
    }, function (err) {
      scope.postMessage({ type: 'fatal', error: message(err) });
    });
    return;
  }
  if (msg.type === 'stop') {
    // Only the call running can be stopped; a stop that comes after it
    // ended is for nothing.
    if (current && scope.thinchess && scope.thinchess.stop) scope.thinchess.stop();
    return;
  }
  if (!ready) {
    scope.postMessage({ id: msg.id, error: 'the engine is not initialised' });
    return;
  }
  const call = queue.then(function () { return ready; }).then(function () { return run(msg); });
  queue = call.then(function () { current = 0; }, function () { current = 0; });
  call.then(function (result) {
    scope.postMessage({ id: msg.id, result: result });
  }, function (err) {
    scope.postMessage({ id: msg.id, error: message(err) });
  });
};
