import { translate } from '@docusaurus/Translate';
import {
  ADMIN_PATH,
  CONNECT_PATH,
  DOCS_HOME_PATH,
  LOCALE_PREFIXES,
  SEARCH_PATH,
  isRestrictedPath,
  normalizePath,
} from '@trust/access-policy';
import { usePageTitle } from '../../hooks/usePageTitle';

/** What the sign-in page may say of the page a reader goes on to, by the kind of page it is. */
type Named = 'docsHome' | 'documentation' | 'connect' | 'admin' | 'home' | 'labs' | 'projects' | 'blog' | 'search';
type Destination = { kind: Named } | { kind: 'page'; path: string };

const SECTIONS: Record<string, Named> = {
  '/': 'home',
  '/labs': 'labs',
  '/projects': 'projects',
  '/blog': 'blog',
  [SEARCH_PATH]: 'search',
  [CONNECT_PATH]: 'connect',
  [ADMIN_PATH]: 'admin',
  // Where "Sign in" leads when no page asked for it: the documentation as a whole, not a page the
  // reader opened.
  '/docs': 'docsHome',
  [DOCS_HOME_PATH.toLowerCase()]: 'docsHome',
};

/** The kind of page `next` (a same-site path, with its query) is, without its locale prefix. */
export function destinationOf(next: string): Destination {
  const raw = next.replace(/[?#].*$/, '');
  const normalized = normalizePath(raw);
  if (!normalized.ok) return { kind: 'documentation' };
  const { path } = normalized;
  const prefix = LOCALE_PREFIXES.find((one) => one !== '' && (path === one || path.startsWith(`${one}/`))) ?? '';
  const bare = path.slice(prefix.length).replace(/\/$/, '').toLowerCase() || '/';
  const section = SECTIONS[bare];
  if (section) return { kind: section };
  // A members' page is never named by its title: the sign-in page is public, and it is shown to
  // readers who may not read the documentation, so not even a page's title may reach them.
  if (isRestrictedPath(raw)) return { kind: 'documentation' };
  return { kind: 'page', path };
}

function wordsFor(destination: Destination, title: string | null): string | null {
  switch (destination.kind) {
    case 'docsHome':
    case 'documentation':
      return null;
    case 'connect':
      return translate({
        id: 'auth.next.connect',
        message: 'to connect your AI assistant',
        description:
          'Where the reader goes after signing in, its preposition included: the page where an AI assistant is allowed',
      });
    case 'admin':
      return translate({
        id: 'auth.next.admin',
        message: 'to the page for managing access',
        description: 'Where the reader goes after signing in, its preposition included: the admins’ page',
      });
    case 'home':
      return translate({
        id: 'auth.next.home',
        message: 'to the home page',
        description: 'Where the reader goes after signing in, its preposition included: the home page',
      });
    case 'labs':
      return translate({
        id: 'auth.next.labs',
        message: 'to the Labs page',
        description: 'Where the reader goes after signing in, its preposition included: the labs page',
      });
    case 'projects':
      return translate({
        id: 'auth.next.projects',
        message: 'to the Projects page',
        description: 'Where the reader goes after signing in, its preposition included: the projects page',
      });
    case 'blog':
      return translate({
        id: 'auth.next.blog',
        message: 'to the blog',
        description: 'Where the reader goes after signing in, its preposition included: the blog',
      });
    case 'search':
      return translate({
        id: 'auth.next.search',
        message: 'to your search results',
        description: 'Where the reader goes after signing in, its preposition included: the search results page',
      });
    case 'page':
      return title
        ? translate(
            {
              id: 'auth.next.titled',
              message: 'to “{title}”',
              description:
                'Where the reader goes after signing in, its preposition included: a public page, named by its title',
            },
            { title },
          )
        : translate({
            id: 'auth.next.page',
            message: 'to the page you were reading',
            description:
              'Where the reader goes after signing in, its preposition included: a public page whose title is not known yet',
          });
  }
}

/**
 * Where the reader goes after signing in, in words: a public page by its title, read from the
 * page itself (any reader may fetch a public page); null on the way to the documentation, where the
 * sign-in page says whom the documentation is for instead (and never names a members' page).
 */
export function useDestinationWords(next: string): string | null {
  const destination = destinationOf(next);
  const title = usePageTitle(destination.kind === 'page' ? destination.path : null, 'omit');
  return wordsFor(destination, title);
}
