// @ts-check
// Shared helpers of the page. Everything the pages show from the URL,
// storage, the engine or a typed field goes in through textContent,
// never as HTML.

// TC is the page seen from outside: the browser tests and the console
// read TC.page (the page's controller) and TC.readyAt (when its board
// became interactive, in ms since navigation).
/** @type {{page?: any, readyAt?: number, [k: string]: any}} */
export const TC = (globalThis.TC = globalThis.TC || {});

/**
 * $ returns the first element matching sel in root (the document).
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {any} the element, or null (any: callers know its kind)
 */
export function $(sel, root) { return (root || document).querySelector(sel); }

/**
 * $$ returns every element matching sel in root (the document).
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {any[]}
 */
export function $$(sel, root) { return Array.from((root || document).querySelectorAll(sel)); }

/**
 * el makes an element with attributes and text content; an attribute
 * false or null is left out, true is set empty.
 * @param {string} tag
 * @param {Record<string, unknown> | null} [attrs]
 * @param {unknown} [text]
 * @returns {any}
 */
export function el(tag, attrs, text) {
  const e = document.createElement(tag);
  if (attrs) {
    Object.keys(attrs).forEach((k) => {
      if (attrs[k] === false || attrs[k] == null) return;
      e.setAttribute(k, attrs[k] === true ? '' : String(attrs[k]));
    });
  }
  if (text != null) e.textContent = String(text);
  return e;
}

export const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * svgEl makes an SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @returns {SVGElement}
 */
export function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG_NS, tag);
  Object.keys(attrs || {}).forEach((k) => e.setAttribute(k, String(attrs[k])));
  return e;
}

/**
 * svgPiece draws a piece ("wk") with the page's sprite.
 * @param {string} code
 * @returns {SVGElement}
 */
export function svgPiece(code) {
  const svg = svgEl('svg', { class: 'pc ' + code[0], 'aria-hidden': 'true', focusable: 'false' });
  svg.appendChild(svgEl('use', { href: '#p-' + code[1] }));
  return svg;
}

/**
 * json reads a <script type="application/json"> element, null when it
 * is missing or not JSON.
 * @param {string} id
 * @returns {any}
 */
export function json(id) {
  const e = document.getElementById(id);
  if (!e) return null;
  try {
    return JSON.parse(e.textContent);
  } catch (err) {
    return null;
  }
}

/**
 * fetchJSON fetches and parses JSON, failing on an HTTP error; offline,
 * the service worker answers from its caches.
 * @param {string} u
 * @returns {Promise<any>}
 */
export function fetchJSON(u) {
  return fetch(u).then((r) => {
    if (!r.ok) throw new Error(u + ': ' + r.status);
    return r.json();
  });
}

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

/**
 * afterPaint resolves once the browser has painted the current frame:
 * what may wait (a puzzle's table, the engine) is asked for after the
 * text is painted.
 * @returns {Promise<void>}
 */
export function afterPaint() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * formatCount writes a count n (a whole number) as "30,080". Neither
 * toLocaleString nor Intl.NumberFormat: the first use of either loads
 * the browser's locale data, a third of a second on a slow phone.
 * @param {number} n
 * @returns {string}
 */
export function formatCount(n) { return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ','); }

/**
 * url resolves a URL relative to the page.
 * @param {string} rel
 * @returns {string}
 */
export function url(rel) { return new URL(rel, document.baseURI).href; }

// store reads and writes localStorage, surviving a disabled storage.
export const store = {
  /**
   * @param {string} key
   * @returns {string | null}
   */
  get(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  },
  /**
   * @param {string} key
   * @param {string} value
   * @returns {boolean} whether it was stored
   */
  set(key, value) {
    try { localStorage.setItem(key, value); return true; } catch (e) { return false; }
  },
  /** @param {string} key */
  remove(key) {
    try { localStorage.removeItem(key); } catch (e) { /* nothing to remove */ }
  },
};

/**
 * saveFile offers text to the reader as a JSON file named name (a
 * download made in the page: nothing is sent anywhere).
 * @param {string} name
 * @param {string} text
 */
export function saveFile(name, text) {
  const blob = new Blob([text], { type: 'application/json' });
  const a = el('a', { href: URL.createObjectURL(blob), download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * copyText copies to the clipboard, falling back to a selected field.
 * @param {string} text
 * @returns {Promise<void>}
 */
export function copyText(text) {
  if (navigator.clipboard && navigator.clipboard.writeText) {
    return navigator.clipboard.writeText(text);
  }
  return new Promise((resolve, reject) => {
    const t = el('textarea', { 'aria-hidden': 'true', class: 'visually-hidden' });
    t.value = text;
    document.body.appendChild(t);
    t.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    t.remove();
    if (ok) resolve(); else reject(new Error('copy failed'));
  });
}

/**
 * announce speaks a message through the page's live region.
 * @param {string} text
 */
export function announce(text) {
  const a = document.getElementById('announcer');
  if (!a) return;
  a.textContent = '';
  // A fresh text node makes screen readers speak repeated messages too.
  setTimeout(() => { a.textContent = text; }, 30);
}

// markReady records that the page's board is interactive.
export function markReady() {
  if (!TC.readyAt) TC.readyAt = performance.now();
  document.body.classList.add('engine-ready');
}

/**
 * ready runs fn once the document is parsed.
 * @param {() => void} fn
 */
export function ready(fn) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn);
  else fn();
}

/**
 * onPage starts a page's controller when the body's data-page is kind:
 * start returns the controller, which becomes TC.page.
 * @param {string} kind
 * @param {() => unknown} start
 */
export function onPage(kind, start) {
  ready(() => {
    if (document.body.dataset.page !== kind) return;
    const c = start();
    if (c) TC.page = c;
  });
}

/**
 * boardIntoView scrolls the page back to its top, where the board and
 * Next are, when a choice made below them (a picker's button, a mode on
 * a phone) left the board out of view.
 */
export function boardIntoView() {
  const b = $('#board');
  if (!b) return;
  const r = b.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) window.scrollTo(0, 0);
}
