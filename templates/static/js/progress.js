// The trainer's progress, kept in localStorage as JSON and validated on
// every read: a corrupt or old record is replaced by an empty one, never
// trusted. Pure: no DOM, importable from Node.

export const PROGRESS_KEY = 'thinchess.progress';
const VERSION = 1;

// emptyProgress is the progress of a new reader.
export function emptyProgress() {
  return { v: VERSION, puzzles: {}, streak: 0, best: 0 };
}

function count(x) {
  return typeof x === 'number' && isFinite(x) && x >= 0 && Math.floor(x) === x;
}

function isObject(x) {
  return !!x && typeof x === 'object' && !Array.isArray(x);
}

// validProgress reports whether p is a progress record of this version.
export function validProgress(p) {
  if (!isObject(p) || p.v !== VERSION) return false;
  if (!count(p.streak) || !count(p.best) || !isObject(p.puzzles)) return false;
  return Object.keys(p.puzzles).every((k) => {
    const e = p.puzzles[k];
    return isObject(e) && typeof e.solved === 'boolean' && count(e.attempts) && count(e.hints);
  });
}

// readProgress reads stored text (null when nothing is stored) into
// {progress, reset}; reset is true when the text was unusable.
export function readProgress(raw) {
  if (raw == null) return { progress: emptyProgress(), reset: false };
  let p = null;
  try { p = JSON.parse(raw); } catch (e) { p = null; }
  if (validProgress(p)) return { progress: p, reset: false };
  return { progress: emptyProgress(), reset: true };
}

// entry is the record of puzzle id, made when there is none.
export function entry(p, id) {
  if (!p.puzzles[id]) p.puzzles[id] = { solved: false, attempts: 0, hints: 0 };
  return p.puzzles[id];
}

// recordSolved counts an attempt at puzzle id that reached the end: r is
// {mistakes, hints, shown} (shown: the solution was played out); clean
// says nothing went wrong on the way. A clean, unaided solve extends the
// streak; anything else ends it.
export function recordSolved(p, id, r, clean) {
  const e = entry(p, id);
  e.attempts++;
  e.hints += r.hints;
  if (!r.shown) e.solved = true;
  if (!r.shown && r.hints === 0 && r.mistakes === 0 && clean) {
    p.streak++;
    p.best = Math.max(p.best, p.streak);
  } else {
    p.streak = 0;
  }
}

// solvedCount counts the puzzles solved.
export function solvedCount(p) {
  return Object.keys(p.puzzles).filter((k) => p.puzzles[k].solved).length;
}
