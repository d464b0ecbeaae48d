import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { indexedPages } from '../src/searchIndexes.js';

describe('what the search indexes hold', () => {
  it('every page but the machinery pages (sign-in, sign-out, search, temporarily unavailable) of either locale', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'index-'));
    try {
      const pages = [
        'index.html',
        'labs/index.html',
        'blog/2025/06/10/post/index.html',
        'es/index.html',
        'es/projects/index.html',
        'signin/index.html',
        'logOut/index.html',
        'search/index.html',
        'unavailable/index.html',
        'es/signin/index.html',
        'es/logOut/index.html',
        'es/search/index.html',
        'es/unavailable/index.html',
        '404.html',
        'assets/js/index.html',
        'pagefind/index.html',
      ];
      for (const page of pages) {
        await mkdir(path.dirname(path.join(dir, page)), { recursive: true });
        await writeFile(path.join(dir, page), '<html><main>text</main></html>');
      }
      const indexed: string[] = [];
      for await (const page of indexedPages(dir)) indexed.push(page);
      assert.deepEqual(indexed.sort(), [
        'blog/2025/06/10/post/index.html',
        'es/index.html',
        'es/projects/index.html',
        'index.html',
        'labs/index.html',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
