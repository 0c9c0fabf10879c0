process.env.TZ = 'UTC';
const { test } = await import('node:test');
const assert = (await import('node:assert/strict')).default;
const { timeTicks, dateLabel, DAY_MS } = await import('./timeaxis.js');

const at = (s) => Date.parse(s + 'T00:00:00Z');

test('dateLabel writes days, months and years', () => {
  assert.equal(dateLabel(at('2026-03-03'), 1, false), '3 Mar');
  assert.equal(dateLabel(at('2026-03-03'), 7, true), '3 Mar 2026');
  assert.equal(dateLabel(at('2026-03-03'), 30, false), 'Mar 2026');
});

test('timeTicks: dated ticks on midnights, the smallest step that fits', () => {
  const cases = [
    { from: '2026-03-03T10:00:00Z', to: '2026-03-03T18:00:00Z', max: 5, want: ['3 Mar'] },
    { from: '2026-03-03T10:00:00Z', to: '2026-03-06T18:00:00Z', max: 5, want: ['4 Mar', '5 Mar', '6 Mar'] },
    { from: '2026-03-01T00:00:00Z', to: '2026-03-05T00:00:00Z', max: 5, want: ['1 Mar', '2 Mar', '3 Mar', '4 Mar', '5 Mar'] },
    { from: '2026-03-01T00:00:00Z', to: '2026-03-09T00:00:00Z', max: 5, want: ['1 Mar', '3 Mar', '5 Mar', '7 Mar', '9 Mar'] },
    { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z', max: 6, want: ['1 Mar', '8 Mar', '15 Mar', '22 Mar', '29 Mar'] },
    { from: '2026-01-15T00:00:00Z', to: '2026-06-20T00:00:00Z', max: 6, want: ['Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026'] },
    { from: '2024-02-10T00:00:00Z', to: '2026-06-20T00:00:00Z', max: 6, want: ['Mar 2024', 'Mar 2025', 'Mar 2026'] },
    { from: '2025-12-20T00:00:00Z', to: '2026-01-05T00:00:00Z', max: 6, want: ['20 Dec 2025', '27 Dec 2025', '3 Jan 2026'] },
  ];
  for (const c of cases) {
    const ticks = timeTicks(Date.parse(c.from), Date.parse(c.to), c.max);
    assert.deepEqual(ticks.map((k) => k.label), c.want, c.from + ' – ' + c.to);
    assert.ok(ticks.length <= c.max);
    ticks.forEach((k, i) => {
      if (ticks.length > 1) assert.ok(k.t >= Date.parse(c.from) && k.t <= Date.parse(c.to), 'inside the span');
      if (i) assert.ok(k.t - ticks[i - 1].t >= DAY_MS);
    });
  }
});
