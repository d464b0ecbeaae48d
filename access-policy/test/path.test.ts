import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_PATH_LENGTH, normalizePath } from '../src/index.js';

describe('normalizePath', () => {
  const samePage: Array<[string, string]> = [
    ['/', '/'],
    ['/index.html', '/'],
    ['/index', '/'],
    ['/labs', '/labs'],
    ['/labs/', '/labs'],
    ['/labs.html', '/labs'],
    ['/labs/index', '/labs'],
    ['/labs/index.html', '/labs'],
    ['/labs?tab=2#top', '/labs'],
    ['//labs//', '/labs'],
    ['/./labs/.', '/labs'],
    ['/blog/../labs', '/labs'],
    ['\\labs\\', '/labs'],
    ['/%6cabs', '/labs'],
    ['/es%2Flabs', '/es/labs'],
    ['/%2e%2e%2flabs'.replace('%2e%2e%2f', 'x/%2e%2e/'), '/labs'],
    ['/assets/js/main.1a2b3c4d.js', '/assets/js/main.1a2b3c4d.js'],
    ['/caf%C3%A9', '/café'],
    ['/%252Fdocs', '/%2Fdocs'],
  ];
  for (const [input, expected] of samePage) {
    it(`normalises ${JSON.stringify(input)} to ${expected}`, () => {
      assert.deepEqual(normalizePath(input), { ok: true, path: expected });
    });
  }

  const refused: Array<[string, 400 | 414]> = [
    ['/..', 400],
    ['/%2e%2e/etc/passwd', 400],
    ['/a/../../b', 400],
    ['/%', 400],
    ['/%zz', 400],
    ['/%C3', 400],
    ['/%FF%FE', 400],
    ['/a%00b', 400],
    ['/a%0d%0aSet-Cookie:x', 400],
    ['labs', 400],
    ['*', 400],
    ['/' + 'a'.repeat(MAX_PATH_LENGTH), 414],
  ];
  for (const [input, status] of refused) {
    it(`refuses ${JSON.stringify(input.slice(0, 40))} with ${status}`, () => {
      const result = normalizePath(input);
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.status, status);
    });
  }
});

describe('normalizePath fast path', () => {
  it('returns canonical paths unchanged and sends anything else the long way', () => {
    for (const path of ['/', '/labs', '/es/blog/2024/08/20/post', '/assets/js/main.1a2b3c4d.js', '/docs/x_y-z']) {
      assert.deepEqual(normalizePath(path), { ok: true, path });
    }
    assert.deepEqual(normalizePath('/a/.hidden/../b'), { ok: true, path: '/a/b' });
    assert.deepEqual(normalizePath('/a\u0001b').ok, false);
    assert.deepEqual(normalizePath('/x/index'), { ok: true, path: '/x' });
  });
});
