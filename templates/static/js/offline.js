// @ts-check
// What this device keeps for offline use: files saved into the cache the
// service worker answers from (DATA_CACHE) with their progress in files
// and bytes, the record of the packs kept, the storage the site uses,
// and what a page says when something it needs is not saved and the
// site cannot be reached. Chunks and tables are named by their content,
// so a pack saved before a new deploy fetches only what changed.
import { el, store } from './dom.js';

export const DATA_CACHE = 'thinchess-data';
const OFFLINE_KEY = 'thinchess.offline';

/**
 * offlinePacks is the record of the packs kept offline: {id: true}.
 * @returns {Object<string, boolean>}
 */
export function offlinePacks() {
  try {
    const r = JSON.parse(store.get(OFFLINE_KEY) || '{}');
    return r && typeof r === 'object' && !Array.isArray(r) ? r : {};
  } catch (e) {
    return {};
  }
}

/** @param {Object<string, boolean>} r */
function record(r) { store.set(OFFLINE_KEY, JSON.stringify(r)); }

/**
 * keepPacks records packs as kept offline.
 * @param {string[]} ids
 */
export function keepPacks(ids) {
  const r = offlinePacks();
  ids.forEach((id) => { r[id] = true; });
  record(r);
}

/**
 * packURLs are the files of pack id, relative to the page.
 * @param {wire.Index} index the puzzle index
 * @param {string} id
 * @param {string} root the site root, relative to the page
 * @returns {string[]}
 */
export function packURLs(index, id, root) {
  const p = index.packs.find((x) => x.id === id);
  if (!p) return [];
  return p.chunks.map((i) => root + index.chunks[i].url).concat((p.tables || []).map((t) => root + t))
    .concat(index.ids.map((u) => root + u));
}

/**
 * A file to save: its absolute URL and its size (0 when unknown).
 * @typedef {{url: string, bytes: number}} SaveFile
 */

/**
 * unsaved resolves to the files that no cache of the site holds.
 * @param {SaveFile[]} files
 * @returns {Promise<SaveFile[]>}
 */
export function unsaved(files) {
  if (!('caches' in globalThis)) return Promise.resolve(files.slice());
  return Promise.all(files.map((f) => caches.match(f.url))).then((hits) => files.filter((f, i) => !hits[i]));
}

/**
 * Saving is a save under way: done resolves to what it fetched once
 * every file is saved, and rejects with the first error, or with
 * stopped() once stop() was called; stop() lets the files being fetched
 * finish and starts no others.
 * @typedef {{done: Promise<SaveProgress>, stop: () => void, stopped: () => boolean}} Saving
 */

/**
 * saveFiles fetches the files no cache holds yet into DATA_CACHE, four
 * at a time (fast on a good connection, gentle on a bad one), calling
 * onProgress after each. Every file saved stays saved, so a save that
 * stops (an error, stop(), the page closed) goes on where it stopped
 * when started again.
 * @param {SaveFile[]} files
 * @param {(p: SaveProgress) => void} [onProgress]
 * @returns {Saving}
 */
export function saveFiles(files, onProgress) {
  let halted = false;
  /** @type {SaveProgress} */
  const p = { files: 0, totalFiles: files.length, bytes: 0, totalBytes: files.reduce((n, f) => n + f.bytes, 0) };
  const done = !('caches' in globalThis)
    ? Promise.reject(new Error('this browser keeps no offline copies (no Cache Storage)'))
    : caches.open(DATA_CACHE).then((cache) => {
      let next = 0;
      /** @type {Error|null} */
      let failed = null;
      /** @returns {Promise<void>} */
      const worker = () => {
        if (halted || failed || next >= files.length) return Promise.resolve();
        const f = files[next++];
        return caches.match(f.url).then((hit) => {
          if (hit) return null;
          return fetch(f.url).then((r) => {
            if (!r.ok) throw new Error(f.url + ': HTTP ' + r.status);
            return cache.put(f.url, r);
          });
        }).then(() => {
          p.files++;
          p.bytes += f.bytes;
          if (onProgress) onProgress(p);
          return worker();
        }, (err) => { failed = failed || err; });
      };
      return Promise.all([worker(), worker(), worker(), worker()]).then(() => {
        if (failed) throw failed;
        if (halted && p.files < p.totalFiles) throw new Error('stopped');
        return p;
      });
    });
  return { done, stop: () => { halted = true; }, stopped: () => halted };
}

/**
 * download saves every file of pack id not saved yet, calling
 * onProgress(done, total) in files after each, and records the pack as
 * kept; it resolves to the number of files fetched.
 * @param {wire.Index} index
 * @param {string} id
 * @param {string} root the site root, relative to the page
 * @param {(done: number, total: number) => void} [onProgress]
 * @returns {Promise<number>}
 */
export function download(index, id, root, onProgress) {
  const files = packURLs(index, id, root).map((u) => ({ url: new URL(u, document.baseURI).href, bytes: 0 }));
  return unsaved(files).then((missing) => {
    const skipped = files.length - missing.length;
    const s = saveFiles(missing, (p) => { if (onProgress) onProgress(skipped + p.files, files.length); });
    return s.done;
  }).then((p) => {
    keepPacks([id]);
    return p.files;
  });
}

/**
 * remove deletes the files of pack id that no other kept pack uses.
 * @param {wire.Index} index
 * @param {string} id
 * @param {string} root
 * @returns {Promise<unknown>}
 */
export function remove(index, id, root) {
  const r = offlinePacks();
  delete r[id];
  record(r);
  if (!('caches' in globalThis)) return Promise.resolve();
  const keep = new Set();
  Object.keys(r).forEach((k) => packURLs(index, k, root).forEach((u) => keep.add(u)));
  return caches.open(DATA_CACHE).then((cache) => Promise.all(
    packURLs(index, id, root).filter((u) => !keep.has(u)).map((u) => cache.delete(u))));
}

/**
 * storage resolves to what the site stores and may store, where the
 * browser tells, else null.
 * @returns {Promise<{usage: number, quota: number, persisted: boolean}|null>}
 */
export function storage() {
  const s = navigator.storage;
  if (!s || !s.estimate) return Promise.resolve(null);
  return Promise.all([s.estimate(), s.persisted ? s.persisted() : Promise.resolve(false)])
    .then(([e, persisted]) => ({ usage: e.usage || 0, quota: e.quota || 0, persisted: persisted }));
}

/**
 * persist asks the browser to keep the site's storage under pressure.
 * @returns {Promise<boolean>}
 */
export function persist() {
  const s = navigator.storage;
  return s && s.persist ? s.persist().catch(() => false) : Promise.resolve(false);
}

/**
 * megabytes formats a byte count.
 * @param {number} n
 * @returns {string}
 */
export function megabytes(n) {
  if (n >= 1 << 30) return (n / (1 << 30)).toFixed(1) + ' GB';
  return n >= 1 << 20 ? (n / (1 << 20)).toFixed(1) + ' MB' : Math.max(1, Math.round(n / 1024)) + ' KB';
}

/**
 * unreachable reports whether err is the browser failing to reach the
 * site (offline, or the server down), rather than an answer it refused.
 * @param {unknown} err
 * @returns {boolean}
 */
export function unreachable(err) {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || err instanceof TypeError;
}

/**
 * notSaved shows in box why something the page needs could not be
 * loaded, with a "Try again" button that calls retry; when the site was
 * unreachable it says what is not saved (what, e.g. "This puzzle"),
 * links to the list of what is, and tries again by itself once the
 * browser is back online. The box is emptied and hidden while retry
 * runs; retry shows it again if it fails again.
 * @param {HTMLElement} box
 * @param {unknown} err
 * @param {string} what
 * @param {() => unknown} retry
 */
export function notSaved(box, err, what, retry) {
  const offline = unreachable(err);
  box.textContent = '';
  box.classList.add('not-saved');
  const message = err instanceof Error ? err.message : String(err);
  box.append(offline
    ? el('strong', null, 'You are offline, and ' + what.charAt(0).toLowerCase() + what.slice(1) + ' is not saved on this device.')
    : el('span', null, what + ' could not be loaded (' + message + ').'));
  if (offline) box.append(' It opens by itself once you are back online. ');
  else box.append(' ');
  const again = el('button', { type: 'button', 'data-action': 'retry' }, 'Try again');
  box.append(again);
  if (offline) {
    box.append(' ', el('a', { href: (document.body.dataset.root || '') + 'offline/' }, 'What is saved'));
  }
  box.hidden = false;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    window.removeEventListener('online', go);
    box.hidden = true;
    box.textContent = '';
    box.classList.remove('not-saved');
    retry();
  };
  again.addEventListener('click', go);
  if (offline) window.addEventListener('online', go);
}
