// @ts-check
// How the board sits on its page: the side of its squares (--sq) so
// that it shows whole, without scrolling, with what a player needs
// beside or under it; on a narrow screen a tall board may stand beside
// the game instead of above it, and a one-file board may lie down. The
// board is fitted again when the window or what surrounds it changes
// size. Board (board.js) calls fitBoard and watchRoom; nothing here
// knows of pieces or moves.

// STAND_MIN is the smallest square (CSS px) a one-file board stands
// with when lying down would give it larger squares. MARGIN is kept
// free under what must show.
const STAND_MIN = 36;
const MARGIN = 8;
// SIDE_MIN is the narrowest the game's column gets beside a tall board.
const SIDE_MIN = 168;
// KEEP is how much smaller than the best fit a board already shown may
// stay: a board whose squares still fit, in the same layout, keeps
// them when the best is at most this share larger, so that the page
// does not move for a few pixels (the CSS guess of the first paint, or
// a header that grew).
const KEEP = 0.08;
// NARROW is the width at which the page is one column (app.css).
const NARROW = '(max-width: 760px)';
// ESSENTIALS are what a player needs in view beside or under the board
// on a game or puzzle page (PLAY_PAGES): whose turn it is, the task, a
// puzzle's result (✓ or ✗ and the rating change) and the main controls,
// and Best move's thinking line and answer once shown (empty, they take
// no room). Other pages (the editor) fit the board alone.
const ESSENTIALS = '#status, .puzzle-task, #feedback, #rating-change, #puzzle .controls, .side > .controls, #think, #analysis';
const PLAY_PAGES = ['mode', 'train'];

/**
 * A board as fitting sees it: its element and its files and ranks.
 * @typedef {{el: HTMLElement, w: number, h: number}} Fitted
 */

/**
 * A way to lay the board out on the page (see fitBoard).
 * @typedef {{beside: boolean, lying: boolean}} Layout
 */

/**
 * watchRoom calls fit when the window or what surrounds the board el
 * changes size (a task filled in, a header that grew), once a frame at
 * most.
 * @param {HTMLElement} el
 * @param {() => void} fit
 */
export function watchRoom(el, fit) {
  let queued = false;
  const refit = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fit(); });
  };
  window.addEventListener('resize', refit);
  if (typeof ResizeObserver !== 'function') return;
  const ro = new ResizeObserver(refit);
  ro.observe(document.body);
  const play = el.closest('.play');
  const side = play && play.querySelector('.side');
  if (side) ro.observe(side);
}

/**
 * fitBoard sizes the squares (--sq) so that the board shows whole
 * without scrolling, with the essentials beside or under it. It tries
 * each layout and keeps the one with the largest squares, a standing
 * board whenever its squares are at least STAND_MIN; a board shown in
 * that layout keeps its squares when they fit and are within KEEP of
 * the best.
 * @param {Fitted} board
 */
export function fitBoard(board) {
  const b = board.el;
  const play = b.closest('.play');
  if (!(play instanceof HTMLElement)) {
    b.style.removeProperty('--sq');
    b.classList.remove('lying');
    return;
  }
  // A room unchanged since the last fit (the board's own resize,
  // noticed by watchRoom) keeps it: each layout tried costs the browser
  // a layout of the whole page.
  const room = roomOf(board, play);
  if (fitted.get(b) === room) return;
  const was = { beside: play.classList.contains('beside'), lying: b.classList.contains('lying'), sq: parseFloat(getComputedStyle(b).gridAutoRows) || 0, inline: b.style.getPropertyValue('--sq') };
  const narrow = !!(window.matchMedia && window.matchMedia(NARROW).matches);
  const oneFile = board.w === 1 && board.h >= 5;
  /** @type {Layout[]} */
  const layouts = [{ beside: false, lying: false }];
  if (narrow && board.h >= 2 * board.w) layouts.push({ beside: true, lying: false });
  if (oneFile) layouts.push({ beside: false, lying: true });
  // The standing layouts first: lying down is measured only when no
  // standing board gets squares of STAND_MIN.
  const tried = layouts.filter((l) => !l.lying).map((l) => ({ layout: l, sq: measure(board, play, l, narrow) }));
  const standing = tried.filter((t) => t.sq >= STAND_MIN);
  if (!standing.length && oneFile) tried.push({ layout: { beside: false, lying: true }, sq: measure(board, play, { beside: false, lying: true }, narrow) });
  const pool = standing.length ? standing : tried;
  const best = pool.reduce((a, t) => (t.sq > a.sq + 0.5 ? t : a));
  apply(b, play, best.layout);
  if (best.layout.beside === was.beside && best.layout.lying === was.lying && was.sq <= best.sq + 0.5 && was.sq >= best.sq * (1 - KEEP)) {
    if (was.inline) b.style.setProperty('--sq', was.inline); else b.style.removeProperty('--sq');
  } else if (best.sq > 0) b.style.setProperty('--sq', best.sq + 'px');
  else b.style.removeProperty('--sq');
  fitted.set(b, roomOf(board, play));
}

/** The room each board was last fitted to (roomOf). @type {WeakMap<HTMLElement, string>} */
const fitted = new WeakMap();
/** The squares each board's beside layout last measured. @type {WeakMap<HTMLElement, number>} */
const besideSq = new WeakMap();

/**
 * roomOf is what a fit depends on, as a string: the window, its scroll,
 * the board's shape and place, the width of the game and its column,
 * and where the essentials end.
 * @param {Fitted} board
 * @param {HTMLElement} play
 * @returns {string}
 */
function roomOf(board, play) {
  const r = board.el.getBoundingClientRect(), side = play.querySelector('.side');
  const sr = side ? side.getBoundingClientRect() : { width: 0, height: 0 };
  return [window.innerWidth, window.innerHeight, window.scrollY, board.w, board.h, r.top, r.width, r.height,
    play.clientWidth, sr.width, sr.height, essentialsBottom(side)].join(' ');
}

/**
 * apply sets a layout's classes.
 * @param {HTMLElement} b the board
 * @param {HTMLElement} play
 * @param {Layout} l
 */
function apply(b, play, l) {
  play.classList.toggle('beside', l.beside);
  b.classList.toggle('lying', l.lying);
}

/**
 * measure returns the side of a square (whole CSS px) that shows the
 * board and the essentials without scrolling in layout l, or 0 when
 * the board starts too low for that to matter (the CSS guess stands).
 * @param {Fitted} board
 * @param {HTMLElement} play
 * @param {Layout} l
 * @param {boolean} narrow
 * @returns {number}
 */
function measure(board, play, l, narrow) {
  const b = board.el;
  apply(b, play, l);
  b.style.setProperty('--sq', '8px');
  const cs = getComputedStyle(b);
  const gutL = parseFloat(cs.marginLeft) || 0, gutB = parseFloat(cs.marginBottom) || 0;
  const max = parseFloat(cs.getPropertyValue('--sq-max')) * parseFloat(getComputedStyle(document.documentElement).fontSize) || 88;
  const cols = l.lying ? board.h : board.w, rows = l.lying ? board.w : board.h;
  const top = b.getBoundingClientRect().top + window.scrollY;
  const bottom = window.innerHeight + window.scrollY - MARGIN;
  if (bottom - top < 96) return 0;
  const ps = getComputedStyle(play);
  const colGap = parseFloat(ps.columnGap) || 0, rowGap = parseFloat(ps.rowGap) || 0;
  const side = play.querySelector('.side');
  let across, down = bottom - top - gutB - 4;
  if (narrow && !l.beside) {
    across = b.parentElement.getBoundingClientRect().width;
    down -= rowGap + essentials(side);
  } else if (narrow) {
    across = play.clientWidth - colGap - SIDE_MIN;
  } else {
    across = play.clientWidth - (side ? side.getBoundingClientRect().width + colGap : 0);
  }
  let sq = Math.floor(Math.min((across - gutL - 4) / cols, down / rows, max));
  if (sq <= 0) return 0;
  if (narrow && l.beside) {
    // The game's column is what is left beside the board: its
    // essentials must show too, else the squares shrink until they do
    // (the largest that fits, found by halving: a layout each try).
    const fits = (/** @type {number} */ n) => {
      b.style.setProperty('--sq', n + 'px');
      return essentialsBottom(side) <= bottom;
    };
    if (sq > 12 && !fits(sq)) {
      let lo = 12, hi = sq; // lo is taken to fit, hi does not
      // The last fit's squares first: a room that changed a little
      // (a status line written) keeps them or moves by a pixel or two.
      const last = besideSq.get(b);
      if (last && last > lo && last < hi) {
        if (!fits(last)) hi = last;
        else if (last + 1 < hi && !fits(last + 1)) lo = hi = last;
        else lo = last;
      }
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (fits(mid)) lo = mid; else hi = mid;
      }
      sq = lo;
    }
    besideSq.set(b, sq);
  }
  return sq;
}

/**
 * essentials is the height, from the top of the game's column, that
 * its essentials take.
 * @param {Element | null} side
 * @returns {number}
 */
function essentials(side) {
  if (!side || PLAY_PAGES.indexOf(document.body.dataset.page) < 0) return 0;
  return Math.max(0, essentialsBottom(side) - (side.getBoundingClientRect().top + window.scrollY));
}

/**
 * essentialsBottom is the page position of the lowest essential shown.
 * @param {Element | null} side
 * @returns {number}
 */
function essentialsBottom(side) {
  if (!side || PLAY_PAGES.indexOf(document.body.dataset.page) < 0) return 0;
  let bottom = side.getBoundingClientRect().top + window.scrollY;
  side.querySelectorAll(ESSENTIALS).forEach((e) => {
    const r = e.getBoundingClientRect();
    if (r.width || r.height) bottom = Math.max(bottom, r.bottom + window.scrollY);
  });
  return bottom;
}
