import { normalizePath } from './path.js';

/** The longest return path kept: the connect page's signed request is at most about 3 KB. */
const MAX_RETURN_PATH = 4096;

/**
 * The page to return to after signing in, if `raw` is a same-site path; otherwise null.
 * Only a single leading slash followed by a non-slash, non-backslash character is accepted, so
 * `//evil.example`, `/\evil.example`, `https://…` and `javascript:` never leave the site. The
 * query string and fragment are kept.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  // Room for the connect page's signed request, which carries the assistant's registration.
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_PATH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and backslashes have no place in a path we generate.
  // eslint-disable-next-line no-control-regex -- matching them is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  const normalized = normalizePath(raw);
  if (!normalized.ok) return null;
  const suffix = raw.slice(raw.search(/[?#]|$/));
  return `${normalized.path}${suffix}`;
}
