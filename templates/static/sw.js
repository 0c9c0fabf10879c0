// thinchess service worker. It precaches the app shell (SHELL: pages and
// assets whose number does not grow with the puzzles; VERSION, PRECACHE
// and INDEX are generated above) and keeps everything else the reader
// visits or downloads (mode pages, puzzle chunks, tables) in DATA, which
// outlives deploys: its files are named by content, so a new deploy
// fetches only what changed. Everything is answered from the caches
// first; offline, an unknown page falls back to the home page. A new build's worker waits until the page asks it to
// take over (the "update available" prompt); then it deletes the old
// shell and the files of DATA the new build no longer has, and fetches
// the new version of the pages kept there.
'use strict';

var PREFIX = 'thinchess-';
var SHELL = PREFIX + 'shell-' + VERSION;
var DATA = PREFIX + 'data';

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.addAll(PRECACHE.map(function (u) { return new Request(u, { cache: 'reload' }); }));
  }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf(PREFIX) === 0 && k !== SHELL && k !== DATA; })
      .map(function (k) { return caches.delete(k); }));
  }).then(prune).then(keepOpenPages).then(function () { return self.clients.claim(); }));
});

// keepOpenPages keeps the pages open in this scope, such as the first
// page of a first visit, which loaded before this worker: it was
// visited, so it should work offline too.
function keepOpenPages() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
    return Promise.all(list.map(function (c) {
      var u = new URL(c.url);
      if (u.origin !== self.location.origin) return null;
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

// prune deletes the assets of DATA that this build does not have (the
// chunks, tables and id buckets its index does not list, and the pages'
// assets of older builds), and refreshes the pages kept there.
function prune() {
  var base = self.registration.scope;
  return caches.open(SHELL).then(function (shell) {
    return shell.match(new URL(INDEX, base).href);
  }).then(function (r) {
    return r ? r.json() : null;
  }).then(function (index) {
    var live = {};
    PRECACHE.forEach(function (u) { live[new URL(u, base).href] = true; });
    if (index) {
      index.chunks.forEach(function (c) { live[new URL(c.url, base).href] = true; });
      index.ids.forEach(function (u) { live[new URL(u, base).href] = true; });
      index.packs.forEach(function (p) { (p.tables || []).forEach(function (t) { live[new URL(t, base).href] = true; }); });
    }
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

self.addEventListener('message', function (event) {
  if (event.data === 'skipWaiting') self.skipWaiting();
});

self.addEventListener('fetch', function (event) {
  var req = event.request;
  if (req.method !== 'GET') return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf('/_thinchess/') >= 0) return;
  var nav = req.mode === 'navigate';
  // Everything is answered from the caches first. A page kept in DATA
  // stays as it is until a new build's worker takes over (prune).
  event.respondWith(lookup(req, nav).then(function (hit) {
    return hit ? hit.res : store(req).catch(function (err) { return offline(req, err); });
  }));
});

// lookup finds req in the shell, then in DATA: {res, data} or null. A
// page is found with or without its query and its trailing slash.
function lookup(req, nav) {
  var url = new URL(req.url);
  var names = [req];
  if (nav && !url.pathname.endsWith('/')) names.push(new URL(url.pathname + '/', url).href);
  var opts = { ignoreSearch: nav };
  var find = function (cacheName, isData) {
    return caches.open(cacheName).then(function (c) {
      return names.reduce(function (p, n) {
        return p.then(function (r) { return r || c.match(n, opts); });
      }, Promise.resolve(null)).then(function (r) { return r ? { res: r, data: isData } : null; });
    });
  };
  return find(SHELL, false).then(function (h) { return h || find(DATA, true); });
}

// store fetches req and keeps a good answer in DATA.
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

// offline answers a request the network failed: a page not kept goes to
// the home page.
function offline(req, err) {
  if (req.mode !== 'navigate') throw err;
  var home = new URL('./', self.registration.scope).href;
  return caches.open(SHELL).then(function (c) { return c.match(home); }).then(function (h) {
    if (h) return Response.redirect(home, 302);
    throw err;
  });
}
