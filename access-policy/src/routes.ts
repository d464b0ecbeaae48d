import { LOCALES, LOCALE_PREFIXES, localeOfPath, localePrefix, type Locale } from './locales.js';
import type { SessionEnd } from './api.js';

/**
 * The site's route facts, spelled once for the site build, the browser code, the post-build
 * step, the server, the scripts and the tests. A lint rule refuses these literals anywhere else.
 */

/** The token-sync API: POST opens a session, GET reads it, DELETE ends it. */
export const SESSION_API_PATH = '/api/session';

/**
 * The proof of a mailbox: an e-mail link the server redeems itself, or a first sign-in with the
 * university's account. The first proof secures the account (every way in added before it goes),
 * and the answer is a sign-in link the server made, for the browser to sign in with.
 */
export const EMAIL_LINK_API_PATH = `${SESSION_API_PATH}/email-link`;

/** The admins' API (under this prefix): the list of access and every change to it. */
export const ADMIN_API_PREFIX = '/api/admin';

/** Where a signed-in reader the rule refuses asks the centre for access. */
export const ACCESS_REQUEST_API_PATH = '/api/access-request';

/** The admins' page, without its locale prefix. */
export const ADMIN_PATH = '/admin';

/** The public page where readers sign in, without its locale prefix. */
export const SIGN_IN_PATH = '/signin';

/** The documentation's landing page (where the navbar's "Documentation" leads), without locale prefix. */
export const DOCS_HOME_PATH = '/docs/documentation/firebase-auth-setup';

/** The public page that signs the reader out. */
export const SIGN_OUT_PATH = '/logOut';

/** The search results page, without its locale prefix. */
export const SEARCH_PATH = '/search';

/** Where the public search index is served (Pagefind's folder). */
export const PUBLIC_SEARCH_INDEX = '/pagefind/';

/** The members' search index: under the documentation's prefix, so locked like any of its files. */
export const MEMBERS_SEARCH_INDEX = '/docs/pagefind/';

/** Firebase's own sign-in pages (`/__/auth/handler`, `/__/auth/action`…), served by Hosting or relayed. */
export const AUTH_HANDLER_PREFIX = '/__/auth/';

/**
 * The documentation for AI assistants: the Model Context Protocol endpoint (a resource server),
 * and the OAuth authorization server a member's assistant signs in through. The endpoints are at
 * the root of the origin, where the MCP SDK's handlers place them relative to the issuer.
 */
export const MCP_PATH = '/mcp';
export const OAUTH_AUTHORIZE_PATH = '/authorize';
export const OAUTH_TOKEN_PATH = '/token';
export const OAUTH_REGISTER_PATH = '/register';
export const OAUTH_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
export const PROTECTED_RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;
/** Every path the authorization server and the MCP endpoint answer. */
export const MCP_SERVER_PATHS: readonly string[] = [
  MCP_PATH,
  OAUTH_AUTHORIZE_PATH,
  OAUTH_TOKEN_PATH,
  OAUTH_REGISTER_PATH,
  OAUTH_SERVER_METADATA_PATH,
  PROTECTED_RESOURCE_METADATA_PATH,
];

/** The page where a signed-in member allows an assistant (or not), without its locale prefix. */
export const CONNECT_PATH = '/connect';
/** What the connect page reads (GET: the request and the reader) and sends (POST: the decision). */
export const CONNECT_API_PATH = '/api/connect';
/** The signed-in member's own assistants: GET lists them, POST `{ client }` disconnects one. */
export const ASSISTANTS_API_PATH = '/api/assistants';
/** The page where a member sees and disconnects their own assistants, without its locale prefix. */
export const ASSISTANTS_PATH = '/account/assistants';

/** The page a locked page's 503 answer is made from; its "Try again" link has this id. */
export const UNAVAILABLE_PATH = '/unavailable';
export const RETRY_LINK_ID = 'retry-link';

/** The members' area of each locale: `/docs`, `/es/docs`. Only the server may hold these. */
export const MEMBERS_PREFIXES: readonly string[] = LOCALE_PREFIXES.map((prefix) => `${prefix}/docs`);

/** The same areas as folders of the build (`docs`, `es/docs`), where the post-build step finds them. */
export const MEMBERS_FOLDERS: readonly string[] = MEMBERS_PREFIXES.map((prefix) => prefix.slice(1));

/**
 * Pages about the site's machinery rather than content (sign-in, sign-out, search results, the
 * "temporarily unavailable" page), without locale prefix: kept out of the sitemap and the search.
 */
const MACHINERY_PATHS: readonly string[] = [
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  SEARCH_PATH,
  UNAVAILABLE_PATH,
  ADMIN_PATH,
  CONNECT_PATH,
  ASSISTANTS_PATH,
];

/** Every locale's machinery pages, with their prefixes (`/signin`, `/es/signin`, …). */
export const LOCALIZED_MACHINERY_PATHS: readonly string[] = LOCALES.flatMap((locale) =>
  MACHINERY_PATHS.map((page) => `${localePrefix(locale)}${page}`),
);

/** Paths Firebase Hosting hands to the server: each members' area, the session, request and admin APIs. */
export const SERVER_ROUTES: readonly string[] = [
  ...MEMBERS_PREFIXES.flatMap((prefix) => [prefix, `${prefix}/**`]),
  SESSION_API_PATH,
  EMAIL_LINK_API_PATH,
  ACCESS_REQUEST_API_PATH,
  `${ADMIN_API_PREFIX}/**`,
  CONNECT_API_PATH,
  ASSISTANTS_API_PATH,
  ...MCP_SERVER_PATHS,
];

/** The project id the local Auth emulator runs under (a `demo-` id needs no real project). */
export const DEMO_PROJECT_ID = 'demo-trustworthy-systems';

/**
 * Where a reader without a session goes: the sign-in page of the path's locale (or of the one
 * given: the language the reader is reading in), carrying the normalised path asked for (and its
 * query), so that the way back is always a same-site path.
 */
export function signInUrl(normalizedPath: string, query = '', locale: Locale = localeOfPath(normalizedPath)): string {
  return `${localePrefix(locale)}${SIGN_IN_PATH}?next=${encodeURIComponent(`${normalizedPath}${query}`)}`;
}

/** The query parameter of the sign-in page a link mailed on an approved request returns with. */
export const ACCESS_GRANTED_PARAMETER = 'granted';

/** The query parameter of the sign-in page that says why the reader's session ended. */
export const SESSION_END_PARAMETER = 'ended';

/** `signInUrl`, saying why the reader's session ended. */
export function sessionEndedUrl(normalizedPath: string, query: string, ended: SessionEnd): string {
  return `${signInUrl(normalizedPath, query)}&${SESSION_END_PARAMETER}=${ended}`;
}
