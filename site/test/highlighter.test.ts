import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { normalizeTokens as packageNormalizeTokens, type PrismTheme } from 'prism-react-renderer';
import { darkCodeTheme, lightCodeTheme } from '../src/config/codeThemes';
import {
  codeThemeStylesheet,
  highlightedHtml,
  MODE_PREFIX,
  normalizeTokens,
  Prism,
  tokenClasses,
  tokenize,
} from '../plugins/highlighter';
import remarkCodeBlocks, { UnsupportedCodeBlockError } from '../plugins/remark-code-blocks';
import type { MarkdownNode } from '../plugins/mdxAst';

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

  test("gives every token of the site, through the stylesheet's cascade, the style its theme gives it, in both themes", () => {
    const themes = { light: lightCodeTheme, dark: darkCodeTheme };
    /** The style prism-react-renderer writes on a token: each type's rules, merged in the token's order. */
    const themeStyle = (theme: PrismTheme, types: string[]) =>
      Object.assign(
        {},
        ...types.map((type) =>
          Object.assign({}, ...theme.styles.filter((rule) => rule.types.includes(type)).map((rule) => rule.style)),
        ),
      );
    /** The style the stylesheet gives an element with these classes, read from the stylesheet. */
    const rules = [...codeThemeStylesheet(themes).matchAll(/\.([\w-]+)\{([\w-]+):([^}]+)\}/g)].map(
      ([, name, property, value]) => ({ name: name!, property: property!, value: value! }),
    );
    const camel = (property: string) => property.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    const cascadeStyle = (mode: 'light' | 'dark', classes: string[]) =>
      Object.fromEntries(
        rules
          .filter(({ name }) => name.startsWith(MODE_PREFIX[mode]) && classes.includes(name))
          .map(({ property, value }) => [camel(property), /^[\d.]+$/.test(value) ? Number(value) : value]),
      );
    /** Equal when they set the same properties to the same values, in whatever order. */
    const same = (a: object, b: object) =>
      JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
    const differing = new Set<string>();
    let tokens = 0;
    for (const { language, code } of blocks)
      for (const line of tokenize(code, language))
        for (const { types } of line) {
          tokens += 1;
          const classes = tokenClasses(types, themes);
          for (const mode of ['light', 'dark'] as const)
            if (!same(cascadeStyle(mode, classes), themeStyle(themes[mode], types)))
              differing.add(`${mode}: ${types.join('.')} as ${classes.join('.')}`);
        }
    assert.ok(tokens > 10_000, `${tokens} tokens`);
    assert.deepEqual([...differing], []);
  });

  test('writes a block as lines of phrasing content, its text escaped and empty lines kept', () => {
    const html = highlightedHtml('if [ 1 < 2 ]; then\n\n  echo "a&b"\nfi', 'bash', {
      light: lightCodeTheme,
      dark: darkCodeTheme,
    });
    assert.equal(html.match(/<span class="token-line">/g)?.length, 4);
    assert.match(html, /<span class="token-line"><br><\/span>/);
    assert.match(html, /<span class="token l-color-keyword d-color-keyword d-font-style-keyword">if<\/span>/);
    assert.match(html, /&lt;/);
    assert.match(html, /a&amp;b/);
    assert.doesNotMatch(html, /<div/);
  });

  test('keeps empty lines as one empty token, so that they keep their height', () => {
    assert.deepEqual(normalizeTokens(['a\n\nb']), [
      [{ types: ['plain'], content: 'a' }],
      [{ types: ['plain'], content: '\n', empty: true }],
      [{ types: ['plain'], content: 'b' }],
    ]);
  });
});

describe('fenced code blocks', () => {
  const compile = (lang: string, value: string, meta?: string) => {
    const code: MarkdownNode = { type: 'code', lang, value, ...(meta ? { meta } : {}) };
    const root: MarkdownNode = { type: 'root', children: [code] };
    remarkCodeBlocks()(root, { path: 'page.md' });
    return root.children!;
  };

  test('become the code block, given the code and its highlighted markup, imported by the file', () => {
    const [imported, element] = compile('bash', 'echo hi', 'title="run.sh"');
    assert.match(imported!.value!, /import FencedCodeBlock from '@theme\/CodeBlock'/);
    const attributes = Object.fromEntries(
      (element as unknown as { attributes: Array<{ name: string; value: string }> }).attributes.map(
        ({ name, value }) => [name, value],
      ),
    );
    assert.deepEqual(attributes, {
      className: 'language-bash',
      language: 'bash',
      metastring: 'title="run.sh"',
      html: highlightedHtml('echo hi', 'bash', { light: lightCodeTheme, dark: darkCodeTheme }),
      children: 'echo hi',
    });
  });

  test('that ask for line numbers or highlighted lines stop the build, naming the block', () => {
    for (const [value, meta] of [
      ['a', 'showLineNumbers'],
      ['a\nb', '{2}'],
      ['# highlight-next-line\na', undefined],
    ] as const)
      assert.throws(
        () => compile('bash', value, meta),
        (error) => {
          assert.ok(error instanceof UnsupportedCodeBlockError);
          assert.match(error.message, /^page\.md:\?: /);
          return true;
        },
      );
  });
});
