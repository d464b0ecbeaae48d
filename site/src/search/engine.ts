/**
 * The search engine (Pagefind), loaded from the build's own `/pagefind/` folder only when a
 * reader opens search. An allowed reader's engine also merges the members' index, which lives
 * under the locked `/docs/` prefix; nobody else ever requests it.
 */
import { isRestrictedPath } from '@trust/access-policy';

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
        /* webpackIgnore: true */ `${window.location.origin}/pagefind/pagefind.js`
      )) as Pagefind;
      await pagefind.options({ basePath: '/pagefind/', excerptLength: 26 });
      if (includeMembers) await pagefind.mergeIndex('/docs/pagefind/');
      await pagefind.init();
      return pagefind;
    })();
    engine.catch(() => engines.delete(key));
    engines.set(key, engine);
  }
  return engine;
}

/** Pagefind's excerpt is escaped text with `<mark>` around matches; keep exactly that, as data. */
export function parseExcerpt(html: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const decode = (text: string) =>
    text.replace(
      /&(lt|gt|quot|#39|#x27|amp);/g,
      (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[entity] ?? '',
    );
  for (const piece of html.split(/(<mark>[\s\S]*?<\/mark>)/)) {
    if (!piece) continue;
    const match = /^<mark>([\s\S]*)<\/mark>$/.exec(piece);
    parts.push({ text: decode((match ? match[1]! : piece).replace(/<[^>]*>/g, '')), isMatch: Boolean(match) });
  }
  return parts;
}

function withoutTrailingSlash(url: string): string {
  return url.length > 1 ? url.replace(/\/(?=$|#)/, '') : url;
}

export async function search(
  query: string,
  { includeMembers, limit }: { includeMembers: boolean; limit: number },
): Promise<SearchHit[]> {
  const trimmed = query.trim();
  if (!trimmed) return [];
  const pagefind = await loadEngine(includeMembers);
  const found = await pagefind.search(trimmed);
  const data = await Promise.all((found?.results ?? []).slice(0, limit).map((result) => result.data()));
  return data
    .map((page) => {
      const best =
        page.sub_results.find((sub) => withoutTrailingSlash(sub.url) !== withoutTrailingSlash(page.url)) ?? null;
      const url = withoutTrailingSlash(best?.url ?? page.url);
      return {
        url,
        title: page.meta.title ?? url,
        section: best && best.title !== page.meta.title ? best.title : null,
        excerpt: parseExcerpt(best?.excerpt ?? page.excerpt),
        isMembersOnly: isRestrictedPath(url.replace(/#.*$/, '')),
      };
    })
    .filter((hit) => includeMembers || !hit.isMembersOnly);
}
