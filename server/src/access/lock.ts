import type { IncomingMessage } from 'node:http';
import { SIGN_IN_PATH, localeOfPath, localePrefix } from '@trust/access-policy';

/** Whether a request for a locked page should be sent to sign-in (a page) or refused (anything else). */
export function wantsPage(req: IncomingMessage, normalizedPath: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const last = normalizedPath.slice(normalizedPath.lastIndexOf('/') + 1);
  if (last.includes('.')) return false;
  const accept = req.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Where a reader without a session goes: the sign-in page of the path's locale, carrying the
 * normalised path (never the raw target) so that the way back is always a same-site path.
 */
export function signInLocation(normalizedPath: string, query: string): string {
  const prefix = localePrefix(localeOfPath(normalizedPath));
  return `${prefix}${SIGN_IN_PATH}?next=${encodeURIComponent(`${normalizedPath}${query}`)}`;
}
