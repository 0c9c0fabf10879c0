// @ts-check
// The trainer's Sets mode on the page (the Woodpecker method; the state
// is sets.js's): the Sets box lists the player's sets with each cycle's
// time and accuracy, makes a set from the filters or from the puzzles
// marked "Review later", runs a set's cycle, shares it as a link,
// exports it as a file, imports one and deletes one (after asking); a
// link to a set (?set=…&ids=…) offers to add it. While a set runs, the
// trainer plays its puzzles in order and asks this module for them
// (pick), tells it how each attempt went (decided), and shows its line
// ("Name · 7/20 · cycle 2"). A cycle's time counts while a puzzle of it
// is on the screen and the page is seen.
import { $, el, store, announce, boardIntoView, copyText, saveFile } from './dom.js';
import { addStyles } from './styles.js';
import { filterWords } from './trainstate.js';
import { drawFromCorpus } from './setdraw.js';
import { makeSet, startCycle, current, nextId, record, addTime, cycleText, status, shareQuery, parseLink, exportSet, parseSetFile, addSet, sameIds, SET_MAX } from './sets.js';

// The Sets box: folded like the filters, a card a set.
const SETS_CSS = `
.sets-box > summary { cursor: pointer; color: var(--muted); padding: 0.2rem 0; }
.sets-box > summary .filter-summary { color: var(--ink); font-weight: 600; }
.set-list { list-style: none; padding: 0; margin: 0.6rem 0; display: grid; gap: 0.6rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); }
.set-item { border: 1px solid var(--line); border-radius: 8px; padding: 0.5rem 0.75rem; background: var(--panel); min-width: 0; }
.set-item.running { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); }
.set-item h3 { font-size: 1rem; margin: 0 0 0.3rem; overflow-wrap: anywhere; }
.set-cycles { margin: 0 0 0.4rem; padding: 0; list-style: none; font-variant-numeric: tabular-nums; font-size: 0.95rem; }
.set-actions { display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0; }
.set-link { width: 100%; box-sizing: border-box; margin-top: 0.4rem; font-size: 0.85rem; }
.set-offer { border: 2px solid var(--accent); border-radius: 8px; padding: 0.4rem 0.75rem; margin: 0.4rem 0; }
.set-offer p { margin: 0.25rem 0; }
.set-make input[type=text] { width: 11rem; max-width: 100%; }
.set-import { margin: 0.4rem 0; }
.set-filter { margin: 0.3rem 0 0; font-size: 0.95rem; }
`;
addStyles(SETS_CSS);

/**
 * @typedef {import('./sets.js').PuzzleSet} PuzzleSet
 * @typedef {import('./train.js').Trainer} Trainer
 */

// RUNNING_KEY keeps the id of the set being run.
const RUNNING_KEY = 'thinchess.trainSet';

export class TrainSets {
  /** @param {Trainer} trainer */
  constructor(trainer) {
    this.t = trainer;
    /** The id of the set being run ('' for none). */
    this.running = store.get(RUNNING_KEY) || '';
    /** The clock of the set's puzzle on the screen: its set, cycle and index, since when it counts (0 paused). */
    this.clock = { set: '', cycle: -1, at: -1, since: 0 };
    /** @type {{name: string, ids: string[]}|null} a set a link offers */
    this.offer = null;
    /** The id of the set whose link is shown ('' for none). */
    this.shared = '';
    this.box = /** @type {HTMLDetailsElement|null} */ ($('#sets-box'));
  }

  /** @returns {PuzzleSet[]} the player's sets (kept in the progress; no field while there is none) */
  get list() { return this.t.progress.sets || []; }

  /** @returns {PuzzleSet|null} the set being run */
  get set() { return this.list.find((s) => s.id === this.running) || null; }

  /** live reports whether a set's puzzles are being played. */
  live() { return this.t.state.mode === 'sets' && !!this.set; }

  /**
   * status is the running set's line ('' outside Sets).
   * @returns {string}
   */
  status() {
    const s = this.set;
    return this.t.state.mode === 'sets' && s ? status(s, this.clock.set === s.id ? this.clock.at : undefined) : '';
  }

  /**
   * pick is the next puzzle of the set's cycle, null when none runs or
   * its cycle is done; a puzzle the site no longer has is passed over.
   * @returns {Promise<TrainEntry|null>}
   */
  pick() {
    const s = this.set, id = s ? nextId(s) : '';
    if (!s || !id) return Promise.resolve(null);
    return this.t.corpus.find(id).then((e) => {
      if (e) return e;
      record(s, id, 'missing', this.t.now());
      this.t.save();
      return this.pick();
    });
  }

  /**
   * opened: puzzle e is on the screen; its time counts when it is the
   * set's next.
   * @param {TrainEntry} e
   */
  opened(e) {
    this.pause();
    const s = this.set, c = s && current(s);
    this.clock = c && this.live() && nextId(s) === e.id ? { set: s.id, cycle: s.cycles.length - 1, at: c.at, since: this.t.now() } : { set: '', cycle: -1, at: -1, since: 0 };
  }

  /**
   * pause adds the time counted so far to its cycle and stops the
   * clock; it reports whether it counted any.
   */
  pause() {
    const c = this.clock, s = this.list.find((x) => x.id === c.set);
    const counted = !!(s && c.since);
    if (counted) addTime(s, c.cycle, this.t.now() - c.since);
    c.since = 0;
    return counted;
  }

  /** resume starts the clock again (the page seen again). */
  resume() {
    if (this.clock.set && !this.clock.since) this.clock.since = this.t.now();
  }

  /**
   * decided counts the attempt at puzzle e in the running set: ok when
   * solved at the first try, without a hint.
   * @param {TrainEntry} e
   * @param {boolean} ok
   */
  decided(e, ok) {
    const s = this.set;
    if (s && this.live()) record(s, e.id, ok ? 'ok' : 'failed', this.t.now());
  }

  /**
   * solved: the set's puzzle is solved, its clock stops; it reports
   * whether the next puzzle should come by itself.
   * @returns {boolean}
   */
  solved() {
    const counting = !!this.clock.set;
    this.pause();
    this.clock.set = '';
    return counting && this.live();
  }

  /**
   * leave: the player moves on; a set's puzzle left undecided counts as
   * not solved at the first try.
   */
  leave() {
    const s = this.list.find((x) => x.id === this.clock.set), cur = this.t.current;
    this.pause();
    if (this.clock.set && s && cur && !this.t.state.outcome && nextId(s) === cur.id) record(s, cur.id, 'failed', this.t.now());
    this.clock.set = '';
  }

  /** emptyText says why Sets has no puzzle to play. */
  emptyText() {
    const s = this.set;
    if (this.offer) return 'A set was shared with you: add it in Sets to run it.';
    if (!s) return this.list.length ? 'Choose a set to run in Sets, or make one.' : 'Make a set in Sets: from the filters, or from the puzzles you marked.';
    const last = s.cycles.length - 1;
    return cycleText(s, last) + ' — the cycle of “' + s.name + '” is done. Run it again in Sets for cycle ' + (last + 2) + '.';
  }

  /**
   * note says something in the Sets box ('' hides it).
   * @param {string} text
   */
  note(text) { this.t.note('#set-note', text); }

  // draw lists the sets, each with its cycles and its buttons, and says
  // on the box's summary what runs.
  draw() {
    if (!this.box) return;
    const run = this.set;
    $('#sets-summary').textContent = run ? status(run) : this.list.length ? this.list.length + (this.list.length > 1 ? ' sets' : ' set') : 'none yet';
    $('#set-filter').textContent = 'The filters choose: ' + filterWords(this.t.filter(), 'sets', this.t.filters.names) + '.';
    $('#set-list').replaceChildren(...this.list.map((s) => this.item(s)));
    const offer = $('#set-offer');
    offer.hidden = !this.offer;
    if (this.offer) $('#set-offer-text').textContent = 'A set shared with you: “' + this.offer.name + '”, ' + this.offer.ids.length + ' puzzles.';
  }

  /**
   * item is set s's entry of the list.
   * @param {PuzzleSet} s
   */
  item(s) {
    const c = current(s);
    const runText = c ? (s.id === this.running ? 'Continue' : 'Continue cycle ' + s.cycles.length) : 'Run cycle ' + (s.cycles.length + 1);
    const button = (/** @type {string} */ action, /** @type {string} */ text, /** @type {string} */ cls) =>
      el('button', { type: 'button', 'data-set-action': action, class: cls }, text);
    const cycles = s.cycles.length
      ? el('ol', { class: 'set-cycles' })
      : el('p', { class: 'muted set-cycles' }, 'No cycle yet.');
    s.cycles.forEach((_, i) => cycles.appendChild(el('li', {}, cycleText(s, i))));
    const li = el('li', { class: 'set-item' + (s.id === this.running ? ' running' : ''), 'data-set': s.id });
    const actions = el('p', { class: 'set-actions' });
    actions.append(button('run', runText, ''), ' ', button('share', 'Share link', 'secondary'), ' ',
      button('export', 'Export', 'secondary'), ' ', button('delete', 'Delete', 'secondary'));
    li.append(el('h3', {}, s.name + ' · ' + s.ids.length + (s.ids.length > 1 ? ' puzzles' : ' puzzle')), cycles, actions);
    if (s.id === this.shared) {
      const link = /** @type {HTMLInputElement} */ (el('input', { class: 'set-link', type: 'url', readonly: '', 'aria-label': 'Link to the set ' + s.name }));
      link.value = this.link(s);
      li.appendChild(link);
    }
    return li;
  }

  /**
   * link is the address of the trainer that offers set s.
   * @param {PuzzleSet} s
   */
  link(s) {
    return new URL('./?' + shareQuery(s), location.href).href;
  }

  /**
   * act does what a set's button says.
   * @param {string} action
   * @param {PuzzleSet} s
   */
  act(action, s) {
    const now = this.t.now();
    if (action === 'run') {
      this.note('');
      startCycle(s, now);
      this.running = s.id;
      store.set(RUNNING_KEY, s.id);
      this.t.save();
      if (this.box) this.box.open = false;
      boardIntoView();
      this.t.next();
    } else if (action === 'share') {
      const link = this.link(s);
      this.shared = s.id;
      this.draw();
      const box = /** @type {HTMLInputElement|null} */ ($('#set-list [data-set="' + s.id + '"] .set-link'));
      if (box) box.select();
      copyText(link).then(() => this.note('The link to “' + s.name + '” is copied: whoever opens it can add the set.'),
        () => this.note('Copy the link under the set: whoever opens it can add the set.'));
    } else if (action === 'export') {
      const name = 'thinchess-set-' + (s.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'set') + '.json';
      saveFile(name, exportSet(s, now));
      this.note('Exported “' + s.name + '” to ' + name + '.');
    } else if (action === 'delete') {
      if (!confirm('Delete the set “' + s.name + '” and its ' + s.cycles.length + ' cycles?')) return;
      const rest = this.list.filter((x) => x !== s);
      if (rest.length) this.t.progress.sets = rest;
      else delete this.t.progress.sets;
      if (this.running === s.id) this.stop();
      this.t.save();
      this.note('Deleted “' + s.name + '”.');
    }
  }

  /** stop forgets the set being run. */
  stop() {
    this.pause();
    this.clock.set = '';
    this.running = '';
    store.remove(RUNNING_KEY);
  }

  /**
   * add keeps set s (made, imported or from a link) and says so.
   * @param {PuzzleSet} s
   * @param {string} how
   */
  add(s, how) {
    const p = this.t.progress;
    if (!addSet(p.sets || (p.sets = []), s)) {
      this.note('You have this set already, played as far: “' + s.name + '”.');
      return;
    }
    this.t.save();
    // The note under an empty board says what to do now.
    if (!this.t.current) this.t.note('#train-error', this.emptyText());
    this.note(how + ' “' + s.name + '”, ' + s.ids.length + (s.ids.length > 1 ? ' puzzles' : ' puzzle') + ': Run cycle 1 to start it.');
    announce(how + ' the set ' + s.name + '.');
  }

  // make makes a set from the form: drawn from the filters by its name
  // and time, or of the puzzles marked.
  make() {
    const now = this.t.now(), f = this.t.filter();
    const size = parseInt(/** @type {HTMLSelectElement} */ ($('#set-size')).value, 10) || 20;
    const nameBox = /** @type {HTMLInputElement} */ ($('#set-name'));
    const marked = /** @type {HTMLSelectElement} */ ($('#set-from')).value === 'marked';
    const name = nameBox.value.trim() || (marked ? 'Marked puzzles' : filterWords(f, 'sets', this.t.filters.names));
    const review = this.t.progress.review;
    const ids = marked
      ? Promise.resolve(Object.keys(review).filter((id) => review[id].mark).slice(0, size))
      : drawFromCorpus(this.t.corpus, f, Math.min(size, SET_MAX), name + ' ' + now);
    this.note('Making the set…');
    return ids.then((list) => {
      const s = makeSet(name, list, now);
      if (!s) {
        this.note(marked ? 'You have marked no puzzle yet: “Review later” beside a puzzle marks it.' : 'No puzzle matches these filters: choose others.');
        return;
      }
      nameBox.value = '';
      this.add(s, 'Made');
    }, (err) => this.note('The set could not be made: ' + err.message));
  }

  /**
   * importText adds the set of a file, or says why it cannot and
   * changes nothing.
   * @param {string} text
   */
  importText(text) {
    const got = parseSetFile(text);
    if ('error' in got) this.note(got.error);
    else this.add(got.set, 'Imported');
  }

  /**
   * start binds the box and reads a link to a set in the page's query:
   * it reports whether there was one (the trainer then shows Sets).
   * @param {URLSearchParams} q
   */
  start(q) {
    if (!this.box) return false;
    const link = parseLink(q);
    this.bind();
    document.addEventListener('visibilitychange', () => {
      // Saved only when a set's time was counted: the page left alone
      // does not write over what another page keeps.
      if (document.visibilityState === 'hidden') {
        if (this.pause()) this.t.save();
      } else this.resume();
    });
    // Open while no set runs: what Sets offers is in it.
    this.box.open = !this.set || !!link;
    if (!link) return false;
    if ('error' in link) {
      this.note(link.error);
      return true;
    }
    const have = sameIds(this.list, link.ids);
    if (have) this.note('You have this set already: “' + have.name + '”.');
    else this.offer = link;
    return true;
  }

  bind() {
    $('#set-make').addEventListener('submit', (ev) => { ev.preventDefault(); this.make(); });
    $('#train-filters').addEventListener('change', () => this.draw());
    $('#set-list').addEventListener('click', (ev) => {
      const b = /** @type {HTMLElement} */ (ev.target).closest('[data-set-action]');
      const li = b && /** @type {HTMLElement} */ (b.closest('[data-set]'));
      const s = li && this.list.find((x) => x.id === li.dataset.set);
      if (s) this.act(b.getAttribute('data-set-action'), s);
    });
    const file = /** @type {HTMLInputElement} */ ($('#set-file'));
    $('[data-set-import]').addEventListener('click', () => file.click());
    file.addEventListener('change', () => {
      const f = file.files && file.files[0];
      if (f) f.text().then((t) => this.importText(t), (err) => this.note('The file could not be read: ' + err.message));
      file.value = '';
    });
    $('#set-offer').addEventListener('click', (ev) => {
      const b = /** @type {HTMLElement} */ (ev.target).closest('[data-set-offer]');
      if (!b || !this.offer) return;
      const o = this.offer;
      this.offer = null;
      // The link is used: a reload does not offer it again.
      history.replaceState(null, '', location.pathname + '?mode=sets');
      if (b.getAttribute('data-set-offer') === 'add') {
        const s = makeSet(o.name, o.ids, this.t.now());
        if (s) this.add(s, 'Added');
      } else {
        this.note('');
        this.draw();
      }
    });
  }
}
