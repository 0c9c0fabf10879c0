// Packs made available offline: their chunks and tables stored in the
// cache the service worker answers from (DATA_CACHE), a record of which
// packs are kept, and the storage the site uses. Chunks and tables are
// named by their content, so a pack downloaded before a new deploy
// fetches only what changed (sync).
import { store } from './dom.js';

export const DATA_CACHE = 'thinchess-data';
const OFFLINE_KEY = 'thinchess.offline';

// offlinePacks is the record of the packs kept offline: {id: true}.
export function offlinePacks() {
  try {
    const r = JSON.parse(store.get(OFFLINE_KEY) || '{}');
    return r && typeof r === 'object' && !Array.isArray(r) ? r : {};
  } catch (e) {
    return {};
  }
}

function record(r) { store.set(OFFLINE_KEY, JSON.stringify(r)); }

// packURLs are the files of pack id, relative to the page.
export function packURLs(index, id, root) {
  const p = index.packs.find((x) => x.id === id);
  if (!p) return [];
  return p.chunks.map((i) => root + index.chunks[i].url).concat((p.tables || []).map((t) => root + t))
    .concat(index.ids.map((u) => root + u));
}

// download stores every file of pack id not stored yet, calling
// onProgress(done, total) after each; it resolves to the number fetched.
export function download(index, id, root, onProgress) {
  if (!('caches' in self)) return Promise.reject(new Error('this browser keeps no offline copies (no Cache Storage)'));
  const urls = packURLs(index, id, root);
  let done = 0;
  let fetched = 0;
  return caches.open(DATA_CACHE).then((cache) => {
    // Four at a time: fast on a good connection, gentle on a bad one.
    let next = 0;
    const worker = () => {
      if (next >= urls.length) return Promise.resolve();
      const u = urls[next++];
      return cache.match(u).then((hit) => {
        if (hit) return null;
        return fetch(u).then((r) => {
          if (!r.ok) throw new Error(u + ': ' + r.status);
          fetched++;
          return cache.put(u, r);
        });
      }).then(() => {
        done++;
        if (onProgress) onProgress(done, urls.length);
        return worker();
      });
    };
    return Promise.all([worker(), worker(), worker(), worker()]);
  }).then(() => {
    const r = offlinePacks();
    r[id] = true;
    record(r);
    return fetched;
  });
}

// remove deletes the files of pack id that no other kept pack uses.
export function remove(index, id, root) {
  const r = offlinePacks();
  delete r[id];
  record(r);
  if (!('caches' in self)) return Promise.resolve();
  const keep = new Set();
  Object.keys(r).forEach((k) => packURLs(index, k, root).forEach((u) => keep.add(u)));
  return caches.open(DATA_CACHE).then((cache) => Promise.all(
    packURLs(index, id, root).filter((u) => !keep.has(u)).map((u) => cache.delete(u))));
}

// sync fetches what a new deploy changed in the packs kept offline.
export function sync(index, root) {
  const r = offlinePacks();
  return Object.keys(r).filter((id) => index.packs.some((p) => p.id === id))
    .reduce((p, id) => p.then(() => download(index, id, root)), Promise.resolve());
}

// storage resolves to {usage, quota, persisted} where the browser tells.
export function storage() {
  const s = navigator.storage;
  if (!s || !s.estimate) return Promise.resolve(null);
  return Promise.all([s.estimate(), s.persisted ? s.persisted() : Promise.resolve(false)])
    .then(([e, persisted]) => ({ usage: e.usage || 0, quota: e.quota || 0, persisted: persisted }));
}

// persist asks the browser to keep the site's storage under pressure.
export function persist() {
  const s = navigator.storage;
  return s && s.persist ? s.persist().catch(() => false) : Promise.resolve(false);
}

// megabytes formats a byte count.
export function megabytes(n) {
  return n >= 1 << 20 ? (n / (1 << 20)).toFixed(1) + ' MB' : Math.max(1, Math.round(n / 1024)) + ' KB';
}
