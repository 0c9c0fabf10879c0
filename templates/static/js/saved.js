// @ts-check
// The offline page (offline/): what this device keeps, with links, and
// "Save everything for offline" with its size, its progress in bytes and
// files, and a save that goes on where an interrupted one stopped. The
// service worker also answers this page, at the address asked for, to a
// navigation it can neither fetch nor find in its caches: then it says
// so first, and opens the page asked for once the site is reachable.
import './prefs.js';
import { $, el, json, onPage, fetchJSON, store } from './dom.js';
import { unsaved, saveFiles, keepPacks, offlinePacks, storage, persist, megabytes, unreachable } from './offline.js';

// SAVE_KEY records a save of everything: {started, finished} (ISO times,
// finished absent while it has not finished).
const SAVE_KEY = 'thinchess.saveAll';

/** @returns {{started?: string, finished?: string}|null} */
function lastSave() {
  try {
    const r = JSON.parse(store.get(SAVE_KEY) || 'null');
    return r && typeof r === 'object' ? r : null;
  } catch (e) {
    return null;
  }
}

/**
 * sizeOf sums the sizes of files.
 * @param {Array<{bytes: number}>} files
 */
function sizeOf(files) { return files.reduce((n, f) => n + f.bytes, 0); }

/**
 * stopReason says why a save stopped, for a sentence.
 * @param {unknown} err
 * @returns {string}
 */
function stopReason(err) {
  if (err instanceof Error && err.message === 'stopped') return 'you stopped it';
  if (err instanceof DOMException && err.name === 'QuotaExceededError') return 'the browser has no more room for this site';
  if (unreachable(err)) return 'the site cannot be reached (you seem to be offline)';
  return err instanceof Error ? err.message : String(err);
}

export class SavedPage {
  /** @param {wire.Offline} data */
  constructor(data) {
    this.data = data;
    /** @type {wire.SaveList|null} */
    this.list = null;
    /** @type {Array<{url: string, bytes: number}>} */
    this.files = [];
    /** @type {Array<{url: string, bytes: number}>} */
    this.missing = [];
    /** @type {{stop: () => void}|null} */
    this.saving = null;
    this.state = $('#save-state');
    this.bar = /** @type {HTMLProgressElement} */ ($('#save-progress'));
    this.save = /** @type {HTMLButtonElement} */ ($('[data-action="save-all"]'));
    this.stop = /** @type {HTMLButtonElement} */ ($('[data-action="save-stop"]'));
    // The page asked for, when the service worker answered this one in
    // its place.
    const own = new URL(document.baseURI);
    this.asked = own.origin + own.pathname === location.origin + location.pathname ? '' : location.pathname + location.search;
  }

  /**
   * abs is the absolute URL of a file of the list.
   * @param {string} u relative to the site root
   */
  abs(u) { return new URL(this.data.root + u, document.baseURI).href; }

  // showAsked says that the page asked for is not saved, and opens it
  // once the browser is back online (or on "Try again").
  showAsked() {
    if (!this.asked) return;
    document.title = 'Offline: not saved · ' + document.title.replace(/^[^·]*· /, '');
    $('#saved-title').textContent = 'You are offline and this page is not saved';
    $('#saved-address').textContent = this.asked;
    $('#saved-intro').hidden = true;
    $('#saved-missing').hidden = false;
    // What is saved comes first: it is what can be read now.
    const list = $('#saved-list').closest('section');
    list.parentNode.insertBefore(list, $('.save-all'));
    $('#saved-h').textContent = 'Saved on this device: these open offline';
    const again = () => location.reload();
    $('[data-action="retry"]').addEventListener('click', again);
    window.addEventListener('online', again);
  }

  // count finds what is saved and shows it: the list and the sizes.
  count() {
    return unsaved(this.files).then((missing) => {
      this.missing = missing;
      const gone = new Set(missing.map((f) => f.url));
      this.showList((u) => !gone.has(this.abs(u)));
      this.showTotals();
      return this.showStorage();
    });
  }

  /**
   * showList lists the saved pages under their headings, with links.
   * @param {(url: string) => boolean} saved
   */
  showList(saved) {
    const box = $('#saved-list');
    box.textContent = '';
    const kept = offlinePacks();
    let any = 0;
    this.list.groups.forEach((g, i) => {
      const all = this.list.pages.filter((p) => p.group === g);
      const here = all.filter((p) => saved(p.url));
      if (!here.length) return;
      any += here.length;
      const id = 'saved-g' + i;
      const h = el('h3', { id: id }, g + ' ');
      h.append(el('span', { class: 'count' }, here.length + ' of ' + all.length));
      const ul = el('ul', { class: 'saved-links', 'aria-labelledby': id });
      here.forEach((p) => {
        const li = el('li');
        li.append(el('a', { href: this.data.root + p.url }, p.title));
        const pack = /^packs\/([^/]+)\/$/.exec(p.url);
        if (pack && kept[pack[1]]) li.append(el('span', { class: 'muted' }, ' · every puzzle saved'));
        ul.append(li);
      });
      box.append(h, ul);
    });
    if (!any) box.append(el('p', null, 'Nothing yet: pages are kept as you visit them.'));
  }

  // showTotals says how much the site is, how much of it is saved, and
  // what the button would fetch.
  showTotals() {
    const total = sizeOf(this.files);
    const left = sizeOf(this.missing);
    const last = lastSave();
    this.bar.hidden = true;
    this.stop.hidden = true;
    if (!this.missing.length) {
      this.state.textContent = 'Everything is saved: about ' + megabytes(total) + ' in ' + this.files.length + ' files. The whole site works offline on this device.';
      this.save.hidden = true;
      return;
    }
    this.save.hidden = false;
    this.save.disabled = false;
    const whole = 'The whole site is about ' + megabytes(total) + ' in ' + this.files.length + ' files; ' +
      megabytes(total - left) + ' of it is saved on this device.';
    if (last && !last.finished) {
      this.state.textContent = 'An earlier save stopped before the end. ' + whole + ' Saving goes on where it stopped.';
      this.save.textContent = 'Save the rest (' + megabytes(left) + ')';
    } else if (last && last.finished) {
      this.state.textContent = 'The site changed since you saved everything: ' + this.missing.length + ' files (' + megabytes(left) + ') are new. ' + whole;
      this.save.textContent = 'Save the changes (' + megabytes(left) + ')';
    } else {
      this.state.textContent = whole;
      this.save.textContent = 'Save everything for offline (' + megabytes(left) + ')';
    }
  }

  showStorage() {
    return storage().then((s) => {
      const e = $('#save-storage');
      if (!s || !e) return;
      e.textContent = 'This site stores ' + megabytes(s.usage) + (s.quota ? ' of the ' + megabytes(s.quota) + ' the browser allows' : '') +
        (s.persisted ? '; the browser keeps it when space runs low.' : '.');
    });
  }

  /**
   * progress shows how far the save is.
   * @param {SaveProgress} p
   */
  progress(p) {
    this.bar.max = Math.max(1, p.totalBytes);
    this.bar.value = p.bytes;
    this.state.textContent = 'Saving… ' + megabytes(p.bytes) + ' of ' + megabytes(p.totalBytes) +
      ' (' + p.files + ' of ' + p.totalFiles + ' files)';
  }

  // saveAll saves every file not saved yet; the record of it survives a
  // closed page, which then offers to save the rest.
  saveAll() {
    if (this.saving || !this.missing.length) return Promise.resolve();
    const last = lastSave();
    if (!last || last.finished) store.set(SAVE_KEY, JSON.stringify({ started: new Date().toISOString() }));
    this.save.disabled = true;
    this.stop.hidden = false;
    this.stop.disabled = false;
    this.bar.hidden = false;
    const files = this.missing;
    this.progress({ files: 0, totalFiles: files.length, bytes: 0, totalBytes: sizeOf(files) });
    return persist().then(() => {
      const s = saveFiles(files, (p) => this.progress(p));
      this.saving = s;
      return s.done;
    }).then((p) => {
      this.saving = null;
      store.set(SAVE_KEY, JSON.stringify({ started: (lastSave() || {}).started, finished: new Date().toISOString() }));
      return fetchJSON(this.data.index).then((/** @type {wire.Index} */ index) => keepPacks(index.packs.map((x) => x.id)), () => null)
        .then(() => this.count())
        .then(() => {
          this.state.textContent = 'Saved: ' + megabytes(p.bytes) + ' in ' + p.files + ' files. ' + this.state.textContent;
        });
    }, (err) => {
      this.saving = null;
      const done = Number(this.bar.value);
      return this.count().then(() => {
        this.state.textContent = 'Saving stopped: ' + stopReason(err) + '. ' + megabytes(done) + ' were saved and stay saved; ' +
          megabytes(sizeOf(this.missing)) + ' are left. Press the button to go on' + (unreachable(err) ? ' once you are back online.' : '.');
      });
    });
  }

  start() {
    this.showAsked();
    if (document.body.dataset.dev) {
      // thinchess serve runs no service worker: nothing is kept.
      this.state.textContent = 'Under thinchess serve nothing is kept for offline use: the site is rebuilt on every change. The built site saves itself.';
      $('#saved-list').textContent = '';
      return this;
    }
    this.save.addEventListener('click', () => this.saveAll());
    this.stop.addEventListener('click', () => {
      if (this.saving) this.saving.stop();
      this.stop.disabled = true;
    });
    fetchJSON(this.data.list).then((/** @type {wire.SaveList} */ list) => {
      this.list = list;
      this.files = list.files.map((f) => ({ url: this.abs(f.url), bytes: f.bytes }));
      return this.count();
    }).catch((err) => {
      this.state.textContent = 'The list of the site’s files could not be read: ' + (err instanceof Error ? err.message : String(err));
    });
    return this;
  }
}

onPage('offline', () => {
  const data = /** @type {wire.Offline|null} */ (json('offline-data'));
  return data ? new SavedPage(data).start() : null;
});
