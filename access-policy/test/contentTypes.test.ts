import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentTypeOf, isCompressible } from '../src/contentTypes.js';

describe('content types', () => {
  const cases: Array<[string, string, boolean]> = [
    ['/docs/IntrusionSentinel/architecture/diagram.md', 'text/markdown; charset=utf-8', true],
    ['/docs/llms.txt', 'text/plain; charset=utf-8', true],
    ['/llms.txt', 'text/plain; charset=utf-8', true],
    ['/labs/index.html', 'text/html; charset=utf-8', true],
    ['/assets/js/main.1a2b3c4d.js', 'text/javascript; charset=utf-8', true],
    ['/sitemap.xml', 'application/xml; charset=utf-8', true],
    ['/img/social-card-en.png', 'image/png', false],
    ['/docs/README', 'application/octet-stream', false],
  ];
  for (const [file, type, compressible] of cases)
    it(`${file} is ${type}${compressible ? ', compressed' : ''}`, () => {
      assert.equal(contentTypeOf(file), type);
      assert.equal(isCompressible(contentTypeOf(file)), compressible);
    });
});
