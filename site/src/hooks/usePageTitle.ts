import { useEffect, useState } from 'react';

/**
 * Headings already asked for, by credentials and path: a list that is read again (the admin
 * page's, after each answer) mounts its items anew, and would otherwise fetch each page again.
 */
const headings = new Map<string, Promise<string | null>>();

async function headingOf(path: string, credentials: RequestCredentials): Promise<string | null> {
  try {
    const answer = await fetch(path, { credentials, headers: { Accept: 'text/html' } });
    if (!answer.ok || !answer.headers.get('content-type')?.startsWith('text/html')) return null;
    const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
    return page.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim() || null;
  } catch {
    // Without its heading the page is still named, in general words or by its address.
    return null;
  }
}

/**
 * The main heading of one of this site's pages, read from the page itself, or null until it has
 * come (or when it cannot be read). `credentials` says whether the reader's session goes with the
 * request: 'omit' where only a public page may be named, 'same-origin' where a members' page may.
 */
export function usePageTitle(path: string | null, credentials: RequestCredentials): string | null {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    setTitle(null);
    if (path === null) return;
    let isCurrent = true;
    const key = `${credentials} ${path}`;
    let heading = headings.get(key);
    if (!heading) {
      heading = headingOf(path, credentials);
      headings.set(key, heading);
    }
    void heading.then((found) => {
      if (isCurrent) setTitle(found);
    });
    return () => {
      isCurrent = false;
    };
  }, [path, credentials]);
  return title;
}
