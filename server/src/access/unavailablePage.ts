import type { ServerResponse } from 'node:http';
import {
  LOCALES,
  RETRY_LINK_ID,
  UNAVAILABLE_PATH,
  localeOfPath,
  localePrefix,
  type Locale,
} from '@trust/access-policy';
import { sendText } from '../static/send.js';
import type { SiteFile } from '../static/siteFiles.js';

/** How long a reader is asked to wait before trying again (seconds). */
const RETRY_AFTER = '30';
/**
 * The built page's "Try again" link, whose address the server sets to the page asked for (the
 * build's HTML minifier drops the quotes around plain attribute values).
 */
const RETRY_LINK = new RegExp(`(<a id="?${RETRY_LINK_ID}"? href=)("?)[^"\\s>]*\\2`);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The answer for a documentation page that cannot be checked because the identity provider is
 * not answering: status 503 with the site's "temporarily unavailable" page in the reader's
 * locale, whose "Try again" link loads the page asked for. Without that page in the build (or
 * for anything but a page) a short plain-text answer says the same.
 */
export function createUnavailableAnswer(publicFiles: ReadonlyMap<string, SiteFile>) {
  const pages = new Map<Locale, [string, string]>();
  for (const locale of LOCALES) {
    const html = publicFiles.get(`${localePrefix(locale)}${UNAVAILABLE_PATH}/index.html`)?.body.toString('utf8');
    const match = html ? RETRY_LINK.exec(html) : null;
    if (html && match) {
      pages.set(locale, [html.slice(0, match.index) + match[1]!, html.slice(match.index + match[0].length)]);
    }
  }

  return function sendUnavailable(res: ServerResponse, normalizedPath: string, isPage: boolean): void {
    const page = isPage ? pages.get(localeOfPath(normalizedPath)) : undefined;
    if (!page) {
      sendText(
        res,
        503,
        'The documentation is temporarily unavailable: sign-in cannot be checked right now. Please try again in a few minutes.',
        { 'Retry-After': RETRY_AFTER },
      );
      return;
    }
    const body = Buffer.from(`${page[0]}"${escapeAttribute(normalizedPath)}"${page[1]}`);
    res.statusCode = 503;
    res.setHeader('Retry-After', RETRY_AFTER);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(res.req.method === 'HEAD' ? undefined : body);
  };
}
