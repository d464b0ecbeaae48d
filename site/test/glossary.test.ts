import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readSiteIdentity } from '../src/config/identity';
import { site } from './docsPages';
import { GLOSSARY, glossarySlips } from './glossary';
import { docsRoots, lineOf, markdownFiles } from './docsPages';
import { mermaidOnly, prose, spanishDiagrams, spanishMessages, spanishProse } from './spanishText';

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

  it('the labels of the Spanish Mermaid diagrams use the glossary’s terms', () => {
    assert.deepEqual(glossarySlips(spanishDiagrams()), []);
  });

  it('reads the labels of a Mermaid block and nothing else of the page', () => {
    const page = 'El texto.\n\n```mermaid\nflowchart TB\n  A["Nodo sentinel/heartbeats"]\n```\n\nMás texto.\n';
    const kept = mermaidOnly(page);
    assert.equal(kept.length, page.length);
    assert.equal(kept.replace(/\s+/g, ' ').trim(), 'flowchart TB A["Nodo "]');
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

/**
 * The English pages spell as the centre's name does (centre, behaviour, licence), with -ise verbs:
 * organisation, customise, synchronise. Proper names keep their own spelling: the HTTP
 * `Authorization` header, SASL's `not-authorized`, Firebase's *Authorized domains*; code, link
 * targets and italics are not checked.
 */
export const IZE_SPELLING =
  /(?<![-\p{L}])(?:organi|customi|synchroni|seriali|recogni|summari|initiali|standardi|harmoni|prioriti|authori)z(?:e|ed|es|ing|ation|ations|er|ers)(?![-\p{L}])/giu;

function izeSlips(markdown: string, where: string): string[] {
  const text = prose(markdown).replace(/(?<![*\p{L}\p{N}])\*(?![*\s])[^*\n]+?(?<!\s)\*(?!\*)/gu, (m) =>
    ' '.repeat(m.length),
  );
  return [...text.matchAll(IZE_SPELLING)].map((m) => `${where}:${lineOf(text, m.index ?? 0)}: ${m[0]}`);
}

describe('English spelling of the manual', () => {
  it('flags -ize spellings and leaves -ise ones and proper names alone', () => {
    assert.deepEqual(izeSlips('Each organization customizes the app.', 'example').length, 2);
    assert.deepEqual(
      izeSlips('Each organisation customises the app; send `Authorization: Bearer`, see *Authorized domains*.', 'x'),
      [],
    );
  });

  it('the English manual writes -ise throughout', () => {
    const pages = markdownFiles(path.join(docsRoots.en, 'IntrusionSentinel'));
    const slips = pages.flatMap((file) => izeSlips(readFileSync(file, 'utf8'), path.relative(site, file)));
    assert.deepEqual(slips, []);
  });
});
