import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { filesUnder } from '../../testkit/files';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return filesUnder(dir, { keep: (name) => /\.tsx?$/.test(name) });
}

/** Ids of every `translate({id})` and `<Translate id>` in the site's own code: the English side. */
function englishKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(path.join(site, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:translate\(\s*\{\s*id:\s*|<Translate\s+id=)['"]([^'"]+)['"]/g)) {
      keys.add(match[1]!);
    }
  }
  return keys;
}

type Messages = Record<string, { message: string }>;
const spanish = JSON.parse(readFileSync(path.join(site, 'i18n/es/code.json'), 'utf8')) as Messages;

describe('translations', () => {
  it('finds the site’s own translation keys', () => {
    assert.ok(englishKeys().size >= 30);
  });

  it('has a Spanish message for every key the code uses', () => {
    const missing = [...englishKeys()].filter((key) => !spanish[key]?.message);
    assert.deepEqual(missing, []);
  });

  it('has no Spanish key that the code no longer uses (theme keys aside)', () => {
    const used = englishKeys();
    const stale = Object.keys(spanish).filter((key) => !key.startsWith('theme.') && !used.has(key));
    assert.deepEqual(stale, []);
  });

  it('keeps every {placeholder} of a message in its translation', () => {
    for (const file of sourceFiles(path.join(site, 'src'))) {
      const text = readFileSync(file, 'utf8');
      // A message written as {'… {name} …'} after its id, with no other id in between.
      for (const match of text.matchAll(
        /\bid[:=]\s*['"]([^'"]+)['"]((?:(?!\bid[:=])[\s\S]){0,400}?)\{'([^']*\{[^']*)'\}/g,
      )) {
        const english = match[3]!;
        const placeholders = english.match(/\{\w+\}/g) ?? [];
        for (const placeholder of placeholders) {
          assert.ok(spanish[match[1]!]?.message.includes(placeholder), `${match[1]} lacks ${placeholder}`);
        }
      }
    }
  });

  it('translates every navbar and footer label', () => {
    for (const file of ['navbar.json', 'footer.json']) {
      const messages = JSON.parse(
        readFileSync(path.join(site, 'i18n/es/docusaurus-theme-classic', file), 'utf8'),
      ) as Messages;
      assert.ok(Object.keys(messages).length > 3, file);
      for (const [key, { message }] of Object.entries(messages)) assert.ok(message.trim() !== '', `${file}: ${key}`);
    }
  });
});

describe('navbar and footer translations match the config', () => {
  it('has exactly one Spanish entry per navbar and footer label', async () => {
    const { default: config } = await import('../docusaurus.config.js');
    const theme = config.themeConfig as {
      navbar: {
        title: string;
        logo: { alt: string };
        items: Array<{ label?: string; items?: Array<{ label: string }> }>;
      };
      footer: { links: Array<{ title: string; items: Array<{ label?: string }> }> };
    };
    const navbarKeys = new Set(['title', 'logo.alt']);
    for (const item of theme.navbar.items) {
      if (item.label) navbarKeys.add(`item.label.${item.label}`);
      for (const sub of item.items ?? []) navbarKeys.add(`item.label.${sub.label}`);
    }
    const footerKeys = new Set<string>();
    for (const column of theme.footer.links) {
      footerKeys.add(`link.title.${column.title}`);
      for (const item of column.items) if (item.label) footerKeys.add(`link.item.label.${item.label}`);
    }
    const read = (file: string) =>
      new Set(Object.keys(JSON.parse(readFileSync(path.join(site, 'i18n/es/docusaurus-theme-classic', file), 'utf8'))));
    assert.deepEqual([...read('navbar.json')].sort(), [...navbarKeys].sort());
    assert.deepEqual([...read('footer.json')].sort(), [...footerKeys].sort());
  });
});
