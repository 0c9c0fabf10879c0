// @ts-check
// A Schedule holds what one owner (a puzzle, the trainer) has set to
// happen later: its timers and the promises waiting on them or on the
// engine. cancel() ends it all at once — every timer cleared, every
// pending wait left unsettled for ever — so that nothing a finished
// puzzle scheduled (its solution's next move, the opponent's reply, a
// hint's squares) reaches the next one. Pure: no DOM, importable from
// Node.

export class Schedule {
  /** @param {Timers} [timers] the clock to use (setTimeout and friends); the global one by default. */
  constructor(timers) {
    /** @type {Timers} */
    this.timers = timers || globalThis;
    /** @type {Set<any>} */
    this.timeouts = new Set();
    /** @type {Set<any>} */
    this.intervals = new Set();
    /** The count of cancellations: a wait of an earlier epoch is dead. */
    this.epoch = 0;
  }

  /**
   * after runs fn after ms, unless the schedule is cancelled first.
   * @param {number} ms
   * @param {() => void} fn
   */
  after(ms, fn) {
    const id = this.timers.setTimeout(() => {
      this.timeouts.delete(id);
      fn();
    }, ms);
    this.timeouts.add(id);
    return id;
  }

  /**
   * every runs fn every ms until the schedule is cancelled or stop is
   * called with its id.
   * @param {number} ms
   * @param {() => void} fn
   */
  every(ms, fn) {
    const id = this.timers.setInterval(fn, ms);
    this.intervals.add(id);
    return id;
  }

  /** stop clears one interval set by every. @param {any} id */
  stop(id) {
    this.timers.clearInterval(id);
    this.intervals.delete(id);
  }

  /**
   * sleep resolves after ms; cancelled first, it never settles.
   * @param {number} ms
   * @returns {Promise<void>}
   */
  sleep(ms) {
    return new Promise((resolve) => { this.after(ms, resolve); });
  }

  /**
   * guard settles as p does while the schedule stands; a cancellation
   * in between leaves it unsettled, so nothing chained on it runs.
   * @template T
   * @param {Promise<T>} p
   * @returns {Promise<T>}
   */
  guard(p) {
    const epoch = this.epoch;
    return new Promise((resolve, reject) => {
      p.then((v) => { if (epoch === this.epoch) resolve(v); }, (e) => { if (epoch === this.epoch) reject(e); });
    });
  }

  /** live returns a check that stays true until the next cancel. @returns {() => boolean} */
  live() {
    const epoch = this.epoch;
    return () => epoch === this.epoch;
  }

  /** pending is the count of timers still set. */
  get pending() { return this.timeouts.size + this.intervals.size; }

  /** cancel clears every timer and kills every pending wait. */
  cancel() {
    this.timeouts.forEach((id) => this.timers.clearTimeout(id));
    this.intervals.forEach((id) => this.timers.clearInterval(id));
    this.timeouts.clear();
    this.intervals.clear();
    this.epoch++;
  }
}
