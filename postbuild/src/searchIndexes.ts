import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { LOCALIZED_MACHINERY_PATHS } from '@trust/access-policy';
import { attributeOf, descriptionOf } from '@trust/access-policy/build-contract';

/** Pages about the site's machinery (the same ones the sitemap leaves out), not content. */
const MACHINERY_FOLDERS = new Set(LOCALIZED_MACHINERY_PATHS.map((page) => `${page.slice(1)}/`));

/**
 * The pages of a folder that go into its search index (as paths relative to it): every
 * `index.html` except the machinery pages', and nothing under `assets/` or `pagefind/`.
 */
export async function* indexedPages(dir: string, prefix = ''): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'assets' && entry.name !== 'pagefind' && !MACHINERY_FOLDERS.has(`${relative}/`))
        yield* indexedPages(path.join(dir, entry.name), `${relative}/`);
    } else if (entry.name === 'index.html') {
      yield relative;
    }
  }
}

const htmlTagOf = (html: string) => /<html\b[^>]*>/i.exec(html)?.[0] ?? '';

/** The page's language, as its `<html lang>` says; Pagefind files the page in that language's index. */
const languageOf = (html: string) => attributeOf(htmlTagOf(html), 'lang') ?? 'en';

/**
 * A blog listing (tags, authors, archive, the blog's own pages) carries this class on `<html>`,
 * a post carries `blog-post-page`. Docusaurus sets both.
 */
function isBlogListing(html: string): boolean {
  const classes = attributeOf(htmlTagOf(html), 'class')?.split(/\s+/) ?? [];
  return classes.includes('plugin-blog') && !classes.includes('blog-post-page');
}

/**
 * A listing repeats the titles and excerpts of the posts it lists, so indexed whole it would
 * outrank them on their own words. It is indexed by its heading and description only, at a low
 * weight, in its own language: a query for the tag or author still finds it, after the posts.
 */
function listingPage(html: string): string {
  const text = (value: string | undefined) =>
    (value ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .trim();
  const title = text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]) || text(/<title[^>]*>([^<|]*)/.exec(html)?.[1]);
  const description = text(descriptionOf(html));
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return (
    `<html lang="${escape(languageOf(html))}"><body><main><article>` +
    `<h1 data-pagefind-weight="0.2">${escape(title)}</h1><p data-pagefind-weight="0.2">${escape(description)}</p>` +
    `</article></main></body></html>`
  );
}

/**
 * Pagefind joins the text of neighbouring table cells without a space ("NameTypePoints to"), and
 * an excerpt of a table reads as one run of words. Here a row's cells are kept apart by " · " and
 * its rows by " — " (a table's first row by a space only), in the text the index stores and its
 * excerpts show. The minified HTML leaves out the cells' end tags, so each mark goes before a start tag.
 */
function separateCells(html: string): string {
  return html
    .replace(/(<tr\b[^>]*>\s*)?<(td|th)(?=[\s>])/gi, (_, rowStart: string | undefined, tag: string) =>
      rowStart ? `${rowStart} <${tag}` : ` · <${tag}`,
    )
    .replace(
      /(<table\b[^>]*>\s*(?:<t(?:head|body)\b[^>]*>\s*)?)?<tr(?=[\s>])/gi,
      (_, tableStart: string | undefined) => (tableStart ? `${tableStart}<tr` : ' — <tr'),
    );
}

/** Box-drawing characters: a code block holding them is a drawing (a folder tree), not text to find. */
const DRAWING = /[\u2500-\u257f]/;

/**
 * Leaves folder trees out of the index: an excerpt of one reads as debris ("├── pyproject.toml #
 * … │ ├──"), and the files they list are found through the pages that explain them. Every other
 * code block stays in, however long: the commands and configuration keys members search for often
 * appear only there.
 */
function ignoreDrawings(html: string): string {
  return html.replace(/<pre\b([^>]*)>([\s\S]*?)<\/pre>/gi, (block: string, attributes: string, inner: string) =>
    DRAWING.test(inner) ? `<pre data-pagefind-ignore${attributes}>${inner}</pre>` : block,
  );
}

/**
 * How much a table's cells count against the rest of a page's text (1): a data model's row that
 * shares a query's words does not outrank the page whose prose or headings answer it.
 */
const TABLE_WEIGHT = 0.5;

function weightTables(html: string): string {
  return html.replace(/<table(?=[\s>])/gi, `<table data-pagefind-weight="${TABLE_WEIGHT}"`);
}

/** A page's own text begins in Docusaurus's Markdown container (a doc's, or a blog post's). */
const MARKDOWN_START = /theme-doc-markdown|id="?__blog-post-container/;
/** How much more a page's opening paragraph counts than the rest of its text (a heading counts 7). */
const LEAD_WEIGHT = 10;

/**
 * Marks the first paragraph of a page's own text as weightier: it says what the page is about, so
 * a query made of its words finds that page before a more general one that shares them.
 */
function weightLeadParagraph(html: string): string {
  const start = html.search(MARKDOWN_START);
  if (start === -1) return html;
  const paragraph = html.indexOf('<p>', start);
  if (paragraph === -1) return html;
  return `${html.slice(0, paragraph)}<p data-pagefind-weight="${LEAD_WEIGHT}">${html.slice(paragraph + 3)}`;
}

/** What the index reads of a built page. */
export function pageToIndex(html: string): string {
  return isBlogListing(html)
    ? listingPage(html)
    : weightTables(separateCells(ignoreDrawings(weightLeadParagraph(html))));
}

export interface SearchIndexSpec {
  /** Folder whose pages are indexed (`public/` or `members/`). */
  siteDir: string;
  /** Where the index is written, e.g. `public/pagefind` or `members/docs/pagefind`. */
  outputPath: string;
  /** The element that holds a page's own text (navigation and footers stay out). */
  rootSelector: string;
}

/**
 * Builds one Pagefind index (English and Spanish sub-indexes, chosen by each page's `lang`, with
 * their stemmers) from the pages of one folder. Returns the number of pages indexed.
 */
export async function buildSearchIndex({ siteDir, outputPath, rootSelector }: SearchIndexSpec): Promise<number> {
  const { index, errors } = await pagefind.createIndex({
    rootSelector,
    excludeSelectors: [
      'nav',
      '.theme-doc-toc-mobile',
      '.pagination-nav',
      '.theme-doc-footer',
      'button',
      '[aria-hidden="true"]',
      // The heading's anchor link: a zero-width space that would end up in the section's title.
      '.hash-link',
    ],
  });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  let count = 0;
  try {
    for await (const relative of indexedPages(siteDir)) {
      const url = `/${relative.replace(/index\.html$/, '')}`;
      const content = await readFile(path.join(siteDir, relative), 'utf8');
      const added = await index.addHTMLFile({
        url,
        content: pageToIndex(content),
      });
      if (added.errors.length > 0) throw new Error(`Pagefind could not index ${url}: ${added.errors.join('; ')}`);
      count += 1;
    }
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0)
      throw new Error(`Pagefind could not write ${outputPath}: ${written.errors.join('; ')}`);
    // The site has its own search interface; Pagefind's ready-made ones are not served.
    for (const file of await readdir(outputPath)) {
      if (/^pagefind-(ui|component-ui|modular-ui|highlight)\./.test(file)) await rm(path.join(outputPath, file));
    }
  } finally {
    await index.deleteIndex();
  }
  return count;
}

export async function closeSearchIndexer(): Promise<void> {
  await pagefind.close();
}
