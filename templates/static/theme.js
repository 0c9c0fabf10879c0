// thinchess: applies the colour theme before the page paints. The theme
// is "auto" (following prefers-color-scheme and prefers-contrast),
// "light", "dark" or "contrast"; the choice is kept in localStorage.
(function () {
  'use strict';
  var KEY = 'thinchess.theme';
  var choices = ['auto', 'light', 'dark', 'contrast'];
  function stored() {
    try {
      var v = localStorage.getItem(KEY);
      return choices.indexOf(v) >= 0 ? v : 'auto';
    } catch (e) {
      return 'auto';
    }
  }
  function media(q) {
    return window.matchMedia ? window.matchMedia(q) : { matches: false, addEventListener: function () {} };
  }
  var dark = media('(prefers-color-scheme: dark)');
  var more = media('(prefers-contrast: more)');
  function resolve(choice) {
    if (choice !== 'auto') return choice;
    if (more.matches) return 'contrast';
    return dark.matches ? 'dark' : 'light';
  }
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
