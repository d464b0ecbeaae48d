import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocsIndex, MAX_QUERY_WORDS } from '../src/mcp/docsIndex.js';
import type { SiteFile } from '../src/static/siteFiles.js';

/** A members' Markdown file as the build writes it. */
function markdownFile(urlPath: string, markdown: string): [string, SiteFile] {
  return [
    urlPath,
    {
      urlPath,
      contentType: 'text/markdown; charset=utf-8',
      body: Buffer.from(markdown),
      br: undefined,
      gzip: undefined,
      etag: '"x"',
      cacheControl: 'no-cache',
      privateCacheControl: 'private, no-cache',
      varies: false,
    },
  ];
}

const index = new DocsIndex(
  new Map([
    markdownFile('/docs/guide.md', '# Guide\n\nThe attack sensor watches the network.\n'),
    markdownFile('/docs/other.md', '# Other\n\nNothing about zebra here, only quokka.\n'),
  ]),
);

describe('one search’s work is bounded whatever the query holds (security)', () => {
  it(`counts only the first ${MAX_QUERY_WORDS} distinct words of a query`, () => {
    const filler = Array.from({ length: MAX_QUERY_WORDS }, (_, n) => `filler${n}`);
    assert.equal(MAX_QUERY_WORDS, 16);
    assert.deepEqual(
      index.search([...filler.slice(0, MAX_QUERY_WORDS - 1), 'quokka'].join(' ')).map((hit) => hit.page.path),
      ['/docs/other'],
    );
    assert.deepEqual(index.search([...filler, 'quokka'].join(' ')), []);
  });

  it('repeats of a word count once, so a query of one word said many times is one word', () => {
    assert.deepEqual(
      index.search(`${'sensor '.repeat(40)}quokka`).map((hit) => hit.page.path),
      ['/docs/guide', '/docs/other'],
    );
  });
});
