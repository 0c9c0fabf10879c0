import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCount } from './dom.js';

test('formatCount writes counts as toLocaleString("en") does', () => {
  for (const n of [0, 7, 999, 1000, 30080, 123456, 1234567, 1000000000, -1234]) {
    assert.equal(formatCount(n), n.toLocaleString('en'), String(n));
  }
});
