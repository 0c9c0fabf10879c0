// @ts-check
// thinchess service worker. It precaches the app shell (SHELL: pages and
// assets whose number does not grow with the puzzles; VERSION, PRECACHE,
// INDEX, SITE and OFFLINE are generated above, typed in
// types/serviceworker.d.ts) and keeps everything else the reader visits
// or downloads (mode pages, puzzle chunks, tables) in DATA, which
// outlives deploys: its files are named by content, so a new deploy
// fetches only what changed. Everything is answered from the caches
// first; offline, a page neither cached nor reachable is answered with
// the offline page (OFFLINE), at the address asked for: it says the page
// is not saved and lists what is. A new build's worker waits until the
// page asks it to take over (the "update available" prompt); then it
// deletes the old shell and the files of DATA the new build no longer
// has, and fetches the new version of the pages kept there.
'use strict';

var sw = /** @type {ServiceWorkerScope} */ (/** @type {unknown} */ (self));
var PREFIX = 'thinchess-';
var SHELL = PREFIX + 'shell-' + VERSION;
var DATA = PREFIX + 'data';

sw.addEventListener('install', function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.addAll(PRECACHE.map(function (u) { return new Request(u, { cache: 'reload' }); }));
  }));
});

sw.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf(PREFIX) === 0 && k !== SHELL && k !== DATA; })
      .map(function (k) { return caches.delete(k); }));
  }).then(prune).then(keepOpenPages).then(function () { return sw.clients.claim(); }));
});

// keepOpenPages keeps the pages open in this scope, such as the first
// page of a first visit, which loaded before this worker: it was
// visited, so it should work offline too.
function keepOpenPages() {
  return sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
    return Promise.all(list.map(function (c) {
      var u = new URL(c.url);
      if (u.origin !== sw.location.origin) return null;
      var page = u.origin + u.pathname;
      return caches.match(page).then(function (hit) {
        if (hit) return null;
        return fetch(page).then(function (res) {
          if (res.ok) return caches.open(DATA).then(function (d) { return d.put(page, res); });
        });
      }).catch(function () {});
    }));
  });
}

/**
 * shellJSON reads a JSON file of the shell, or null.
 * @param {string} name relative to the scope
 * @returns {Promise<any>}
 */
function shellJSON(name) {
  var u = new URL(name, sw.registration.scope).href;
  return caches.open(SHELL).then(function (shell) { return shell.match(u); })
    .then(function (r) { return r ? r.json() : null; });
}

/**
 * liveAssets are the absolute URLs of the files this build has: the
 * shell, every file of the site's list and, should that list be
 * missing, those of the puzzle index.
 * @returns {Promise<Object<string, boolean>>}
 */
function liveAssets() {
  var base = sw.registration.scope;
  /** @type {Object<string, boolean>} */
  var live = {};
  /** @param {string} u */
  var add = function (u) { live[new URL(u, base).href] = true; };
  PRECACHE.forEach(add);
  return Promise.all([shellJSON(SITE), shellJSON(INDEX)]).then(function (both) {
    var list = /** @type {wire.SaveList|null} */ (both[0]);
    var index = /** @type {wire.Index|null} */ (both[1]);
    if (list) list.files.forEach(function (f) { add(f.url); });
    if (index) {
      index.chunks.forEach(function (c) { add(c.url); });
      index.ids.forEach(add);
      index.packs.forEach(function (p) { (p.tables || []).forEach(add); });
    }
    return live;
  });
}

// prune deletes the assets of DATA that this build does not have (the
// chunks, tables and id buckets of older builds), and refreshes the
// pages kept there.
function prune() {
  return liveAssets().then(function (live) {
    return caches.open(DATA).then(function (data) {
      return data.keys().then(function (reqs) {
        return Promise.all(reqs.map(function (req) {
          var u = new URL(req.url);
          if (u.pathname.indexOf('/assets/') >= 0) {
            return live[u.href] ? null : data.delete(req);
          }
          // A page: fetch this build's version; keep the old one offline.
          return fetch(req.url, { cache: 'reload' }).then(function (res) {
            if (res.ok) return data.put(req, res);
          }).catch(function () {});
        }));
      });
    });
  }).catch(function () {});
}

sw.addEventListener('message', function (event) {
  if (event.data === 'skipWaiting') sw.skipWaiting();
});

sw.addEventListener('fetch', function (event) {
  var req = event.request;
  if (req.method !== 'GET') return;
  var url = new URL(req.url);
  if (url.origin !== sw.location.origin || url.pathname.indexOf('/_thinchess/') >= 0) return;
  var nav = req.mode === 'navigate';
  // Everything is answered from the caches first. A page kept in DATA
  // stays as it is until a new build's worker takes over (prune).
  event.respondWith(lookup(req, nav).then(function (hit) {
    return hit || store(req).catch(function (err) { return offline(req, err); });
  }));
});

/**
 * lookup finds req in the shell, then in DATA. A page is found with or
 * without its query and its trailing slash.
 * @param {Request} req
 * @param {boolean} nav whether req is a navigation
 * @returns {Promise<Response|undefined>}
 */
function lookup(req, nav) {
  var url = new URL(req.url);
  /** @type {Array<Request|string>} */
  var names = [req];
  if (nav && !url.pathname.endsWith('/')) names.push(new URL(url.pathname + '/', url).href);
  var opts = { ignoreSearch: nav };
  /** @param {string} cacheName */
  var find = function (cacheName) {
    return caches.open(cacheName).then(function (c) {
      return names.reduce(function (p, n) {
        return p.then(function (r) { return r || c.match(n, opts); });
      }, /** @type {Promise<Response|undefined>} */ (Promise.resolve(undefined)));
    });
  };
  return find(SHELL).then(function (h) { return h || find(DATA); });
}

/**
 * store fetches req and keeps a good answer in DATA.
 * @param {Request} req
 * @returns {Promise<Response>}
 */
function store(req) {
  return fetch(req).then(function (res) {
    if (res.ok && res.type === 'basic') {
      var copy = res.clone();
      var u = new URL(req.url);
      var key = req.mode === 'navigate' ? u.origin + u.pathname : req;
      caches.open(DATA).then(function (c) { return c.put(key, copy); });
    }
    return res;
  });
}

/**
 * offline answers a request the network failed: a page that is not
 * kept gets the offline page, at its own address; anything else fails.
 * @param {Request} req
 * @param {unknown} err the network's error
 * @returns {Promise<Response>}
 */
function offline(req, err) {
  if (req.mode !== 'navigate') return Promise.reject(err);
  var page = new URL(OFFLINE, sw.registration.scope).href;
  return caches.open(SHELL).then(function (c) { return c.match(page); }).then(function (res) {
    if (!res) throw err;
    return res.text().then(function (html) { return offlinePage(html, page); });
  });
}

/**
 * offlinePage is the offline page's HTML answered at another address:
 * a <base> makes its links, styles and scripts resolve as at its own.
 * @param {string} html the offline page
 * @param {string} page its absolute URL
 * @returns {Response}
 */
function offlinePage(html, page) {
  var base = '<base href="' + page.replace(/&/g, '&amp;').replace(/"/g, '&quot;') + '">';
  var i = html.indexOf('<head>');
  var body = i < 0 ? html : html.slice(0, i + 6) + base + html.slice(i + 6);
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
