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
