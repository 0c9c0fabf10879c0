import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DRAWN, SUB, readNodes, rowsOf, rowName, lineTo, pathTo, edgePaths, nodeShape, clampView, zoomView, revealView } from './graph.js';

// A start with two moves, one to a mate, one to a state off the page.
const raw = [
  [10, 10, 0, 'k1K w - - 0 1', 'W', 1, '-', -1, '', 0, [['Kb1', 1, DRAWN | SUB], ['Kc2', -1, 0, 'D', -1, 'Draw']], 'White wins, mate in 1 ply', ''],
  [20, 30, 1, 'kK1 b - - 1 1', 'W', 0, 'mate', 0, 'c1b1', SUB, [], 'White has won (checkmate)', '1.'],
];

test('readNodes, rows and lines', () => {
  const nodes = readNodes(raw);
  assert.equal(nodes[1].end, 'mate');
  assert.deepEqual(nodes[0].moves[1], { san: 'Kc2', to: -1, flags: 0, value: 'D', dtm: -1, text: 'Draw' });
  assert.equal(nodes[1].text, 'White has won (checkmate)');
  assert.equal(nodes[0].moves[0].value, null);
  assert.deepEqual(rowsOf(nodes), [[0], [1]]);
  assert.deepEqual(lineTo(nodes, 1), { san: ['Kb1'], coords: ['c1b1'], text: '1. Kb1' });
  assert.deepEqual(lineTo(nodes, 0), { san: [], coords: [], text: '' });
  assert.equal(pathTo(nodes, 1), 'M20 30L10 10');
  assert.equal(rowName({ layering: 'dtm' }, nodes, rowsOf(nodes), 1), 'Row 2 · distance to mate 0 · 1 state');
  assert.equal(rowName({ layering: 'dtm', race: true }, nodes, rowsOf(nodes), 0), 'Row 1 · plies to the win 1 · 1 state');
  assert.equal(rowName({}, nodes, rowsOf(nodes), 1), 'Row 2 · ply 1 · 1 state');
});

test('edges and shapes', () => {
  const nodes = readNodes(raw);
  assert.deepEqual(edgePaths(nodes, 0), { plain: 'M10 10L20 30', sub: '' });
  assert.deepEqual(edgePaths(nodes, SUB), { plain: '', sub: 'M10 10L20 30' });
  assert.deepEqual(nodeShape(nodes[1]), { tag: 'rect', attrs: { x: 15, y: 25, width: 10, height: 10 } });
  assert.deepEqual(nodeShape(nodes[0]), { tag: 'circle', attrs: { cx: 10, cy: 10, r: 5 } });
  assert.equal(nodeShape({ x: 0, y: 0, end: 'stalemate' }).attrs.d, 'M0 -6L6 0L0 6L-6 0Z');
});

test('the view keeps its aspect, size and place', () => {
  assert.deepEqual(clampView({ x: 0, y: 0, w: 10, h: 1 }, 100, 50), { x: 0, y: 0, w: 40, h: 20 });
  assert.deepEqual(clampView({ x: 500, y: -500, w: 1000, h: 1 }, 100, 50), { x: 0, y: -50, w: 200, h: 100 });
  assert.deepEqual(zoomView({ x: 0, y: 0, w: 100, h: 50 }, 2), { x: 25, y: 12.5, w: 50, h: 25 });
  assert.deepEqual(zoomView({ x: 0, y: 0, w: 100, h: 50 }, 2, 0, 0), { x: 0, y: 0, w: 50, h: 25 });
  const v = { x: 0, y: 0, w: 40, h: 20 };
  assert.equal(revealView(v, { x: 10, y: 10 }), v);
  assert.deepEqual(revealView(v, { x: 100, y: 100 }), { x: 80, y: 90, w: 40, h: 20 });
});
