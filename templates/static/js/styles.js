// @ts-check
// Style rules a module brings with it, for parts of a page that only it
// shows (the trainer's sets, a game's review): app.css is on the first
// load of every page, the game pages that load the WebAssembly engine
// included, so what only one feature draws rides with that feature's code.

/**
 * addStyles adds CSS rules to the document, once per text (a
 * constructed style sheet, adopted beside the page's own).
 * @param {string} css
 */
export function addStyles(css) {
  if (added.has(css)) return;
  added.add(css);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** @type {Set<string>} the texts added */
const added = new Set();
