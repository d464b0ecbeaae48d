import type { IncomingMessage } from 'node:http';

/** Longer cookie values are not Firebase session cookies and are ignored unread. */
const MAX_COOKIE_VALUE = 8 * 1024;

/**
 * `__session` is the one request cookie Firebase Hosting passes on to a Cloud Run rewrite; it
 * strips every other. The `__Host-` prefix is given up for that (see the README's "Deploy").
 */
export const SESSION_COOKIE = '__session';

/**
 * The value of one cookie, or undefined. Only its length is checked here: the value is looked up
 * as it is, and `SessionGuard` checks its characters before anything is verified.
 */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header || header.length > 16 * 1024) return undefined;
  const prefix = `${name}=`;
  let start = header.startsWith(prefix) ? 0 : header.indexOf(`; ${prefix}`);
  if (start === -1) start = header.indexOf(`;${prefix}`) + 1 || -1;
  if (start === -1) return undefined;
  if (start > 0) start = header.indexOf(prefix, start);
  const valueStart = start + prefix.length;
  const end = header.indexOf(';', valueStart);
  const value = header.slice(valueStart, end === -1 ? header.length : end).trim();
  return value.length > 0 && value.length <= MAX_COOKIE_VALUE ? value : undefined;
}

/** The session cookie of a request. */
export function readSessionCookie(req: IncomingMessage): string | undefined {
  return readCookie(req, SESSION_COOKIE);
}

export function serializeSessionCookie(name: string, value: string, maxAgeMs: number, isSecure: boolean): string {
  const attributes = [
    `${name}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
  ];
  if (isSecure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearSessionCookie(isSecure: boolean): string {
  return serializeSessionCookie(SESSION_COOKIE, '', 0, isSecure);
}
