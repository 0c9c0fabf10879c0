// Theme and sound toggles, move sounds synthesized with Web Audio, the
// service worker with its "update available" prompt.
(function (TC) {
  'use strict';

  var themeLabels = { auto: 'Theme: auto', light: 'Theme: light', dark: 'Theme: dark', contrast: 'Theme: high contrast' };

  function setupTheme() {
    var btn = document.getElementById('theme-toggle');
    var theme = window.thinchessTheme;
    if (!btn || !theme) return;
    function label() {
      btn.textContent = themeLabels[theme.get()];
      btn.setAttribute('aria-label', themeLabels[theme.get()] + ' (change)');
    }
    label();
    btn.addEventListener('click', function () {
      var c = theme.choices;
      theme.set(c[(c.indexOf(theme.get()) + 1) % c.length]);
      label();
    });
  }

  // Sound: short synthesized clicks; muted state remembered.
  var SOUND_KEY = 'thinchess.sound';
  var audio = null;
  TC.sound = {
    on: TC.store.get(SOUND_KEY) !== 'off',
    play: function (kind) {
      if (!TC.sound.on) return;
      var AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return;
      try {
        if (!audio) audio = new AC();
        if (audio.state === 'suspended') audio.resume();
        var t = audio.currentTime;
        var notes = { move: [[520, 0.05]], capture: [[330, 0.06], [220, 0.08]], end: [[392, 0.1], [523, 0.12], [659, 0.18]], wrong: [[200, 0.12]] }[kind] || [[440, 0.05]];
        notes.forEach(function (n, i) {
          var o = audio.createOscillator();
          var g = audio.createGain();
          o.type = kind === 'capture' ? 'triangle' : 'sine';
          o.frequency.value = n[0];
          var start = t + i * 0.07;
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
    var btn = document.getElementById('sound-toggle');
    if (!btn) return;
    function label() {
      btn.textContent = TC.sound.on ? 'Sound on' : 'Sound off';
      btn.setAttribute('aria-pressed', TC.sound.on ? 'true' : 'false');
    }
    label();
    btn.addEventListener('click', function () {
      TC.sound.on = !TC.sound.on;
      TC.store.set(SOUND_KEY, TC.sound.on ? 'on' : 'off');
      label();
    });
  }

  // The service worker caches every page and asset; a new deploy installs
  // a new worker that waits until the reader asks for the update.
  function setupServiceWorker() {
    if (!('serviceWorker' in navigator)) return;
    var body = document.body;
    if (body.dataset.dev) {
      // thinchess serve: no caching in the way of live reload.
      navigator.serviceWorker.getRegistrations().then(function (regs) {
        regs.forEach(function (r) { r.unregister(); });
      });
      return;
    }
    var updating = false;
    var bar = document.getElementById('update');
    var button = document.getElementById('update-reload');
    function offer(reg) {
      if (!bar || !reg.waiting) return;
      bar.hidden = false;
      button.onclick = function () {
        updating = true;
        button.disabled = true;
        if (reg.waiting) reg.waiting.postMessage('skipWaiting');
      };
    }
    navigator.serviceWorker.addEventListener('controllerchange', function () {
      if (updating) location.reload();
    });
    var root = body.dataset.root || './';
    navigator.serviceWorker.register(body.dataset.sw, { scope: root === '' ? './' : root }).then(function (reg) {
      // A new worker that finished installing while a page is controlled
      // is an update: offer it. Watch the one installing now, if any, as
      // well as those found later.
      function track(w) {
        if (!w) return;
        w.addEventListener('statechange', function () {
          if (w.state === 'installed' && navigator.serviceWorker.controller) offer(reg);
        });
      }
      if (reg.waiting && navigator.serviceWorker.controller) offer(reg);
      track(reg.installing);
      reg.addEventListener('updatefound', function () { track(reg.installing); });
      // Long-lived pages look for a new deploy now and then.
      setInterval(function () { reg.update().catch(function () {}); }, 30 * 60 * 1000);
      TC.swRegistration = reg;
    }).catch(function () { /* no offline support; the site still works online */ });
  }

  TC.ready = function (fn) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn);
    else fn();
  };

  TC.ready(function () {
    setupTheme();
    setupSound();
    setupServiceWorker();
    if (typeof WebAssembly !== 'object') {
      var n = document.getElementById('nowasm');
      if (n) n.hidden = false;
    }
  });
})(window.TC = window.TC || {});
