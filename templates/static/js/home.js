// @ts-check
// The home page: a "Continue training" entry when the trainer has kept a
// record on this device (its progress and the training mode it was in).
import './prefs.js';
import { $, store, ready } from './dom.js';
import { PROGRESS_KEY, readProgress, solvedCount } from './progress.js';

// TRAIN_MODE_KEY is where the trainer keeps its mode (train.js).
const TRAIN_MODE_KEY = 'thinchess.trainMode';

// MODE_TITLES name the trainer's modes for people.
/** @type {Record<string, string>} */
const MODE_TITLES = { rated: 'Rated', streak: 'Streak', storm: 'Storm', review: 'Review mistakes', practice: 'Practice' };

/**
 * continueLine says where a player left the trainer, or '' when the
 * device holds no training: "Rated · rating 1523 · 14 solved".
 * @param {string | null} raw the stored progress
 * @param {string | null} mode the stored training mode
 * @returns {string}
 */
export function continueLine(raw, mode) {
  if (raw == null) return '';
  const { progress: p, reset } = readProgress(raw);
  if (reset || (!p.log.length && !solvedCount(p))) return '';
  const parts = [];
  if (mode && MODE_TITLES[mode]) parts.push(MODE_TITLES[mode]);
  parts.push('rating ' + Math.round(p.player.rating));
  const n = solvedCount(p);
  parts.push(n + (n === 1 ? ' puzzle solved' : ' puzzles solved'));
  return parts.join(' · ');
}

ready(() => {
  const box = $('#continue');
  const link = /** @type {HTMLAnchorElement | null} */ ($('#continue-link'));
  const text = $('#continue-text');
  if (!box || !link || !text) return;
  const mode = store.get(TRAIN_MODE_KEY);
  const line = continueLine(store.get(PROGRESS_KEY), mode);
  if (!line) return;
  if (mode && MODE_TITLES[mode]) link.href = link.getAttribute('href') + '?mode=' + encodeURIComponent(mode);
  text.textContent = line;
  box.hidden = false;
});
