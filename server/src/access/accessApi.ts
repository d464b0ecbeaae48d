import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ACCESS_GRANTED_PARAMETER,
  ACCESS_KINDS,
  ADMIN_API_PREFIX,
  DOCS_HOME_PATH,
  localeOfPath,
  localePrefix,
  signInUrl,
  isAllowedReader,
  type AccessKind,
  type AdminErrorCode,
  type Locale,
  type ReaderPolicy,
} from '@trust/access-policy';
import { audit, auditChange, auditFailedChange } from '../audit.js';
import type { ServerConfig } from '../config.js';
import type { Responder } from '../http/respond.js';
import { traceId, type Logger } from '../logging.js';
import { readSessionCookie } from '../session/cookies.js';
import { ApiError, onProviderError } from '../http/apiError.js';
import { bearerToken, isSameOrigin, isSameOriginAny, readJson, stringField as field } from '../http/request.js';
import { clientKeyOf, tooManyRequests, type RateLimiter } from '../http/rateLimiter.js';
import type { SessionGuard } from '../session/sessionGuard.js';
import type { IdentityVerifier, VerifiedIdentity } from '../session/verifier.js';
import { AccountDirectory } from './directory.js';
import { AccessError, type AccessChange, type Grants } from './grants.js';

/**
 * How old the admins' list may be on this instance: a search reads the provider's whole listing
 * (a thousand accounts a call) at most this often, and again after any change made here.
 */
const DIRECTORY_MAX_AGE_MS = 30_000;

/** A change the rules refuse, as the API answers it: 400, with the reason's code and words. */
const refused = (error: unknown): unknown =>
  error instanceof AccessError
    ? new ApiError(400, { error: 'refused', code: error.code, message: error.message })
    : error;

export interface AccessApiDeps {
  config: ServerConfig;
  verifier: IdentityVerifier;
  guard: SessionGuard;
  grants: Grants | null;
  policy: ReaderPolicy;
  respond: Responder;
  logger: Logger;
  /** Counts the admins' API's refusals per client; a verified admin is let through regardless. */
  adminLimiter: RateLimiter;
  /** Ends at once, on this instance, what it knows of an account's AI assistants' grants. */
  forgetAssistants?: (uid: string) => void;
  /** Counts every request for access per client. */
  requestLimiter: RateLimiter;
  now: () => number;
}

/**
 * The admins' API (`/api/admin/…`) and the request for access (`/api/access-request`). Every
 * answer is JSON with `Cache-Control: no-store`; the admins' API answers 401 without a session,
 * 403 to a reader who is not an admin (as the account is now, not as the session recorded it)
 * and to another origin, and 429 past its rate. Each change writes one audit line, and a
 * revocation or suspension takes effect on this instance at once.
 */
export function createAccessApi({
  config,
  verifier,
  guard,
  grants,
  policy,
  respond,
  logger,
  adminLimiter,
  forgetAssistants,
  requestLimiter,
  now,
}: AccessApiDeps) {
  // Only reached once `grants` is known to exist: every caller answers 503 without it.
  const directory = new AccountDirectory(
    () => grants!.scan(),
    DIRECTORY_MAX_AGE_MS,
    now,
    (email) => grants!.lookup(email),
  );

  /**
   * A refusal of the admins' API: counted toward the client's limit, and in the trail while the
   * client is within it (past it, the lines would only be the flood's, and the refusal is a 429).
   */
  function refuseAdmin(
    req: IncomingMessage,
    status: number,
    error: AdminErrorCode,
    who: VerifiedIdentity | null = null,
  ): ApiError {
    const wait = adminLimiter.take(clientKeyOf(req, config.trustProxyHops));
    if (wait > 0) return tooManyRequests(wait);
    audit(
      logger,
      {
        event: 'admin-refused',
        uid: who?.uid ?? null,
        email: who?.email ?? null,
        path: req.url ?? '',
        outcome: 'refused',
        reason: error,
        trace_id: traceId(req),
      },
      `admin-refused: ${who?.email ?? 'anonymous'} (${error})`,
    );
    return new ApiError(status, error);
  }

  /**
   * The admin as the account is now. Past the client's failure limit only a session that
   * verifies gets through: anonymous floods cannot lock the admins out.
   */
  async function admin(req: IncomingMessage): Promise<VerifiedIdentity> {
    const cookie = readSessionCookie(req);
    if (!cookie) throw refuseAdmin(req, 401, 'sign-in-required');
    // One verification, fresh: a revoked admin must not act on a session cached before.
    const session = await guard.checkNow(cookie);
    if (session.kind === 'unavailable') throw new ApiError(503, 'unavailable');
    if (session.kind === 'none') throw refuseAdmin(req, 401, 'sign-in-required');
    if (session.identity.isAdmin !== true) throw refuseAdmin(req, 403, 'not-admin', session.identity);
    return session.identity;
  }

  /**
   * The approved or invited reader hears of it in their mailbox: a sign-in link from the
   * provider, in the language of the page they asked for (a guest: of the admin's page), back to
   * that page. The change stands if the e-mail cannot be sent; the admin is told so (false) and
   * the failure logged.
   */
  async function tellApproved(req: IncomingMessage, done: AccessChange, locale: Locale): Promise<boolean> {
    const page = done.page ?? `${localePrefix(locale)}${DOCS_HOME_PATH}`;
    const origin = config.publicOrigin ?? `http://${req.headers.host ?? 'localhost'}`;
    const continueUrl = `${origin}${signInUrl(page)}&${ACCESS_GRANTED_PARAMETER}=1`;
    try {
      await verifier.mailSignInLink(done.target, continueUrl, localeOfPath(page));
      return true;
    } catch (error) {
      logger.warn({ err: error, target: done.target }, 'The approval or invitation could not be e-mailed.');
      return false;
    }
  }

  async function change(
    action: string,
    body: Record<string, unknown>,
    by: string,
    run: Grants,
  ): Promise<AccessChange | null> {
    const email = field(body, 'email') ?? '';
    switch (action) {
      case 'invite':
        return run.invite(email, field(body, 'until') ?? '', field(body, 'note'), by);
      case 'revoke':
        return run.revoke(email, by);
      case 'suspend':
        return run.suspend(email, field(body, 'reason') ?? '', by);
      case 'restore':
        return run.restore(email, by);
      case 'approve':
        return run.decide(email, 'approve', field(body, 'until'), by);
      case 'decline':
        return run.decide(email, 'decline', undefined, by, field(body, 'reason'));
      case 'disconnect':
        return run.disconnect(email, field(body, 'client') ?? '', by);
      default:
        return null;
    }
  }

  /** `GET /api/admin/access`: one page of the list of access, and a line in the trail. */
  async function listAccess(req: IncomingMessage, res: ServerResponse, identity: VerifiedIdentity): Promise<void> {
    if (req.method !== 'GET') throw new ApiError(405, 'method-not-allowed', { headers: { Allow: 'GET' } });
    const query = new URL(req.url ?? '', 'http://site').searchParams;
    const kind = query.get('kind');
    const found = await directory.search({
      text: query.get('q') ?? '',
      kind: ACCESS_KINDS.includes(kind as AccessKind) ? (kind as AccessKind) : null,
      offset: Number(query.get('offset')) || 0,
    });
    const by = identity.email ?? identity.uid;
    audit(
      logger,
      {
        event: 'access-listed',
        uid: identity.uid,
        email: by,
        path: req.url ?? '',
        outcome: 'read',
        count: found.entries.length,
        trace_id: traceId(req),
      },
      `access-listed: ${by} read ${found.entries.length} rows of the list of access`,
    );
    respond.json(req, res, 200, found);
  }

  async function handleAdmin(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!isSameOriginAny(req, config.publicOrigin)) throw refuseAdmin(req, 403, 'cross-origin');
    const identity = await admin(req);
    if (!grants) throw new ApiError(503, 'unavailable');
    const action = path.slice(ADMIN_API_PREFIX.length + 1);
    if (action === 'access') return listAccess(req, res, identity);
    if (req.method !== 'POST') throw new ApiError(405, 'method-not-allowed', { headers: { Allow: 'POST' } });
    const body = await readJson(req);
    const by = identity.email ?? identity.uid;
    const done = await change(action, body, by, grants).catch((error: unknown) => {
      if (!(error instanceof AccessError))
        auditFailedChange(
          logger,
          { action, target: field(body, 'email') ?? '', by },
          error,
          identity.uid,
          traceId(req),
        );
      throw refused(error);
    });
    if (!done) throw new ApiError(404, 'not-found');
    auditChange(logger, done, identity.uid, traceId(req));
    directory.invalidate();
    if (done.action === 'revoke' || done.action === 'suspend') guard.revokeAccount(done.uid, now());
    if (done.action === 'revoke' || done.action === 'suspend' || done.action === 'assistant-disconnected')
      forgetAssistants?.(done.uid);
    const locale: Locale = field(body, 'locale') === 'es' ? 'es' : 'en';
    const mailed =
      done.action === 'request-approved' || done.action === 'invite'
        ? await tellApproved(req, done, locale)
        : undefined;
    respond.json(req, res, 200, { done, ...(mailed === undefined ? {} : { mailed }) });
  }

  /**
   * A signed-in reader the rule refuses asks for access, with a short note: one open request per
   * account, a few per client address. The reader has no session (they may not read), so the
   * request carries their ID token.
   */
  async function handleAccessRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') throw new ApiError(405, 'method-not-allowed', { headers: { Allow: 'POST' } });
    if (!isSameOrigin(req, config.publicOrigin)) throw new ApiError(403, 'cross-origin');
    const wait = requestLimiter.take(clientKeyOf(req, config.trustProxyHops));
    if (wait > 0) throw tooManyRequests(wait);
    const token = bearerToken(req);
    if (!token) throw new ApiError(401, 'sign-in-required');
    const identity = await verifier.verifyIdToken(token).catch(onProviderError('sign-in-required'));
    if (!grants) throw new ApiError(503, 'unavailable');
    if (!identity.emailVerified) throw new ApiError(400, 'unverified');
    // Only the mailbox's owner asks: a request made with a credential someone prepared before
    // the owner arrived would be granted to that someone.
    if (identity.securedAt === null) throw new ApiError(400, 'unsecured');
    if (isAllowedReader(identity, policy, now())) throw new ApiError(409, 'already-allowed');
    if (identity.request?.outcome === 'open') throw new ApiError(409, 'already-requested');
    const body = await readJson(req);
    const request = await grants
      .request(identity.uid, field(body, 'note') ?? '', field(body, 'page'))
      .catch((error: unknown) => {
        throw refused(error);
      });
    directory.invalidate();
    audit(
      logger,
      {
        event: 'access-requested',
        uid: identity.uid,
        email: identity.email ?? null,
        path: req.url ?? '',
        outcome: 'open',
        trace_id: traceId(req),
      },
      `${identity.email ?? identity.uid} asked for access`,
    );
    respond.json(req, res, 201, { request });
  }

  return { handleAdmin, handleAccessRequest };
}
