// Shared helpers. Everything the pages show from the URL, storage, the
// engine or a typed field goes in through textContent, never as HTML.
(function (TC) {
  'use strict';

  TC.$ = function (sel, root) { return (root || document).querySelector(sel); };
  TC.$$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  // el makes an element with attributes and text content.
  TC.el = function (tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (attrs[k] === false || attrs[k] == null) return;
        e.setAttribute(k, attrs[k] === true ? '' : String(attrs[k]));
      });
    }
    if (text != null) e.textContent = String(text);
    return e;
  };

  // svgPiece draws a piece ("wk") with the page's sprite.
  TC.svgPiece = function (code) {
    var NS = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('class', 'pc ' + code[0]);
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    var use = document.createElementNS(NS, 'use');
    use.setAttribute('href', '#p-' + code[1]);
    svg.appendChild(use);
    return svg;
  };

  // json reads a <script type="application/json"> element.
  TC.json = function (id) {
    var e = document.getElementById(id);
    if (!e) return null;
    try {
      return JSON.parse(e.textContent);
    } catch (err) {
      return null;
    }
  };

  TC.sleep = function (ms) { return new Promise(function (r) { setTimeout(r, ms); }); };

  TC.url = function (rel) { return new URL(rel, document.baseURI).href; };

  var names = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
  TC.pieceName = function (code) {
    if (!code) return 'empty';
    return (code[0] === 'w' ? 'white ' : 'black ') + names[code[1]];
  };
  TC.typeName = function (letter) { return names[letter] || letter; };

  // squareName names square index i (a1 = 0, then along rank 1) on a
  // board w files wide.
  TC.squareName = function (w, i) {
    return String.fromCharCode(97 + (i % w)) + (Math.floor(i / w) + 1);
  };
  TC.squareIndex = function (w, name) {
    var f = name.charCodeAt(0) - 97;
    var r = parseInt(name.slice(1), 10) - 1;
    return r * w + f;
  };

  // store reads and writes localStorage, surviving a disabled storage.
  TC.store = {
    get: function (key) {
      try { return localStorage.getItem(key); } catch (e) { return null; }
    },
    set: function (key, value) {
      try { localStorage.setItem(key, value); return true; } catch (e) { return false; }
    },
    remove: function (key) {
      try { localStorage.removeItem(key); } catch (e) { /* nothing to remove */ }
    },
  };

  TC.capitalize = function (s) { return s ? s[0].toUpperCase() + s.slice(1) : s; };

  // numberedLine formats SAN moves with move numbers from a side and move.
  TC.numberedLine = function (sans, side, fullmove) {
    var out = [];
    var n = fullmove || 1;
    var black = side === 'black';
    sans.forEach(function (m, i) {
      if (!black) out.push(n + '.');
      else if (i === 0) out.push(n + '…');
      out.push(m);
      if (black) n++;
      black = !black;
    });
    return out.join(' ');
  };

  TC.valueText = function (value) {
    return { 'white-wins': 'White wins', 'black-wins': 'Black wins', draw: 'Draw' }[value] || 'Unknown';
  };

  // copyText copies to the clipboard, falling back to a selected field.
  TC.copyText = function (text) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var t = TC.el('textarea', { 'aria-hidden': 'true', class: 'visually-hidden' });
      t.value = text;
      document.body.appendChild(t);
      t.select();
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      t.remove();
      if (ok) resolve(); else reject(new Error('copy failed'));
    });
  };

  TC.announce = function (text) {
    var a = document.getElementById('announcer');
    if (!a) return;
    a.textContent = '';
    // A fresh text node makes screen readers speak repeated messages too.
    setTimeout(function () { a.textContent = text; }, 30);
  };
})(window.TC = window.TC || {});
