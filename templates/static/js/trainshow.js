// @ts-check
// The trainer's words about the puzzle being played: its title, task,
// facts (rating, themes, pack — the pack named once: not again when the
// title names it), its permalink, its source and mode links, and once
// solved where to analyse it. train.js calls these; they read the page's
// elements by id.
import { $ } from './dom.js';

/**
 * safeLink is u when it is an http(s) URL, else null: a source URL is
 * data, never a script.
 * @param {string} u
 */
function safeLink(u) {
  try {
    const x = new URL(u);
    return x.protocol === 'https:' || x.protocol === 'http:' ? x.href : null;
  } catch (e) {
    return null;
  }
}

/**
 * metaText is the line of facts under a puzzle's title: "Rated 700 ·
 * Mate in 1, Back-rank mate · Test mates", without the pack when the
 * title already names it ("Mate in 1 · Test mates"), and "not verified"
 * for a puzzle the build could not prove (a pack that says unverified).
 * @param {TrainEntry} e
 * @param {TrainNames} names
 * @returns {string}
 */
export function metaText(e, names) {
  const meta = ['Rated ' + e.rating + (e.estimated ? ' (estimated)' : '')];
  if (e.themes && e.themes.length) meta.push(e.themes.map((t) => names.themes[t] || t).join(', '));
  const pack = e.pack ? names.packs[e.pack] : '';
  if (pack && (e.title || '').indexOf(pack) < 0) meta.push(pack);
  if (e.verification && !e.verification.verified) meta.push('not verified: the build could not prove it');
  return meta.join(' · ');
}

/**
 * showEntry writes puzzle e's title, task, facts and links, and gives it
 * its permalink; opened is the count of puzzles opened on the page.
 * @param {TrainEntry} e
 * @param {TrainNames} names
 * @param {number} opened
 */
export function showEntry(e, names, opened) {
  $('#rating-change').textContent = '';
  $('#analyse-link').hidden = true;
  $('#puzzle-title').textContent = e.title;
  $('#puzzle-task').textContent = e.puzzle.task;
  const box = $('#puzzle');
  box.dataset.id = e.id;
  box.dataset.pack = e.pack || '';
  box.dataset.kind = e.kind || '';
  box.dataset.family = e.family || '';
  box.dataset.opened = String(opened);
  $('#puzzle-meta').textContent = metaText(e, names);
  const link = new URL(location.href);
  link.search = '?id=' + encodeURIComponent(e.id);
  history.replaceState(null, '', link.href);
  $('#puzzle-permalink').setAttribute('href', link.href);
  const help = $('#puzzle-link');
  help.hidden = !e.url;
  if (e.url) help.setAttribute('href', e.url);
  const src = $('#puzzle-source');
  const srcURL = e.source && safeLink(e.source.url);
  src.hidden = !srcURL;
  if (srcURL) src.setAttribute('href', srcURL);
}

/**
 * showAnalyse links the solved position of puzzle e (state s) to where
 * it can be played on against perfect play: its mode page with the
 * moves (?moves=), else the editor (?pos=) under the site's root.
 * @param {TrainEntry} e
 * @param {SessionState|null} s
 * @param {string} root
 */
export function showAnalyse(e, s, root) {
  const a = /** @type {HTMLAnchorElement|null} */ ($('#analyse-link'));
  if (!a || !s) return;
  a.href = e.url ? e.url + '?moves=' + (s.coords || []).join(',') : root + 'editor/?pos=' + encodeURIComponent(s.code);
  a.textContent = e.url ? 'Analyse on the mode page' : 'Analyse in the editor';
  a.hidden = false;
}
