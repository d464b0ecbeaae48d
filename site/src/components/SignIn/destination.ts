import { useEffect, useState } from 'react';
import { translate } from '@docusaurus/Translate';
import {
  ADMIN_PATH,
  CONNECT_PATH,
  LOCALE_PREFIXES,
  SEARCH_PATH,
  isRestrictedPath,
  normalizePath,
} from '@trust/access-policy';

/** What the sign-in page may say of the page a reader goes on to, by the kind of page it is. */
type Named = 'documentation' | 'connect' | 'admin' | 'home' | 'labs' | 'projects' | 'blog' | 'search';
type Destination = { kind: Named } | { kind: 'page'; path: string };

const SECTIONS: Record<string, Named> = {
  '/': 'home',
  '/labs': 'labs',
  '/projects': 'projects',
  '/blog': 'blog',
  [SEARCH_PATH]: 'search',
  [CONNECT_PATH]: 'connect',
  [ADMIN_PATH]: 'admin',
};

/** The kind of page `next` (a same-site path, with its query) is, without its locale prefix. */
export function destinationOf(next: string): Destination {
  const raw = next.replace(/[?#].*$/, '');
  // A members' page is never named by its title: the sign-in page is public, and it is shown to
  // readers who may not read the documentation, so not even a page's title may reach them.
  if (isRestrictedPath(raw)) return { kind: 'documentation' };
  const normalized = normalizePath(raw);
  if (!normalized.ok) return { kind: 'documentation' };
  const { path } = normalized;
  const prefix = LOCALE_PREFIXES.find((one) => one !== '' && (path === one || path.startsWith(`${one}/`))) ?? '';
  const bare = path.slice(prefix.length).replace(/\/$/, '').toLowerCase() || '/';
  const section = SECTIONS[bare];
  return section ? { kind: section } : { kind: 'page', path };
}

function wordsFor(destination: Destination, title: string | null): string {
  switch (destination.kind) {
    case 'documentation':
      return translate({
        id: 'auth.next.documentation',
        message: 'the documentation page you opened',
        description: 'Where the reader goes after signing in: a members’ page, never named by its title',
      });
    case 'connect':
      return translate({
        id: 'auth.next.connect',
        message: 'connect your AI assistant',
        description: 'Where the reader goes after signing in: the page where an AI assistant is allowed',
      });
    case 'admin':
      return translate({
        id: 'auth.next.admin',
        message: 'the page for managing access',
        description: 'Where the reader goes after signing in: the admins’ page',
      });
    case 'home':
      return translate({
        id: 'auth.next.home',
        message: 'the home page',
        description: 'Where the reader goes after signing in: the home page',
      });
    case 'labs':
      return translate({
        id: 'auth.next.labs',
        message: 'the Labs page',
        description: 'Where the reader goes after signing in: the labs page',
      });
    case 'projects':
      return translate({
        id: 'auth.next.projects',
        message: 'the Projects page',
        description: 'Where the reader goes after signing in: the projects page',
      });
    case 'blog':
      return translate({
        id: 'auth.next.blog',
        message: 'the blog',
        description: 'Where the reader goes after signing in: the blog',
      });
    case 'search':
      return translate({
        id: 'auth.next.search',
        message: 'your search results',
        description: 'Where the reader goes after signing in: the search results page',
      });
    case 'page':
      return title
        ? translate(
            {
              id: 'auth.next.titled',
              message: '“{title}”',
              description: 'Where the reader goes after signing in: a public page, named by its title',
            },
            { title },
          )
        : translate({
            id: 'auth.next.page',
            message: 'the page you were reading',
            description: 'Where the reader goes after signing in: a public page whose title is not known yet',
          });
  }
}

/**
 * Where the reader goes after signing in, in words: a public page by its title, read from the
 * page itself (any reader may fetch a public page); a members' page only as "the documentation".
 */
export function useDestinationWords(next: string): string {
  const destination = destinationOf(next);
  const pagePath = destination.kind === 'page' ? destination.path : null;
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    setTitle(null);
    if (pagePath === null) return;
    let isCurrent = true;
    void (async () => {
      try {
        const answer = await fetch(pagePath, { credentials: 'omit', headers: { Accept: 'text/html' } });
        if (!answer.ok || !answer.headers.get('content-type')?.startsWith('text/html')) return;
        const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
        const heading = page.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
        if (isCurrent && heading) setTitle(heading);
      } catch {
        // Without its title the page is still named, in general words.
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [pagePath]);
  return wordsFor(destination, title);
}
