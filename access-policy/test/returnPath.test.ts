import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { safeReturnPath } from '../src/index.js';

describe('safeReturnPath (security: no open redirect)', () => {
  const kept: Array<[string, string]> = [
    ['/docs/IntrusionSentinel/introduction/audience', '/docs/IntrusionSentinel/introduction/audience'],
    ['/es/docs/category/intrusion-sentinel', '/es/docs/category/intrusion-sentinel'],
    ['/docs/x/?tab=1#part', '/docs/x?tab=1#part'],
    ['/', '/'],
  ];
  for (const [raw, expected] of kept) {
    it(`keeps ${raw}`, () => assert.equal(safeReturnPath(raw), expected));
  }
  const refused = [
    '//evil.example/docs/',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    'docs/x',
    '',
    '/%0d%0aLocation:%20https://evil.example',
    '/a\nb',
    '/..',
    null,
    undefined,
    '/' + 'a'.repeat(3000),
  ];
  for (const raw of refused) {
    it(`refuses ${JSON.stringify(raw)?.slice(0, 40)}`, () => assert.equal(safeReturnPath(raw as string), null));
  }
});
