import { LOCALES, localeOfPath, MEMBERS_PREFIXES, type Locale } from '@trust/access-policy';
import { MARKDOWN_EXTENSION } from '@trust/access-policy/build-contract';
import type { SiteFile } from '../static/siteFiles.js';

/** One documentation page as the assistants read it: its Markdown and where it lives. */
export interface DocsPage {
  /** The page's path on the site (`/docs/…`, `/es/docs/…`), without `.md`. */
  path: string;
  markdownPath: string;
  title: string;
  locale: Locale;
  markdown: string;
  /** Lower-cased, without accents, for matching. */
  folded: string;
  foldedTitle: string;
}

export interface SearchHit {
  page: DocsPage;
  score: number;
  passage: string;
}

const PASSAGE_LENGTH = 280;

/** Lower case, accents removed, runs of anything but letters and digits as one space. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Markdown without its syntax, for passages a reader can take in. */
const plain = (line: string): string =>
  line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_>#|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The members' documentation pages as Markdown (the `.md` files the build writes beside each
 * page), held in memory and searched there. The browsers' search index (Pagefind) is made for
 * browsers, in fragments fetched one by one through WebAssembly; the same pages' Markdown is a few
 * hundred kilobytes, and a search over it costs a fraction of a millisecond.
 */
export class DocsIndex {
  readonly pages: DocsPage[];
  readonly #byPath = new Map<string, DocsPage>();

  constructor(memberFiles: ReadonlyMap<string, SiteFile>) {
    this.pages = [];
    for (const file of memberFiles.values()) {
      if (!file.urlPath.endsWith(MARKDOWN_EXTENSION)) continue;
      if (!MEMBERS_PREFIXES.some((prefix) => file.urlPath.startsWith(`${prefix}/`))) continue;
      const markdown = file.body.toString('utf8');
      const title = /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? file.urlPath;
      const path = file.urlPath.slice(0, -MARKDOWN_EXTENSION.length);
      const page: DocsPage = {
        path,
        markdownPath: file.urlPath,
        title,
        locale: localeOfPath(path),
        markdown,
        folded: ` ${fold(markdown)} `,
        foldedTitle: ` ${fold(title)} `,
      };
      this.pages.push(page);
      this.#byPath.set(path, page);
    }
    this.pages.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** The page at a path or URL of this site, with or without `.md`, or undefined. */
  page(pathOrUrl: string): DocsPage | undefined {
    let path = pathOrUrl.trim();
    try {
      if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
    } catch {
      return undefined;
    }
    path = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
    if (path.endsWith(MARKDOWN_EXTENSION)) path = path.slice(0, -MARKDOWN_EXTENSION.length);
    return this.#byPath.get(path);
  }

  /**
   * Pages holding every word of the query (or, when none does, any), best first: the whole query
   * as a phrase counts most, then words in the title, then how often the words occur.
   */
  search(query: string, locale: Locale | 'all' = 'all', limit = 8): SearchHit[] {
    const folded = fold(query);
    const words = [...new Set(folded.split(' ').filter((word) => word.length > 1))];
    if (words.length === 0) return [];
    const pages = this.pages.filter((page) => locale === 'all' || page.locale === locale);
    const scored = (requireAll: boolean) =>
      pages
        .map((page) => {
          let score = 0;
          let found = 0;
          for (const word of words) {
            const count = page.folded.split(` ${word} `).length - 1;
            if (count > 0) found += 1;
            score += Math.min(count, 10) + (page.foldedTitle.includes(` ${word} `) ? 5 : 0);
          }
          if (words.length > 1 && page.folded.includes(` ${folded} `)) score += 50;
          return { page, score, found };
        })
        .filter((hit) => (requireAll ? hit.found === words.length : hit.found > 0));
    const hits = scored(true);
    return (hits.length > 0 ? hits : scored(false))
      .sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path))
      .slice(0, limit)
      .map(({ page, score }) => ({ page, score, passage: passageOf(page, folded, words) }));
  }
}

/** The line that holds the whole query, or the most of its words, cut to a passage's length. */
function passageOf(page: DocsPage, folded: string, words: string[]): string {
  let best = '';
  let bestScore = -1;
  for (const raw of page.markdown.split('\n')) {
    if (raw.startsWith('# ') || raw.startsWith('Canonical URL:') || raw.startsWith('```')) continue;
    const line = plain(raw);
    if (line.length < 2) continue;
    const lineFolded = ` ${fold(line)} `;
    const score =
      (lineFolded.includes(` ${folded} `) ? 100 : 0) + words.filter((word) => lineFolded.includes(` ${word} `)).length;
    if (score > bestScore) {
      best = line;
      bestScore = score;
    }
  }
  return best.length > PASSAGE_LENGTH ? `${best.slice(0, PASSAGE_LENGTH - 1)}…` : best;
}

export const SEARCH_LOCALES: readonly Locale[] = LOCALES;
