import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HybridEngine } from './engine.js';
import { LocalEngine } from './local.js';

// fakeWasm stands for the WebAssembly engine: the page's own rules, and
// searchers that answer from the worker's game (reply plays the first
// legal move in canonical order; analyse reports the moves of the game).
function fakeWasm(gate) {
  const e = new LocalEngine();
  const calls = [];
  const call = e.call.bind(e);
  e.calls = calls;
  e.call = async (fn, ...args) => {
    calls.push(fn);
    if (fn === 'analyse') return { coords: await call('coords', args[0]) };
    if (fn === 'reply') {
      if (gate) await gate;
      const s = await call('state', args[0]);
      const first = Object.values(s.legal).flat().sort((a, b) => (a.coord < b.coord ? -1 : 1))[0];
      const state = await call('move', args[0], first.from, first.to, first.promo);
      return { move: first, state, ms: 0 };
    }
    return call(fn, ...args);
  };
  return e;
}

const START = 'bk,bn,br,x,x,wr,wn,wk:w';

test('a search sees the game as it stands: moves, take-backs, a reset', async () => {
  const wasm = fakeWasm();
  const h = new HybridEngine(() => wasm);
  const { id } = await h.call('load', '1d', {}, START);
  await h.call('move', id, 'a3', 'a4', '');
  let r = await h.call('reply', id, 'perfect', 10, 1);
  assert.equal(r.state.cursor, 2);
  assert.deepEqual((await h.call('analyse', id)).coords, r.state.coords);
  await h.call('goto', id, 0);
  await h.call('move', id, 'a2', 'a4', '');
  const s = await h.call('state', id);
  assert.deepEqual((await h.call('analyse', id)).coords, s.coords);
  await h.call('reset', id);
  assert.deepEqual((await h.call('analyse', id)).coords, []);
  // The game is kept once, in the page: each search loads it into the
  // worker in one call, as it stands, and frees it after.
  const count = (fn) => wasm.calls.filter((c) => c === fn).length;
  assert.equal(count('load'), 4);
  assert.equal(count('free'), 4);
  assert.equal(count('play'), 0);
});

test('a reply that comes after an undo is not played', async () => {
  let open;
  const wasm = fakeWasm(new Promise((resolve) => { open = resolve; }));
  const h = new HybridEngine(() => wasm);
  const { id } = await h.call('load', '1d', {}, START);
  await h.call('move', id, 'a3', 'a4', '');
  const pending = h.call('reply', id, 'perfect', 10, 1);
  while (!wasm.calls.includes('reply')) await new Promise((r) => setTimeout(r, 1));
  await h.call('undo', id); // while the worker thinks
  open();
  const r = await pending;
  assert.equal(r.state.cursor, 0);
  assert.equal((await h.call('state', id)).cursor, 0);
  // The next search sees the game as it is.
  assert.deepEqual((await h.call('analyse', id)).coords, []);
});

test('game calls never reach the worker, nor start it', async () => {
  const wasm = fakeWasm();
  let started = 0;
  const h = new HybridEngine(() => { started++; return wasm; });
  const { id } = await h.call('load', '1d', {}, START);
  await h.call('move', id, 'a3', 'a4', '');
  await h.call('state', id);
  await h.call('pgn', id, {});
  await h.call('free', id);
  assert.deepEqual(wasm.calls, []);
  assert.equal(started, 0);
});
