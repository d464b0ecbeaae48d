/**
 * One normalisation for every request path. The server decides access on its result and looks
 * files up with the very same string, so no spelling of a URL can be judged as one path and
 * served as another.
 */

/** Longer request targets are refused before any work is done on them. */
export const MAX_PATH_LENGTH = 2048;

type NormalizedPath = { ok: true; path: string } | { ok: false; status: 400 | 414; reason: string };

/** Decodes every %XX escape once as UTF-8; null when an escape is malformed or not UTF-8. */
function percentDecode(input: string): string | null {
  try {
    return decodeURIComponent(input);
  } catch {
    return null;
  }
}

/**
 * Turns a raw request target (`/a/../b%2F?x=1`) into the canonical page or file path (`/b`).
 *
 * - the query string is dropped;
 * - percent-escapes are decoded exactly once (so `%2F` is a separator and `%252F` stays `%2F`);
 * - backslashes count as slashes, as browsers treat them in http URLs;
 * - empty and `.` segments vanish, `..` removes the previous segment, and climbing above the root
 *   is an error rather than being clamped;
 * - a trailing `.html`, a trailing `/index` and a trailing slash are stripped, so `/x`, `/x/`,
 *   `/x.html`, `/x/index` and `/x/index.html` are one page.
 */
export function normalizePath(target: string): NormalizedPath {
  if (target.length > MAX_PATH_LENGTH) {
    return { ok: false, status: 414, reason: 'The address is too long.' };
  }
  const cut = target.search(/[?#]/);
  const rawPath = cut === -1 ? target : target.slice(0, cut);
  if (!rawPath.startsWith('/') && !rawPath.startsWith('\\')) {
    return { ok: false, status: 400, reason: 'The address must start with a slash.' };
  }
  // Most requests are already canonical; they skip the work below and come out unchanged.
  // eslint-disable-next-line no-control-regex -- control characters send a path the long way
  if (!/[%\\\u0000-\u001f\u007f]|\/\/|\/\.|\.html$|\/index$|.\/$/.test(rawPath)) return { ok: true, path: rawPath };
  const decoded = percentDecode(rawPath);
  if (decoded === null) {
    return { ok: false, status: 400, reason: 'The address has a malformed percent-encoding.' };
  }
  // Control characters (NUL above all) never name a file of the site.
  // eslint-disable-next-line no-control-regex -- matching them is the point
  if (/[\u0000-\u001f\u007f]/.test(decoded)) {
    return { ok: false, status: 400, reason: 'The address contains control characters.' };
  }
  const segments: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) {
        return { ok: false, status: 400, reason: 'The address climbs above the site root.' };
      }
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const last = segments.length - 1;
  if (last >= 0 && segments[last]!.endsWith('.html')) {
    const stem = segments[last]!.slice(0, -'.html'.length);
    if (stem === '') segments.pop();
    else segments[last] = stem;
  }
  if (segments[segments.length - 1] === 'index') segments.pop();
  return { ok: true, path: '/' + segments.join('/') };
}
