/**
 * The search engine (Pagefind), loaded from the build's own `/pagefind/` folder only when a
 * reader opens search. An allowed reader's engine also merges the members' index, which lives
 * under the locked `/docs/` prefix; nobody else ever requests it.
 */
import { MEMBERS_SEARCH_INDEX, PUBLIC_SEARCH_INDEX, isRestrictedPath } from '@trust/access-policy';

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}

interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results: PagefindSubResult[];
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  mergeIndex(path: string, options?: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: Array<{ id: string; data(): Promise<PagefindData> }> } | null>;
}

export interface ExcerptPart {
  text: string;
  isMatch: boolean;
}

export interface SearchHit {
  url: string;
  title: string;
  /** The heading of the part of the page that matched, when it is not the page itself. */
  section: string | null;
  excerpt: ExcerptPart[];
  isMembersOnly: boolean;
}

const engines = new Map<string, Promise<Pagefind>>();

function loadEngine(includeMembers: boolean): Promise<Pagefind> {
  const key = includeMembers ? 'members' : 'public';
  let engine = engines.get(key);
  if (!engine) {
    engine = (async () => {
      // A runtime URL, not a bundled module: the index is built after the site.
      const pagefind = (await import(
        /* webpackIgnore: true */ `${window.location.origin}${PUBLIC_SEARCH_INDEX}pagefind.js`
      )) as Pagefind;
      await pagefind.options({ basePath: PUBLIC_SEARCH_INDEX, excerptLength: 26 });
      // The members' index already records site-absolute URLs (`/docs/…`, `/es/docs/…`); without
      // an explicit base, Pagefind would prefix them with the index's own folder a second time.
      if (includeMembers) await pagefind.mergeIndex(MEMBERS_SEARCH_INDEX, { baseUrl: '/' });
      await pagefind.init();
      return pagefind;
    })();
    engine.catch(() => engines.delete(key));
    engines.set(key, engine);
  }
  return engine;
}

/**
 * Words too common to mean anything in a query, in the site's two languages. Pagefind marks every
 * query word it finds; marking these would light up half of every excerpt.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have in into is it its of on or that the their this to was ' +
    'were will with al con de del el en es la las lo los o para por que se su sus un una y'
  ).split(' '),
);

/** A word as queries and pages are compared: lower case, without accents. */
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Whether a word Pagefind marked stands for one of the query's words. Where no indexed word begins
 * with a query word, Pagefind falls back to ever shorter beginnings of it, down to one letter, so
 * "zzqxv" marks every "z". A mark counts when it begins with at least half of a query word (three
 * letters at least, or all of a shorter word): "attacks" still finds "attack" and "configuración"
 * "configurar", a typo late in a word still finds the word, a string of nonsense finds nothing.
 */
function standsFor(mark: string, queryWords: readonly string[]): boolean {
  // The word itself: Pagefind's mark can take in the punctuation around it, as in "(EWMA)".
  const marked = /[\p{L}\p{N}_]+/u.exec(fold(mark))?.[0] ?? '';
  return queryWords.some((word) => {
    let common = 0;
    while (common < word.length && marked[common] === word[common]) common++;
    return common >= Math.min(word.length, Math.max(3, Math.ceil(word.length / 2)));
  });
}

/**
 * Pagefind's excerpt is escaped text with `<mark>` around matches; keep exactly that, as data,
 * except that stop words, and marks that stand for none of the query's words, are not matches.
 */
export function parseExcerpt(html: string, query: string): ExcerptPart[] {
  const queryWords = fold(query)
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
  const parts: ExcerptPart[] = [];
  const decode = (text: string) =>
    text.replace(
      /&(lt|gt|quot|#39|#x27|amp);/g,
      (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[entity] ?? '',
    );
  for (const piece of html.split(/(<mark>[\s\S]*?<\/mark>)/)) {
    if (!piece) continue;
    const match = /^<mark>([\s\S]*)<\/mark>$/.exec(piece);
    const text = decode((match ? match[1]! : piece).replace(/<[^>]*>/g, ''));
    parts.push({
      text,
      isMatch: Boolean(match) && !STOP_WORDS.has(text.toLowerCase()) && standsFor(text, queryWords),
    });
  }
  return parts;
}

/** `/labs/` → `/labs`, the form every link of the site uses; the site's roots (`/`, `/es/`) keep theirs. */
function withoutTrailingSlash(url: string): string {
  return /^\/([a-z]{2}\/)?(#|$)/.test(url) ? url : url.replace(/\/(?=$|#)/, '');
}

/** From how many words a query is also looked up as an exact phrase. */
const PHRASE_WORDS = 5;

export async function search(
  query: string,
  { includeMembers, limit }: { includeMembers: boolean; limit: number },
): Promise<SearchHit[]> {
  const trimmed = query.trim();
  if (!trimmed) return [];
  const pagefind = await loadEngine(includeMembers);
  // A query of several words may be a sentence copied from a page: pages holding it word for word
  // come first. Ranked on its words alone, a shorter or more general page sharing them can win,
  // the more so as the public and members' indexes weigh words each by their own statistics.
  const isSentence = trimmed.split(/\s+/).length >= PHRASE_WORDS && !trimmed.includes('"');
  const [exact, found] = await Promise.all([
    isSentence ? pagefind.search(`"${trimmed}"`) : null,
    pagefind.search(trimmed),
  ]);
  const seen = new Set<string>();
  const results = [...(exact?.results ?? []), ...(found?.results ?? [])].filter((result) => {
    if (seen.has(result.id)) return false;
    seen.add(result.id);
    return true;
  });
  // A member's results put the documentation first: the public index's pages can outscore its pages
  // on the same words, and would otherwise take the places before them. Twice as many are read so
  // that documentation pages ranked just past the limit still make it.
  const data = await Promise.all(results.slice(0, includeMembers ? limit * 2 : limit).map((result) => result.data()));
  const hits = data
    .flatMap((page) => {
      const best =
        page.sub_results.find((sub) => withoutTrailingSlash(sub.url) !== withoutTrailingSlash(page.url)) ?? null;
      const url = withoutTrailingSlash(best?.url ?? page.url);
      const html = best?.excerpt ?? page.excerpt;
      const excerpt = parseExcerpt(html, trimmed);
      // An excerpt that marks only what stands for none of the query's words: Pagefind found the
      // page by its fallback to a word's first letters, not by the query.
      if (html.includes('<mark>') && !excerpt.some((part) => part.isMatch)) return [];
      return {
        url,
        title: page.meta.title ?? url,
        section: best && best.title !== page.meta.title ? best.title : null,
        excerpt,
        isMembersOnly: isRestrictedPath(url.replace(/#.*$/, '')),
      };
    })
    .filter((hit) => includeMembers || !hit.isMembersOnly)
    .sort(
      (a, b) =>
        Number(b.isMembersOnly) - Number(a.isMembersOnly) || Number(isListing(a.url)) - Number(isListing(b.url)),
    );
  return hits.slice(0, limit);
}

/**
 * The blog's pages that list posts (its index, a tag's, an author's, the archive): they repeat the
 * words of the posts they list, and a short page scores high on few words, so ranked on words
 * alone they can come before the posts themselves. They keep their order among themselves, after
 * every other page (the sort is stable).
 */
function isListing(url: string): boolean {
  return /^(\/[a-z]{2})?\/blog(\/(tags|authors|archive|page)(\/|$)|$)/.test(url.replace(/#.*$/, ''));
}
