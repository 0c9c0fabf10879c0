import { test } from 'node:test';
import assert from 'node:assert/strict';
import { saveFiles, unsaved, megabytes, unreachable } from './offline.js';

// network installs a fake Cache Storage and fetch: the site's files by
// URL, those already kept, and a switch that cuts the network off after
// n answers (TypeError, as a browser's fetch offline).
function network(site, kept, cutAfter) {
  const stored = new Map(kept.map((u) => [u, { ok: true, status: 200, url: u }]));
  const fetched = [];
  globalThis.caches = {
    open: () => Promise.resolve({ put: (u, r) => { stored.set(u, r); return Promise.resolve(); } }),
    match: (u) => Promise.resolve(stored.get(u)),
  };
  globalThis.fetch = (u) => {
    if (cutAfter != null && fetched.length >= cutAfter) return Promise.reject(new TypeError('Failed to fetch'));
    fetched.push(u);
    return Promise.resolve(site[u] ? { ok: true, status: 200, url: u } : { ok: false, status: 404, url: u });
  };
  return { stored, fetched };
}

const site = { a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1, i: 1, j: 1 };
const files = Object.keys(site).map((u, k) => ({ url: u, bytes: 1000 * (k + 1) }));

test('saveFiles fetches what is not kept, with progress in files and bytes', async () => {
  const { stored, fetched } = network(site, ['a', 'b']);
  const steps = [];
  const p = await saveFiles(files, (s) => steps.push({ ...s })).done;
  assert.equal(fetched.length, 8, 'the kept files are not fetched again');
  assert.equal(stored.size, 10);
  assert.deepEqual(p, { files: 10, totalFiles: 10, bytes: 55000, totalBytes: 55000 });
  assert.equal(steps.length, 10);
  steps.forEach((s, k) => {
    assert.equal(s.files, k + 1);
    if (k > 0) assert.ok(s.bytes > steps[k - 1].bytes);
  });
});

test('a save cut off keeps what it saved, and goes on with the rest', async () => {
  const net = network(site, [], 5);
  await assert.rejects(saveFiles(files).done, TypeError);
  assert.equal(net.stored.size, 5, 'what was saved before the cut stays');
  const left = await unsaved(files);
  assert.deepEqual(left.map((f) => f.url), files.slice(5).map((f) => f.url));
  const again = network(site, [...net.stored.keys()]);
  const p = await saveFiles(left).done;
  assert.equal(again.fetched.length, 5, 'only the rest is fetched');
  assert.equal(p.bytes, files.slice(5).reduce((n, f) => n + f.bytes, 0));
  assert.equal(again.stored.size, 10);
});

test('stop lets the files under way finish and starts no others', async () => {
  const net = network(site, []);
  const s = saveFiles(files, (p) => { if (p.files === 1) s.stop(); });
  await assert.rejects(s.done, /stopped/);
  assert.ok(s.stopped());
  assert.ok(net.fetched.length < files.length, `fetched ${net.fetched.length} of ${files.length}`);
});

test('a file the site does not have stops the save with its address', async () => {
  network({ a: 1 }, []);
  await assert.rejects(saveFiles([{ url: 'a', bytes: 1 }, { url: 'zz', bytes: 1 }]).done, /zz: HTTP 404/);
});

test('megabytes', () => {
  const cases = [[0, '1 KB'], [1500, '1 KB'], [700 * 1024, '700 KB'], [(1 << 20) * 4.25, '4.3 MB'], [(1 << 30) * 10, '10.0 GB']];
  for (const [n, want] of cases) assert.equal(megabytes(n), want, String(n));
});

test('unreachable: a network error, not an answer refused', () => {
  assert.equal(unreachable(new TypeError('Failed to fetch')), true);
  assert.equal(unreachable(new Error('x.json: 404')), false);
});
