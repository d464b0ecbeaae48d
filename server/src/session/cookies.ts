import type { IncomingMessage } from 'node:http';

/** Longer cookie values are not Firebase session cookies and are ignored unread. */
const MAX_COOKIE_VALUE = 8 * 1024;

export function sessionCookieName(isSecure: boolean): string {
  // `__Host-` makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  return isSecure ? '__Host-session' : 'session';
}

export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header || header.length > 16 * 1024) return undefined;
  let from = 0;
  while (from < header.length) {
    const end = header.indexOf(';', from);
    const part = header.slice(from, end === -1 ? header.length : end).trim();
    from = end === -1 ? header.length : end + 1;
    if (!part.startsWith(`${name}=`)) continue;
    const value = part.slice(name.length + 1);
    return value.length > 0 && value.length <= MAX_COOKIE_VALUE && /^[\w.-]+$/.test(value) ? value : undefined;
  }
  return undefined;
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

export function clearSessionCookie(name: string, isSecure: boolean): string {
  return serializeSessionCookie(name, '', 0, isSecure);
}
