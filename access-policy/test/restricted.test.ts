import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRestrictedPath } from '../src/index.js';

describe('isRestrictedPath (security)', () => {
  const restricted = [
    '/docs',
    '/docs/',
    '/docs/IntrusionSentinel/introduction/audience',
    '/docs/category/intrusion-sentinel',
    '/docs/assets/js/abc.12345678.js',
    '/es/docs/documentation/firebase-auth-setup',
    '/es/docs',
    '/DOCS/IntrusionSentinel/introduction/audience',
    '/Es/DoCs/x',
    '/%64ocs/x',
    '/%64%6F%63%73/x',
    '/blog/..%2Fdocs/x',
    '//docs//x',
    '/./docs/x',
    '\\docs\\x',
    '/docs.html',
    '/docs/index.html',
    '/labs/../docs/x',
    '/%2e%2e/docs',
    '/%zz/docs',
  ];
  for (const path of restricted) {
    it(`treats ${path} as restricted`, () => assert.equal(isRestrictedPath(path), true));
  }

  const open = [
    '/',
    '/labs',
    '/projects',
    '/blog',
    '/blog/archive',
    '/es',
    '/es/blog',
    '/docsearch',
    '/my-docs/x',
    '/assets/js/main.js',
    '/%252Fdocs/x',
  ];
  for (const path of open) {
    it(`treats ${path} as public`, () => assert.equal(isRestrictedPath(path), false));
  }
});
