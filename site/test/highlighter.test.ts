import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { normalizeTokens as packageNormalizeTokens } from 'prism-react-renderer';
import { normalizeTokens, Prism } from '../src/highlighter';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Languages whose blocks are not highlighted on purpose: plain text, and diagrams (drawn instead). */
const NOT_HIGHLIGHTED = new Set(['text', 'mermaid']);

/** Every fenced block in the site's Markdown, both languages, with its language. */
function fencedBlocks(): Array<{ file: string; language: string; code: string }> {
  return ['docs', 'blog', 'src/pages', 'i18n'].flatMap((dir) =>
    (readdirSync(path.join(siteDir, dir), { recursive: true }) as string[])
      .filter((name) => /\.mdx?$/.test(name))
      .flatMap((name) => {
        const file = path.join(dir, name);
        const text = readFileSync(path.join(siteDir, file), 'utf8');
        return [...text.matchAll(/^ *```(\w[\w#+-]*)[^\n]*\n([\s\S]*?)^ *```\s*$/gm)].map((match) => ({
          file,
          language: match[1]!.toLowerCase(),
          code: match[2]!.replace(/\n$/, ''),
        }));
      }),
  );
}

describe('code highlighter', () => {
  const blocks = fencedBlocks();

  test('has a grammar for the language of every fenced block in the Markdown', () => {
    assert.ok(blocks.length > 100, `${blocks.length} blocks`);
    const missing = blocks.filter(({ language }) => !NOT_HIGHLIGHTED.has(language) && !Prism.languages[language]);
    assert.deepEqual(
      missing.map(({ file, language }) => `${file}: ${language}`),
      [],
    );
  });

  test('splits tokens into lines exactly as prism-react-renderer does, for every block', () => {
    let compared = 0;
    for (const { file, language, code } of blocks) {
      const grammar = Prism.languages[language];
      if (!grammar) continue;
      const tokens = Prism.tokenize(code, grammar);
      assert.deepEqual(normalizeTokens(tokens), packageNormalizeTokens(tokens), `${file} (${language})`);
      compared += 1;
    }
    assert.ok(compared > 100, `${compared} blocks compared`);
  });

  test('keeps empty lines as one empty token, so that they keep their height', () => {
    assert.deepEqual(normalizeTokens(['a\n\nb']), [
      [{ types: ['plain'], content: 'a' }],
      [{ types: ['plain'], content: '\n', empty: true }],
      [{ types: ['plain'], content: 'b' }],
    ]);
  });
});
