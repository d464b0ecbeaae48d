import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { markdownFiles, site } from './docsPages';

const posts = markdownFiles(path.join(site, 'blog'));

/** The list items under a post's "## Fuentes" heading. */
function sources(markdown: string): string[] {
  const section = markdown.split(/^## Fuentes$/m)[1];
  if (section === undefined) return [];
  return (section.split(/^## /m)[0] ?? '').split('\n').filter((line) => line.startsWith('- '));
}

describe('blog posts cite their sources', () => {
  it('there are posts to check', () => {
    assert.equal(posts.length, 4);
  });

  /**
   * Posts written since the primary-source rule: each cites the law or the agency's act itself, as Ley Chile
   * shows it (by its norm's or its law's number) or as the Diario Oficial's edition of the day published it.
   */
  const PRIMARY =
    /^- \[[^\]]+\]\((https:\/\/www\.bcn\.cl\/leychile\/navegar\?id(Norma|Ley)=\d+|https:\/\/www\.diariooficial\.interior\.gob\.cl\/edicionelectronica\/index\.php\?date=\d\d-\d\d-20\d\d)\)/;
  const NEW_POSTS: Record<string, number> = {
    'blog/2025-12-30-anci-reporte-incidentes-operadores-importancia-vital/index.md': 4,
    'blog/2026-11-25-ley-21719-datos-personales/index.md': 4,
  };
  for (const [name, count] of Object.entries(NEW_POSTS)) {
    it(`${name} cites ${count} norms in their text on Ley Chile or in the Diario Oficial`, () => {
      const items = sources(readFileSync(path.join(site, name), 'utf8'));
      assert.equal(items.filter((item) => PRIMARY.test(item)).length, count);
    });
  }

  for (const post of posts) {
    const name = path.relative(site, post);
    const items = sources(readFileSync(post, 'utf8'));

    it(`${name} lists at least three sources`, () => {
      assert.ok(items.length >= 3, `${name} has ${items.length} sources under "## Fuentes"`);
    });

    it(`${name}: each source has a linked title, an issuing body and a date`, () => {
      for (const item of items) {
        const match = /^- \[([^\]]{6,})\]\(([^)\s]+)\)\. ([^.;]{3,})[.;]/.exec(item);
        assert.ok(match, `not "[title](url). Issuing body. Date": ${item}`);
        assert.match(match[2] ?? '', /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(\/[^\s]*)?$/, item);
        assert.match(item, /\b(19|20)\d\d\b/, `no year in: ${item}`);
      }
    });
  }
});
