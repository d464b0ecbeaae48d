import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { indexedPages, pageToIndex } from '../src/searchIndexes.js';

describe('what the search indexes hold', () => {
  it('every page but the machinery pages (sign-in, sign-out, search, temporarily unavailable) of either locale, and no Markdown or llms.txt', async () => {
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
        'llms.txt',
        'docs/llms.txt',
        'docs/llms-full.txt',
        'docs/guide.md',
        'es/docs/guide.md',
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

describe('what the index reads of a page', () => {
  it('files a minified blog listing under its own language, by its heading and description', () => {
    const listing =
      '<!doctype html><html lang=es dir=ltr class="blog-wrapper blog-tags-post-list-page plugin-blog plugin-id-default">' +
      '<head><title data-rh=true>Etiqueta | Centro</title><meta data-rh=true name=description content="Novedades &amp; más"/></head>' +
      '<body><main><h1>3 publicaciones con la etiqueta «Intrusion Sentinel»</h1><article>Texto de una entrada</article></main></body></html>';
    assert.equal(
      pageToIndex(listing),
      '<html lang="es"><body><main><article>' +
        '<h1 data-pagefind-weight="0.2">3 publicaciones con la etiqueta «Intrusion Sentinel»</h1>' +
        '<p data-pagefind-weight="0.2">Novedades &amp; más</p></article></main></body></html>',
    );
  });

  it('keeps a row’s cells apart with a dot and its rows with a dash, whose end tags the minified HTML leaves out', () => {
    const page =
      '<html lang=en class="plugin-docs"><body><main><table><thead><tr><th>Name<th>Type<th>Points to' +
      '<tbody><tr><td>neuron<td>A<td>10.0.0.1<tr><td>broker<td>CNAME<td>neuron</table></main></body></html>';
    assert.equal(
      pageToIndex(page),
      '<html lang=en class="plugin-docs"><body><main><table data-pagefind-weight="0.5"><thead><tr> <th>Name · <th>Type · <th>Points to' +
        '<tbody> — <tr> <td>neuron · <td>A · <td>10.0.0.1 — <tr> <td>broker · <td>CNAME · <td>neuron' +
        '</table></main></body></html>',
    );
  });

  it('starts a table without a head with its first row, and separates rows whose end tags are written', () => {
    const page =
      '<html lang=en><body><table>\n<tbody>\n<tr><td>a</td><td>b</td></tr>\n<tr><td>c</td><td>d</td></tr></tbody></table></body></html>';
    assert.equal(
      pageToIndex(page),
      '<html lang=en><body><table data-pagefind-weight="0.5">\n<tbody>\n<tr> <td>a</td> · <td>b</td></tr>\n — <tr> <td>c</td> · <td>d</td></tr></tbody></table></body></html>',
    );
  });

  it('leaves folder trees out of the index and keeps every other code block, however long', () => {
    const tree =
      '<pre tabindex=0 class="prism-code language-text"><code><span class=token-line>app/├── pyproject.toml</span></code></pre>';
    const config = `<pre tabindex=0 class="prism-code language-toml"><code>${'<span class=token-line>key = 1</span>'.repeat(80)}</code></pre>`;
    const page = `<html lang=en><body><main>${tree}${config}</main></body></html>`;
    assert.equal(
      pageToIndex(page),
      `<html lang=en><body><main>${tree.replace('<pre ', '<pre data-pagefind-ignore ')}${config}</main></body></html>`,
    );
  });
});
