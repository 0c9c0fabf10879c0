// @ts-check
// Theme and sound toggles, move sounds synthesized with Web Audio, the
// service worker with its "update available" prompt.
import { TC, store, ready } from './dom.js';

const THEME_LABELS = { auto: 'Theme: auto', light: 'Theme: light', dark: 'Theme: dark', contrast: 'Theme: high contrast' };

/**
 * setupTheme cycles the theme that theme.js set before the first paint.
 * @returns {void}
 */
function setupTheme() {
  const btn = document.getElementById('theme-toggle');
  const theme = /** @type {any} */ (window).thinchessTheme;
  if (!btn || !theme) return;
  const label = () => {
    btn.textContent = THEME_LABELS[theme.get()];
    btn.setAttribute('aria-label', THEME_LABELS[theme.get()] + ' (change)');
  };
  label();
  btn.addEventListener('click', () => {
    const c = theme.choices;
    theme.set(c[(c.indexOf(theme.get()) + 1) % c.length]);
    label();
  });
}

// setupMenu folds the header's links and toggles behind one button on a
// narrow screen (the CSS shows the button only there): it opens and
// closes the menu, and Escape or a click elsewhere closes it.
function setupMenu() {
  const btn = document.getElementById('menu-button');
  const top = btn && btn.closest('.top');
  if (!btn || !top) return;
  const set = (open) => {
    top.classList.toggle('menu-open', open);
    btn.setAttribute('aria-expanded', open ? 'true' : 'false');
  };
  btn.addEventListener('click', () => set(btn.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && top.classList.contains('menu-open')) { set(false); btn.focus(); }
  });
  document.addEventListener('click', (e) => {
    if (top.classList.contains('menu-open') && e.target instanceof Node && !top.contains(e.target)) set(false);
  });
}

const SOUND_KEY = 'thinchess.sound';
// NOTES are the tones of each sound: [frequency in Hz, seconds].
const NOTES = { move: [[520, 0.05]], capture: [[330, 0.06], [220, 0.08]], end: [[392, 0.1], [523, 0.12], [659, 0.18]], wrong: [[200, 0.12]], right: [[660, 0.06], [880, 0.08]] };
let audio = null;

/**
 * sound plays short synthesized clicks; the muted state is remembered.
 * @type {{on: boolean, play: (kind: string) => void}}
 */
export const sound = {
  on: store.get(SOUND_KEY) !== 'off',
  play(kind) {
    if (!sound.on) return;
    const AC = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!AC) return;
    try {
      if (!audio) audio = new AC();
      if (audio.state === 'suspended') audio.resume();
      const t = audio.currentTime;
      (NOTES[kind] || [[440, 0.05]]).forEach((n, i) => {
        const o = audio.createOscillator();
        const g = audio.createGain();
        o.type = kind === 'capture' ? 'triangle' : 'sine';
        o.frequency.value = n[0];
        const start = t + i * 0.07;
        g.gain.setValueAtTime(0.0001, start);
        g.gain.exponentialRampToValueAtTime(0.25, start + 0.005);
        g.gain.exponentialRampToValueAtTime(0.0001, start + n[1]);
        o.connect(g).connect(audio.destination);
        o.start(start);
        o.stop(start + n[1] + 0.02);
      });
    } catch (e) { /* no sound is not an error */ }
  },
};

function setupSound() {
  const btn = document.getElementById('sound-toggle');
  if (!btn) return;
  const label = () => {
    btn.textContent = sound.on ? 'Sound on' : 'Sound off';
    btn.setAttribute('aria-pressed', sound.on ? 'true' : 'false');
  };
  label();
  btn.addEventListener('click', () => {
    sound.on = !sound.on;
    store.set(SOUND_KEY, sound.on ? 'on' : 'off');
    label();
  });
}

// UpdatePrompt shows the "update available" bar for a waiting worker
// and reloads once the reader took it.
class UpdatePrompt {
  constructor() {
    this.updating = false;
    this.bar = document.getElementById('update');
    this.button = /** @type {HTMLButtonElement | null} */ (document.getElementById('update-reload'));
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (this.updating) location.reload();
    });
  }

  /** @param {ServiceWorkerRegistration} reg */
  offer(reg) {
    if (!this.bar || !reg.waiting) return;
    this.bar.hidden = false;
    this.button.onclick = () => {
      this.updating = true;
      this.button.disabled = true;
      if (reg.waiting) reg.waiting.postMessage('skipWaiting');
    };
  }

  /**
   * watch offers the updates of a registration: a new worker that
   * finished installing while a page is controlled is an update. It
   * watches the one installing now, if any, and those found later.
   * @param {ServiceWorkerRegistration} reg
   */
  watch(reg) {
    const track = (w) => {
      if (!w) return;
      w.addEventListener('statechange', () => {
        if (w.state === 'installed' && navigator.serviceWorker.controller) this.offer(reg);
      });
    };
    if (reg.waiting && navigator.serviceWorker.controller) this.offer(reg);
    track(reg.installing);
    reg.addEventListener('updatefound', () => track(reg.installing));
  }
}

/**
 * setupServiceWorker registers the worker that caches every page and
 * asset; a new deploy installs a new worker that waits until the reader
 * asks for the update.
 * @returns {void}
 */
function setupServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const body = document.body;
  if (body.dataset.dev) {
    // thinchess serve: no caching in the way of live reload.
    navigator.serviceWorker.getRegistrations().then((regs) => regs.forEach((r) => r.unregister()));
    return;
  }
  afterEngine(() => register(body));
}

/**
 * afterEngine runs fn once the page's engine is ready and no WebAssembly
 * engine is loading (or at once on a page without a board), so that the
 * worker's download of the app shell never competes with the engine's;
 * at the latest after ten seconds.
 * @param {() => void} fn
 */
function afterEngine(fn) {
  let done = false;
  const run = () => { if (!done) { done = true; fn(); } };
  const body = document.body;
  const ready = () => body.classList.contains('engine-ready') && !body.classList.contains('wasm-loading');
  if (!document.querySelector('#board') || ready()) {
    if (document.readyState === 'complete') run(); else window.addEventListener('load', run);
    return;
  }
  const watch = new MutationObserver(() => {
    if (ready()) { watch.disconnect(); run(); }
  });
  watch.observe(body, { attributes: true, attributeFilter: ['class'] });
  setTimeout(() => { watch.disconnect(); run(); }, 10000);
}

/** @param {HTMLElement} body */
function register(body) {
  TC.swRegisteredAt = performance.now();
  const prompt = new UpdatePrompt();
  const root = body.dataset.root || './';
  navigator.serviceWorker.register(body.dataset.sw, { scope: root === '' ? './' : root }).then((reg) => {
    prompt.watch(reg);
    // Long-lived pages look for a new deploy now and then.
    setInterval(() => { reg.update().catch(() => {}); }, 30 * 60 * 1000);
    TC.swRegistration = reg;
  }).catch(() => { /* no offline support; the site still works online */ });
}

ready(() => {
  setupMenu();
  setupTheme();
  setupSound();
  setupServiceWorker();
  if (typeof WebAssembly !== 'object') {
    const n = document.getElementById('nowasm');
    if (n) n.hidden = false;
  }
});
