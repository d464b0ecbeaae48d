import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prefetchWhenIdle } from '../src/auth/idlePrefetch';

test('prefetches wait for idle time and run a few milliseconds at a time, in order', () => {
  const prefetched: string[] = [];
  const scheduled: Array<() => void> = [];
  let clock = 0;
  // Each prefetch takes 3 ms of the clock.
  const prefetch = prefetchWhenIdle(
    (path) => {
      prefetched.push(path);
      clock += 3;
    },
    (work) => scheduled.push(work),
    () => clock,
  );
  for (const path of ['/a', '/b', '/c', '/d', '/e']) prefetch(path);
  assert.deepEqual(prefetched, []);
  assert.equal(scheduled.length, 1);

  // A slice stops at the first prefetch that ends past 4 ms: two of them here.
  scheduled.shift()!();
  assert.deepEqual(prefetched, ['/a', '/b']);
  assert.equal(scheduled.length, 1);
  scheduled.shift()!();
  assert.deepEqual(prefetched, ['/a', '/b', '/c', '/d']);
  assert.equal(scheduled.length, 1);
  scheduled.shift()!();
  assert.deepEqual(prefetched, ['/a', '/b', '/c', '/d', '/e']);
  assert.equal(scheduled.length, 0);

  prefetch('/f');
  assert.equal(scheduled.length, 1);
});
