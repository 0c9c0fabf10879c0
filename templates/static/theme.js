// @ts-check
// thinchess: applies the colour theme before the page paints. The theme
// is "auto" (following prefers-color-scheme and prefers-contrast),
// "light", "dark" or "contrast"; the choice is kept in localStorage.
(function () {
  'use strict';
  var KEY = 'thinchess.theme';
  var choices = ['auto', 'light', 'dark', 'contrast'];
  /** @returns {string} the stored choice, "auto" when none */
  function stored() {
    try {
      var v = localStorage.getItem(KEY);
      return choices.indexOf(v) >= 0 ? v : 'auto';
    } catch (e) {
      return 'auto';
    }
  }
  /**
   * media watches a media query (one that never matches without matchMedia).
   * @param {string} q
   * @returns {{matches: boolean, addEventListener: (type: string, fn: () => void) => void}}
   */
  function media(q) {
    return window.matchMedia ? window.matchMedia(q) : { matches: false, addEventListener: function () {} };
  }
  var dark = media('(prefers-color-scheme: dark)');
  var more = media('(prefers-contrast: more)');
  /**
   * resolve is the theme a choice applies: "auto" follows the system.
   * @param {string} choice
   * @returns {string}
   */
  function resolve(choice) {
    if (choice !== 'auto') return choice;
    if (more.matches) return 'contrast';
    return dark.matches ? 'dark' : 'light';
  }
  // apply sets the stored choice's theme on the document.
  function apply() {
    var choice = stored();
    document.documentElement.setAttribute('data-theme', resolve(choice));
    document.documentElement.setAttribute('data-theme-choice', choice);
  }
  apply();
  // The trainer's first paint: a player with nothing of the trainer kept
  // on this device, on the trainer's own address (no ?id= or ?mode=),
  // plays the puzzle the page is drawn with, so the page shows it at once
  // (data-train-fresh); anyone else gets a puzzle chosen for them, and
  // the page stays unseen until it opens rather than moving when it does.
  // train.js reads the same attribute.
  try {
    var kept = ['thinchess.progress', 'thinchess.trainMode', 'thinchess.trainFilter', 'thinchess.trainRecent']
      .some(function (k) { return localStorage.getItem(k) !== null; });
    if (!kept && !location.search) document.documentElement.setAttribute('data-train-fresh', '');
  } catch (e) { /* storage disabled: the trainer chooses, as for a returning player */ }
  if (dark.addEventListener) {
    dark.addEventListener('change', apply);
    more.addEventListener('change', apply);
  }
  /** @type {ThinchessTheme} */
  window.thinchessTheme = {
    choices: choices,
    get: stored,
    set: function (choice) {
      if (choices.indexOf(choice) < 0) choice = 'auto';
      try {
        localStorage.setItem(KEY, choice);
      } catch (e) { /* storage may be disabled; the theme still applies for this page */ }
      apply();
      if (choice !== stored()) document.documentElement.setAttribute('data-theme', resolve(choice));
    },
  };
})();
