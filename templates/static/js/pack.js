// @ts-check
// A pack's page: make the pack available offline (with progress), remove
// it, and show how much the site stores.
import './prefs.js';
import { $, onPage, fetchJSON } from './dom.js';
import { offlinePacks, download, remove, storage, persist, megabytes, unreachable } from './offline.js';

/** PackPage is a pack page's controller (TC.page). */
export class PackPage {
  /** @param {HTMLElement} box the #offline element, with data-pack, data-root and data-index */
  constructor(box) {
    this.box = box;
    this.id = box.dataset.pack;
    this.root = box.dataset.root;
    /** @type {wire.Index|null} */
    this.index = null;
    this.busy = false;
    this.state = $('#offline-state');
    this.bar = /** @type {HTMLProgressElement} */ ($('#offline-progress'));
    this.get = /** @type {HTMLButtonElement} */ ($('[data-action="offline-get"]'));
    this.drop = $('[data-action="offline-remove"]');
  }

  // show says whether the pack is kept, and what the site stores.
  show() {
    const kept = !!offlinePacks()[this.id];
    this.state.textContent = kept ? 'This pack is available offline on this device.' : 'This pack is not stored on this device; its puzzles load as you play them.';
    this.get.hidden = kept;
    this.drop.hidden = !kept;
    return storage().then((s) => {
      const e = $('#offline-storage');
      if (!s || !e) return;
      e.textContent = 'This site stores ' + megabytes(s.usage) + (s.quota ? ' of the ' + megabytes(s.quota) + ' the browser allows' : '') +
        (s.persisted ? '; the browser keeps it when space runs low.' : '.');
    });
  }

  // getPack saves the pack, with its progress.
  getPack() {
    if (this.busy) return Promise.resolve();
    this.busy = true;
    this.bar.hidden = false;
    this.bar.value = 0;
    this.state.textContent = 'Downloading…';
    return persist().then(() => download(this.index, this.id, this.root, (done, total) => {
      this.bar.max = total;
      this.bar.value = done;
      this.state.textContent = 'Downloading… ' + done + ' of ' + total + ' files';
    })).then(() => {
      this.busy = false;
      this.bar.hidden = true;
      return this.show();
    }, (err) => {
      this.busy = false;
      this.bar.hidden = true;
      this.state.textContent = unreachable(err)
        ? 'You are offline: the pack cannot be downloaded now. What was downloaded stays; press the button again once you are back online.'
        : 'The download stopped: ' + err.message + '. Try again later.';
    });
  }

  // dropPack removes the pack from this device.
  dropPack() {
    return remove(this.index, this.id, this.root).then(() => this.show());
  }

  // start wires the buttons and reads the puzzle index.
  start() {
    this.get.addEventListener('click', () => this.getPack());
    this.drop.addEventListener('click', () => this.dropPack());
    fetchJSON(this.box.dataset.index).then((index) => {
      this.index = index;
      this.get.disabled = false;
      return this.show();
    }).catch((err) => { this.state.textContent = 'The pack index could not be loaded: ' + err.message; });
    return this;
  }
}

onPage('pack', () => {
  const box = $('#offline');
  return box ? new PackPage(box).start() : null;
});
