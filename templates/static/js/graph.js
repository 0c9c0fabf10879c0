// @ts-check
// The state graph of the explorer as data: the page data's nodes, rows,
// lines from the start, the shapes and lines to draw and the visible part
// of the picture. Pure: no DOM, importable from Node.

/**
 * GraphMove is a move of a node; to is the node it leads to, -1 if none.
 * @typedef {{san: string, to: number, flags: number, value: string | null, dtm: number | null, text: string}} GraphMove
 * GraphNode is a state of the graph as readNodes makes it.
 * @typedef {{i: number, x: number, y: number, layer: number, fen: string, value: string, dtm: number, end: string,
 *   parent: number, via: string, flags: number, moves: GraphMove[], text: string, label: string}} GraphNode
 * View is the visible part of the picture, an SVG view box.
 * @typedef {{x: number, y: number, w: number, h: number}} View
 */

// Flags of nodes and moves (see site/explore.go).
export const BEST = 1, SCOPE = 2, DRAWN = 4, SUB = 8;

/**
 * readNodes turns the page data's arrays into objects.
 * @param {wire.ExploreNode[]} raw the page data's nodes
 * @returns {GraphNode[]}
 */
export function readNodes(raw) {
  return raw.map((a, i) => {
    const moves = (a[10] || []).map((m) => ({
      san: m[0], to: m[1], flags: m[2], value: m.length > 3 ? m[3] : null, dtm: m.length > 4 ? m[4] : null, text: m[5] || '',
    }));
    return { i: i, x: a[0], y: a[1], layer: a[2], fen: a[3], value: a[4], dtm: a[5], end: a[6], parent: a[7], via: a[8], flags: a[9], moves: moves, text: a[11] || '', label: a[12] || '' };
  });
}

/**
 * rowsOf lists the node indexes of each layer.
 * @param {GraphNode[]} nodes
 * @returns {number[][]}
 */
export function rowsOf(nodes) {
  const rows = [];
  nodes.forEach((n) => {
    while (rows.length <= n.layer) rows.push([]);
    rows[n.layer].push(n.i);
  });
  return rows;
}

/**
 * rowName names row r of the list: its number, what its layer measures
 * and its number of states.
 * @param {wire.Explore} data
 * @param {GraphNode[]} nodes
 * @param {number[][]} rows
 * @param {number} r
 * @returns {string}
 */
export function rowName(data, nodes, rows, r) {
  const count = rows[r].length;
  const what = data.layering === 'dtm' ? (data.race ? 'plies to the win ' : 'distance to mate ') + nodes[rows[r][0]].dtm : 'ply ' + r;
  return 'Row ' + (r + 1) + ' · ' + what + ' · ' + count + (count === 1 ? ' state' : ' states');
}

/**
 * lineTo returns the moves from the start to node k: their SAN, their
 * coordinates, and the line numbered with the labels the build sent.
 * @param {GraphNode[]} nodes
 * @param {number} k
 * @returns {{san: string[], coords: string[], text: string}}
 */
export function lineTo(nodes, k) {
  const san = [], coords = [], numbered = [];
  let n = nodes[k];
  let guard = nodes.length;
  while (n && n.parent >= 0 && guard-- > 0) {
    const p = nodes[n.parent];
    const child = n;
    const m = p.moves.find((x) => x.to === child.i);
    san.unshift(m ? m.san : n.via);
    coords.unshift(n.via);
    numbered.unshift((n.label ? n.label + ' ' : '') + san[0]);
    n = p;
  }
  return { san: san, coords: coords, text: numbered.join(' ') };
}

/**
 * pathTo is the SVG path from node k back to the start.
 * @param {GraphNode[]} nodes
 * @param {number} k
 * @returns {string}
 */
export function pathTo(nodes, k) {
  let d = '';
  for (let p = nodes[k]; p.parent >= 0; p = nodes[p.parent]) {
    const q = nodes[p.parent];
    d += 'M' + p.x + ' ' + p.y + 'L' + q.x + ' ' + q.y;
  }
  return d;
}

/**
 * edgePaths returns the SVG paths of the drawn moves: plain ones, and
 * those marked by the flag mark (the winning subtree; 0 marks none).
 * @param {GraphNode[]} nodes
 * @param {number} mark
 * @returns {{plain: string, sub: string}}
 */
export function edgePaths(nodes, mark) {
  const plain = [], sub = [];
  nodes.forEach((n) => {
    n.moves.forEach((m) => {
      if (!(m.flags & DRAWN) || m.to < 0) return;
      const t = nodes[m.to];
      ((m.flags & mark) ? sub : plain).push('M' + n.x + ' ' + n.y + 'L' + t.x + ' ' + t.y);
    });
  });
  return { plain: plain.join(''), sub: sub.join('') };
}

/**
 * nodeShape is the SVG element that draws a node, by how its game ended:
 * a square for mate, a diamond for stalemate, a triangle up for
 * insufficient material, down for a race won, a circle otherwise.
 * @param {GraphNode} n
 * @returns {{tag: string, attrs: Record<string, string | number>}}
 */
export function nodeShape(n) {
  const x = n.x, y = n.y;
  const path = (pts) => ({ tag: 'path', attrs: { d: 'M' + pts.map((p) => p[0] + ' ' + p[1]).join('L') + 'Z' } });
  switch (n.end) {
    case 'mate': return { tag: 'rect', attrs: { x: x - 5, y: y - 5, width: 10, height: 10 } };
    case 'stalemate': return path([[x, y - 6], [x + 6, y], [x, y + 6], [x - 6, y]]);
    case 'insufficient': return path([[x, y - 6], [x + 6, y + 5], [x - 6, y + 5]]);
    case 'race': return path([[x - 6, y - 5], [x + 6, y - 5], [x, y + 6]]);
    default: return { tag: 'circle', attrs: { cx: x, cy: y, r: 5 } };
  }
}

/**
 * clampView keeps a view box {x, y, w, h} of a W×H picture at the
 * aspect (height over width) of the box that shows it, the picture's own
 * when not given, between 40 units and twice the picture wide, and at
 * most half off the picture.
 * @param {View} v
 * @param {number} W
 * @param {number} H
 * @param {number} [aspect]
 * @returns {View}
 */
export function clampView(v, W, H, aspect) {
  const w = Math.max(40, Math.min(v.w, W * 2));
  const h = w * (aspect && aspect > 0 ? aspect : H / W);
  return {
    x: Math.max(-w / 2, Math.min(v.x, W - w / 2)),
    y: Math.max(-h / 2, Math.min(v.y, H - h / 2)),
    w: w,
    h: h,
  };
}

/**
 * zoomView scales a view by f around the point (cx, cy), its centre when
 * cx is null.
 * @param {View} v
 * @param {number} f
 * @param {number | null} [cx]
 * @param {number | null} [cy]
 * @returns {View}
 */
export function zoomView(v, f, cx, cy) {
  if (cx == null) { cx = v.x + v.w / 2; cy = v.y + v.h / 2; }
  return { x: cx - (cx - v.x) / f, y: cy - (cy - v.y) / f, w: v.w / f, h: v.h / f };
}

/**
 * revealView centres a view on node n when n is out of it.
 * @param {View} v
 * @param {GraphNode} n
 * @returns {View}
 */
export function revealView(v, n) {
  if (n.x >= v.x && n.x <= v.x + v.w && n.y >= v.y && n.y <= v.y + v.h) return v;
  return { x: n.x - v.w / 2, y: n.y - v.h / 2, w: v.w, h: v.h };
}
