import { localeOfPath, MEMBERS_PREFIXES, type Locale } from '@trust/access-policy';
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
  /** Lower-cased, without accents, between spaces, for matching a phrase. */
  folded: string;
  foldedTitle: string;
  /** How often each folded word occurs: a query's words are looked up, not counted in the text. */
  words: Map<string, number>;
  titleWords: Set<string>;
  /** The lines a passage may be taken from, readable and folded. */
  lines: { text: string; folded: string }[];
}

export interface SearchHit {
  page: DocsPage;
  score: number;
  passage: string;
}

const PASSAGE_LENGTH = 280;
/**
 * The distinct words of a query that count: every one is looked up in every page and every line of
 * the passages, so this bounds one search's work (a few milliseconds) whatever the query holds.
 */
export const MAX_QUERY_WORDS = 16;
/** How many of the best pages by their words are then searched for the whole query as a phrase. */
const PHRASE_CANDIDATES = 20;

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
      const folded = fold(markdown);
      const words = new Map<string, number>();
      for (const word of folded.split(' ')) words.set(word, (words.get(word) ?? 0) + 1);
      const page: DocsPage = {
        path,
        markdownPath: file.urlPath,
        title,
        locale: localeOfPath(path),
        markdown,
        folded: ` ${folded} `,
        foldedTitle: ` ${fold(title)} `,
        words,
        titleWords: new Set(fold(title).split(' ')),
        lines: passageLines(markdown),
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
   * Pages holding every word of the query (its first `MAX_QUERY_WORDS` distinct words), or when
   * none does, any of them, best first: among the twenty
   * best by their words, the whole query as a phrase counts most; then words in the title, then
   * how often the words occur.
   */
  search(query: string, locale: Locale | 'all' = 'all', limit = 8): SearchHit[] {
    const folded = fold(query);
    const words = [...new Set(folded.split(' ').filter((word) => word.length > 1))].slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return [];
    const pages = this.pages.filter((page) => locale === 'all' || page.locale === locale);
    const scored = pages.map((page) => {
      let score = 0;
      let found = 0;
      for (const word of words) {
        const count = page.words.get(word) ?? 0;
        if (count > 0) found += 1;
        score += Math.min(count, 10) + (page.titleWords.has(word) ? 5 : 0);
      }
      return { page, score, found };
    });
    const withAll = scored.filter((hit) => hit.found === words.length);
    const byScore = (a: { page: DocsPage; score: number }, b: { page: DocsPage; score: number }) =>
      b.score - a.score || a.page.path.localeCompare(b.page.path);
    // The phrase is looked for in the best candidates only: a scan of their text, not of all.
    const candidates = (withAll.length > 0 ? withAll : scored.filter((hit) => hit.found > 0))
      .sort(byScore)
      .slice(0, PHRASE_CANDIDATES)
      .map((hit) => ({
        ...hit,
        score: hit.score + (words.length > 1 && hit.page.folded.includes(` ${folded} `) ? 50 : 0),
      }));
    return candidates
      .sort(byScore)
      .slice(0, limit)
      .map(({ page, score }) => ({ page, score, passage: passageOf(page, folded, words) }));
  }
}

/** A page's lines as passages: readable, and folded for matching (its title and canonical URL left out). */
function passageLines(markdown: string): DocsPage['lines'] {
  return markdown
    .split('\n')
    .filter((raw) => !/^(# |Canonical URL:|URL canónica:|```)/.test(raw))
    .map((raw) => plain(raw))
    .filter((text) => text.length >= 2)
    .map((text) => ({ text, folded: ` ${fold(text)} ` }));
}

/** The line that holds the whole query, or the most of its words, cut to a passage's length. */
function passageOf(page: DocsPage, folded: string, words: string[]): string {
  let best = '';
  let bestScore = -1;
  for (const line of page.lines) {
    const score =
      (line.folded.includes(` ${folded} `) ? 100 : 0) +
      words.filter((word) => line.folded.includes(` ${word} `)).length;
    if (score > bestScore) {
      best = line.text;
      bestScore = score;
    }
  }
  return best.length > PASSAGE_LENGTH ? `${best.slice(0, PASSAGE_LENGTH - 1)}…` : best;
}
