// @ts-check
// The dated time axis of the dashboard's rating chart: ticks on local
// midnights, a day, two, a week, a fortnight, a month, a quarter or a
// year apart (the smallest step that keeps to the count allowed), each
// labelled with its date. Pure: no DOM, importable from Node.

export const DAY_MS = 24 * 3600 * 1000;
const STEPS = [1, 2, 7, 14, 30, 91, 365];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * dateLabel writes a date for an axis: "3 Mar" for steps of days,
 * "Mar 2026" for steps of a month or more, with the year on a day's
 * label when the axis spans years.
 * @param {number} t ms since the epoch
 * @param {number} stepDays
 * @param {boolean} years the axis spans more than one calendar year
 */
export function dateLabel(t, stepDays, years) {
  const d = new Date(t);
  if (stepDays >= 30) return MONTHS[d.getMonth()] + ' ' + d.getFullYear();
  return d.getDate() + ' ' + MONTHS[d.getMonth()] + (years ? ' ' + d.getFullYear() : '');
}

/**
 * midnight is the local midnight starting t's day.
 * @param {number} t
 */
export function midnight(t) {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/**
 * timeTicks places at most max dated ticks between t0 and t1 (ms): on
 * midnights a day to a fortnight apart, else on the firsts of months a
 * month, a quarter or a year apart. A span within one day gives that
 * day alone.
 * @param {number} t0
 * @param {number} t1
 * @param {number} max
 * @returns {{t: number, label: string}[]}
 */
export function timeTicks(t0, t1, max) {
  if (midnight(t0) === midnight(t1)) return [{ t: t0, label: dateLabel(t0, 1, false) }];
  const years = new Date(t0).getFullYear() !== new Date(t1).getFullYear();
  const steps = STEPS.concat([730, 1825, 3650]);
  for (const step of steps) {
    const ticks = ticksEvery(t0, t1, step, max + 1);
    if (ticks.length <= max || step === steps[steps.length - 1]) {
      return ticks.slice(0, max).map((t) => ({ t, label: dateLabel(t, step, years) }));
    }
  }
  return [];
}

/**
 * ticksEvery lists the tick times from t0 to t1 a step of days apart
 * (months from 30 days on), at most limit of them.
 * @param {number} t0
 * @param {number} t1
 * @param {number} step
 * @param {number} limit
 */
function ticksEvery(t0, t1, step, limit) {
  const months = step >= 30 ? Math.round(step / 30.4) : 0;
  const d = new Date(midnight(t0));
  if (months) {
    if (d.getDate() !== 1 || d.getTime() < t0) d.setMonth(d.getMonth() + 1, 1);
  } else if (d.getTime() < t0) {
    d.setDate(d.getDate() + 1);
  }
  const ticks = [];
  while (d.getTime() <= t1 && ticks.length < limit) {
    ticks.push(d.getTime());
    if (months) d.setMonth(d.getMonth() + months, 1);
    else d.setDate(d.getDate() + step);
  }
  return ticks;
}
