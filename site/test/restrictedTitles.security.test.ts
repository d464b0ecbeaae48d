import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { filesUnder } from '../../testkit/files';
import { docsPages, docsRoots, site } from './docsPages';

/**
 * Every page of the documentation is for members only, and a page's title is part of it: the leak
 * check of the built site refuses any public file that carries a title of three words or more, and
 * the public llms.txt any title of two. Both run only after a build and in a browser run; this
 * finds the same mistake in the sources, where it is made (a public page naming a guide by its
 * title, a documentation title that also begins a blog post's).
 */
function frontMatterTitle(text: string): string | undefined {
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const title = /^title:\s*(.+)$/m.exec(front)?.[1]?.trim();
  const heading = /^# (.+)$/m.exec(text)?.[1]?.trim();
  return (title ?? heading)?.replace(/^(["'])(.*)\1$/, '$2');
}

function categoryLabels(): string[] {
  const labels = filesUnder(docsRoots.en, { keep: (name) => name === '_category_.json' }).map(
    (file) => (JSON.parse(readFileSync(file, 'utf8')) as { label?: string }).label,
  );
  const spanish = JSON.parse(
    readFileSync(path.join(site, 'i18n/es/docusaurus-plugin-content-docs/current.json'), 'utf8'),
  ) as Record<string, { message: string }>;
  const translated = Object.entries(spanish)
    .filter(([key]) => key.startsWith('sidebar.') && key.includes('.category.'))
    .map(([, entry]) => entry.message);
  return [...labels, ...translated].filter((label): label is string => typeof label === 'string');
}

const titles = [...new Set([...docsPages().map((page) => frontMatterTitle(page.text)), ...categoryLabels()])].filter(
  (title): title is string => title !== undefined && title.split(/\s+/).length >= 2,
);

/** The sources of public pages: the blog, the pages and components, their strings, the config. */
const publicSources = [
  ...filesUnder(path.join(site, 'blog'), { keep: (name) => /\.(mdx?|ya?ml)$/.test(name) }),
  ...filesUnder(path.join(site, 'i18n/es/docusaurus-plugin-content-blog'), {
    keep: (name) => /\.(mdx?|json|ya?ml)$/.test(name),
  }),
  ...filesUnder(path.join(site, 'src/pages'), { keep: (name) => /\.(tsx?|mdx?)$/.test(name) }),
  ...filesUnder(path.join(site, 'src/data'), { keep: (name) => /\.(tsx?|json)$/.test(name) }),
  path.join(site, 'i18n/es/code.json'),
  ...filesUnder(path.join(site, 'i18n/es/docusaurus-theme-classic'), { keep: (name) => name.endsWith('.json') }),
  path.join(site, 'docusaurus.config.ts'),
];

const normalize = (text: string) => text.replace(/\s+/g, ' ');

describe('documentation titles stay out of the public sources (security)', () => {
  it('reads the titles of both locales and the public sources to search', () => {
    assert.ok(titles.length > 80, `only ${titles.length} titles read`);
    assert.ok(publicSources.length > 20, `only ${publicSources.length} public sources read`);
  });

  it('no public source carries a documentation title of three words or more', () => {
    const long = titles.filter((title) => title.split(/\s+/).length >= 3);
    const found = publicSources.flatMap((file) => {
      const text = normalize(readFileSync(file, 'utf8'));
      return long.filter((title) => text.includes(title)).map((title) => `${path.relative(site, file)}: "${title}"`);
    });
    assert.deepEqual(found, []);
  });

  it('no blog post title begins with or holds a documentation title of two words or more', () => {
    const blogTitles = publicSources
      .filter((file) => /\/blog\/|content-blog/.test(file) && /\.mdx?$/.test(file))
      .map((file) => frontMatterTitle(readFileSync(file, 'utf8')))
      .filter((title): title is string => title !== undefined);
    assert.ok(blogTitles.length >= 4, `only ${blogTitles.length} blog titles read`);
    const found = blogTitles.flatMap((blog) =>
      titles
        .filter((title) => blog.toLowerCase().includes(title.toLowerCase()))
        .map((title) => `"${blog}" holds "${title}"`),
    );
    assert.deepEqual(found, []);
  });
});
