import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import GithubSlugger from 'github-slugger';
import { docsRoots, lineOf, markdownFiles, site } from './docsPages';

/** Heading anchors of a Markdown file, as Docusaurus generates them (GitHub's slug rules or `{#id}`). */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const anchors = new Set<string>();
  for (const [, heading = ''] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const explicit = /\{#([^}]+)\}\s*$/.exec(heading);
    if (explicit?.[1]) {
      anchors.add(explicit[1]);
      continue;
    }
    const plain = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*_]/g, '')
      .trim();
    anchors.add(slugger.slug(plain));
  }
  return anchors;
}

/** Where a site path such as `/docs/IntrusionSentinel/usage/monitoring` comes from, in a locale. */
function docFileForRoute(route: string, locale: keyof typeof docsRoots): string | undefined {
  const rest = route.replace(/^\/(es\/)?docs\//, '').replace(/\/$/, '');
  return ['.md', '.mdx', '/index.md'].map((ext) => path.join(docsRoots[locale], rest + ext)).find(existsSync);
}

const files = [
  ...markdownFiles(docsRoots.en).map((file) => ({ file, locale: 'en' as const })),
  ...markdownFiles(docsRoots.es).map((file) => ({ file, locale: 'es' as const })),
  ...markdownFiles(path.join(site, 'blog')).map((file) => ({ file, locale: 'en' as const })),
];

function brokenLinks(): string[] {
  return files.flatMap(({ file, locale }) => {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, (m) => m.replace(/[^\n]/g, ' '));
    return [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap((match) => {
      const target = match[1] ?? '';
      if (/^(https?:|mailto:)/.test(target)) return [];
      const [targetPath = '', anchor] = target.split('#');
      let targetFile: string | undefined = file;
      if (targetPath.startsWith('/docs/') || targetPath.startsWith('/es/docs/')) {
        if (targetPath.startsWith('/docs/category/')) return [];
        targetFile = docFileForRoute(targetPath, locale);
      } else if (targetPath.startsWith('/')) {
        return [];
      } else if (targetPath !== '') {
        targetFile = path.resolve(path.dirname(file), decodeURI(targetPath));
        if (!existsSync(targetFile)) targetFile = undefined;
      }
      const where = `${path.relative(site, file)}:${lineOf(text, match.index ?? 0)}: ${target}`;
      if (targetFile === undefined) return [`${where} (no such page)`];
      if (anchor !== undefined && !anchorsOf(targetFile).has(decodeURIComponent(anchor))) {
        return [`${where} (no such heading)`];
      }
      return [];
    });
  });
}

describe('internal links', () => {
  it('finds the documentation and blog sources in both locales', () => {
    assert.ok(files.length >= 90);
  });

  it('every internal link and anchor in the documentation and the blog resolves', () => {
    assert.deepEqual(brokenLinks(), []);
  });

  it('computes Docusaurus anchors for code and accents', () => {
    const apis = path.join(docsRoots.es, 'IntrusionSentinel/technical/apis.md');
    assert.ok(anchorsOf(apis).has('inicio-de-sesión-rápido'));
    assert.ok(anchorsOf(apis).has('post-apiv1authquick-login'));
  });
});
