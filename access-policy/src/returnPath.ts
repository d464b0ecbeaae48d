import { normalizePath } from './path.js';

/**
 * The page to return to after signing in, if `raw` is a same-site path; otherwise null.
 * Only a single leading slash followed by a non-slash, non-backslash character is accepted, so
 * `//evil.example`, `/\evil.example`, `https://…` and `javascript:` never leave the site. The
 * query string and fragment are kept.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and backslashes have no place in a path we generate.
  // eslint-disable-next-line no-control-regex -- matching them is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  const normalized = normalizePath(raw);
  if (!normalized.ok) return null;
  const suffix = raw.slice(raw.search(/[?#]|$/));
  return `${normalized.path}${suffix}`;
}
