import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  LOCALES,
  RETRY_LINK_ID,
  UNAVAILABLE_PATH,
  localeOfPath,
  localePrefix,
  type Locale,
} from '@trust/access-policy';
import type { Responder } from '../http/respond.js';
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
export function createUnavailableAnswer(publicFiles: ReadonlyMap<string, SiteFile>, respond: Responder) {
  const pages = new Map<Locale, [string, string]>();
  for (const locale of LOCALES) {
    const html = publicFiles.get(`${localePrefix(locale)}${UNAVAILABLE_PATH}/index.html`)?.body.toString('utf8');
    const match = html ? RETRY_LINK.exec(html) : null;
    if (html && match) {
      pages.set(locale, [html.slice(0, match.index) + match[1]!, html.slice(match.index + match[0].length)]);
    }
  }

  return function sendUnavailable(
    req: IncomingMessage,
    res: ServerResponse,
    normalizedPath: string,
    isPage: boolean,
  ): void {
    const page = isPage ? pages.get(localeOfPath(normalizedPath)) : undefined;
    const headers = { 'Retry-After': RETRY_AFTER, Vary: 'Cookie' };
    if (!page) {
      respond.text(
        req,
        res,
        503,
        'The documentation is temporarily unavailable: sign-in cannot be checked right now. Please try again in a few minutes.',
        headers,
      );
      return;
    }
    respond.body(req, res, {
      status: 503,
      body: Buffer.from(`${page[0]}"${escapeAttribute(normalizedPath)}"${page[1]}`),
      contentType: 'text/html; charset=utf-8',
      cache: 'no-store',
      headers,
    });
  };
}
