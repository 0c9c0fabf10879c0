// thinchess service worker: precaches every page and asset of the build
// (VERSION and PRECACHE are generated above), answers from the cache
// first, falls back to the home page for unknown navigations when
// offline, and deletes the caches of older builds once it takes over. A
// new build's worker waits until the page asks it to take over (the
// "update available" prompt).
'use strict';

var CACHE = 'thinchess-' + VERSION;
var PREFIX = 'thinchess-';

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(PRECACHE.map(function (u) { return new Request(u, { cache: 'reload' }); }));
  }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf(PREFIX) === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener('message', function (event) {
  if (event.data === 'skipWaiting') self.skipWaiting();
});

self.addEventListener('fetch', function (event) {
  var req = event.request;
  if (req.method !== 'GET') return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf('/_thinchess/') >= 0) return;
  var nav = req.mode === 'navigate';
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(req, { ignoreSearch: nav }).then(function (hit) {
      if (hit) return hit;
      if (nav && !url.pathname.endsWith('/')) {
        var withSlash = new URL(url.pathname + '/', url);
        return cache.match(withSlash.href).then(function (h) { return h || fetchOr(req, cache); });
      }
      return fetchOr(req, cache);
    });
  }));
});

// fetchOr goes to the network; offline, a navigation to a page that is
// not cached is sent to the home page.
function fetchOr(req, cache) {
  return fetch(req).catch(function (err) {
    if (req.mode === 'navigate') {
      var home = new URL('./', self.registration.scope).href;
      return cache.match(home).then(function (h) {
        if (h) return Response.redirect(home, 302);
        throw err;
      });
    }
    throw err;
  });
}
