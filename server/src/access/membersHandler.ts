import type { IncomingMessage, ServerResponse } from 'node:http';
import { sessionEndedUrl, signInUrl } from '@trust/access-policy';
import { isReadersDocument } from '@trust/access-policy/build-contract';
import type { Responder } from '../http/respond.js';
import { readSessionCookie } from '../session/cookies.js';
import type { SessionCheck, SessionGuard } from '../session/sessionGuard.js';
import { findFile, type SiteFile } from '../static/siteFiles.js';
import type { VerifiedIdentity } from '../session/verifier.js';

/** Longer query strings are not carried to the sign-in page (the path alone is). */
const MAX_CARRIED_QUERY = 512;

function queryOf(req: IncomingMessage): string {
  const target = req.url ?? '';
  const queryStart = target.indexOf('?');
  return queryStart === -1 ? '' : target.slice(queryStart);
}

const lastSegmentOf = (normalizedPath: string) => normalizedPath.slice(normalizedPath.lastIndexOf('/') + 1);

/**
 * Whether a request for a locked page should be sent to sign-in (a page, or a page's Markdown and
 * the documentation's lists of pages, which are read as pages are) or refused (anything else).
 */
function wantsPage(req: IncomingMessage, normalizedPath: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const last = lastSegmentOf(normalizedPath);
  if (last.includes('.') && !isReadersDocument(last)) return false;
  const accept = req.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

export interface MembersHandlerDeps {
  guard: SessionGuard;
  memberFiles: ReadonlyMap<string, SiteFile>;
  /** Each folder address of the documentation that is not a page, with the page it leads to. */
  sectionPages: ReadonlyMap<string, string>;
  respond: Responder;
  /** The 503 answer when the reader cannot be checked. */
  sendUnavailable(req: IncomingMessage, res: ServerResponse, normalizedPath: string, isPage: boolean): void;
  /** The not-found page of the path's locale, in the cache class given. */
  sendNotFound(req: IncomingMessage, res: ServerResponse, normalizedPath: string, cache: 'public' | 'private'): void;
  /** Told of each documentation page (HTML, not assets) served, and to whom: the audit trail. */
  onPageServed?(req: IncomingMessage, identity: VerifiedIdentity, file: SiteFile): void;
}

/**
 * The lock: every request for the members' area comes here. An allowed reader's session gets the
 * file, always in the `private` cache class (no shared cache may keep members' content, and no
 * caller can forget to say so); a page request without one goes to sign-in, anything else gets
 * 401; when the reader cannot be checked, 503. A verified session costs a map lookup and no
 * promise; only a check the provider must answer waits.
 */
export function createMembersHandler({
  guard,
  memberFiles,
  sectionPages,
  respond,
  sendUnavailable,
  sendNotFound,
  onPageServed,
}: MembersHandlerDeps) {
  function answer(req: IncomingMessage, res: ServerResponse, normalizedPath: string, session: SessionCheck): void {
    if (session.kind === 'unavailable') {
      sendUnavailable(req, res, normalizedPath, wantsPage(req, normalizedPath));
      return;
    }
    if (session.kind === 'none') {
      if (wantsPage(req, normalizedPath)) {
        const query = queryOf(req);
        const carried = query.length <= MAX_CARRIED_QUERY ? query : '';
        respond.redirect(
          req,
          res,
          session.ended ? sessionEndedUrl(normalizedPath, carried, session.ended) : signInUrl(normalizedPath, carried),
          { Vary: 'Cookie' },
        );
      } else {
        respond.text(req, res, 401, 'Sign-in required.', { Vary: 'Cookie' });
      }
      return;
    }
    const file = findFile(memberFiles, normalizedPath);
    const sectionPage = file ? undefined : sectionPages.get(normalizedPath);
    if (sectionPage) {
      // Only to a reader who may read it: the folders are the documentation's outline.
      respond.redirect(req, res, `${sectionPage}${queryOf(req)}`, { Vary: 'Cookie' });
    } else if (file) {
      respond.file(req, res, file, { cache: 'private' });
      if (
        onPageServed &&
        (file.contentType.startsWith('text/html') || isReadersDocument(lastSegmentOf(normalizedPath)))
      )
        onPageServed(req, session.identity, file);
    }
    // A 404 under the documentation tells what the documentation does not hold: members only.
    else sendNotFound(req, res, normalizedPath, 'private');
  }

  return function serveMembers(
    req: IncomingMessage,
    res: ServerResponse,
    normalizedPath: string,
  ): void | Promise<void> {
    const cookie = readSessionCookie(req);
    const known = guard.checkCached(cookie);
    if (known) return answer(req, res, normalizedPath, known);
    return guard.check(cookie).then((session) => answer(req, res, normalizedPath, session));
  };
}
