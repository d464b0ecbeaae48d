import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readSiteIdentity } from '../src/config/identity';
import { site } from './docsPages';
import { GLOSSARY, glossarySlips } from './glossary';
import { spanishMessages, spanishProse } from './spanishText';

describe('Spanish glossary', () => {
  it('has entries, each with a term, its English, a reason and a global pattern', () => {
    assert.ok(GLOSSARY.length >= 20);
    for (const entry of GLOSSARY) {
      assert.ok(entry.term && entry.en && entry.reason, entry.term);
      assert.ok(entry.avoid.global && entry.avoid.unicode, `${entry.term}: pattern must be /…/gu`);
    }
  });

  for (const entry of GLOSSARY) {
    it(`flags the variants «${entry.term}» rules out, and not the term itself`, () => {
      const text = entry.example;
      assert.notDeepEqual(glossarySlips([{ where: 'example', text, at: () => 'example' }]), [], text);
      const gloss = `El término es ${entry.term.split(/[;(,]/)[0]!.trim()} (${entry.en.split(' (')[0]}).`;
      assert.deepEqual(glossarySlips([{ where: 'gloss', text: gloss, at: () => 'gloss' }]), [], gloss);
    });
  }

  it('the manual and the blog use the glossary’s terms', () => {
    assert.deepEqual(glossarySlips(spanishProse()), []);
  });

  it('every Spanish interface string uses the glossary’s terms', () => {
    assert.deepEqual(glossarySlips(spanishMessages()), []);
  });

  it('the site identity’s Spanish name and tagline use the glossary’s terms', () => {
    const identity = readSiteIdentity({});
    const texts = (['centreNameEs', 'taglineEs'] as const).map((key) => ({
      where: key,
      text: identity[key],
      at: () => `src/config/identity.ts › ${key}`,
    }));
    assert.deepEqual(glossarySlips(texts), []);
  });
});

describe('English terminology of the public pages', () => {
  /** The English side keeps one word per idea too: trustworthy (the centre's name) and reliable. */
  const files = [
    ...['labs.ts', 'projects.ts'].map((name) => path.join(site, 'src/data', name)),
    ...readdirSync(path.join(site, 'src/pages'))
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => path.join(site, 'src/pages', name)),
  ];

  it('says reliable, not dependable', () => {
    const slips = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          [...line.matchAll(/\bdependab\w*\b(?!-)/gi)].map((m) => `${path.relative(site, file)}:${index + 1}: ${m[0]}`),
        ),
    );
    assert.deepEqual(slips, []);
  });
});
