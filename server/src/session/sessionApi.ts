import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Responder } from '../http/respond.js';
import { audit } from '../audit.js';
import { traceId, type Logger } from '../logging.js';
import { EMAIL_LINK_API_PATH, isAllowedReader, type ReaderPolicy } from '@trust/access-policy';
import type { ServerConfig } from '../config.js';
import {
  LEGACY_SESSION_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  clearSessionCookies,
  readSessionCookie,
  serializeSessionCookie,
} from './cookies.js';
import type { FailureLimiter } from './rateLimiter.js';
import type { SessionGuard } from './sessionGuard.js';
import { classifyFailure, type IdentityVerifier, type VerifiedIdentity } from './verifier.js';

/** Bodies are not used by this API; anything larger than this is refused unread. */
const MAX_BODY_BYTES = 1024;
const MAX_TOKEN_LENGTH = 8 * 1024;

/**
 * Only the site's own pages may open or close a session: browsers send `Origin` with every
 * POST and DELETE, and a cross-site request carries another origin. It is compared with the
 * configured public origin, because behind Firebase Hosting `Host` names the Cloud Run service.
 * Without one (never in production) the server's own origin stands in: plain http, as this
 * server speaks, on the request's `Host`.
 */
export function isSameOrigin(req: IncomingMessage, publicOrigin: string | null): boolean {
  const origin = req.headers.origin;
  if (!origin || (req.headers['sec-fetch-site'] ?? 'same-origin') !== 'same-origin') return false;
  const host = req.headers.host;
  return origin === (publicOrigin ?? (host === undefined ? null : `http://${host}`));
}

/**
 * The client's address: the socket's, or with `hops` trusted proxies in front, the address the
 * outermost trusted proxy appended to `X-Forwarded-For`. Entries further left are the client's
 * own claims and are never used; a header with fewer entries than the trusted hops did not come
 * through them all (a client calling the service directly), so the socket's address is used.
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (hops === 0) return socketAddress;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded.length >= hops ? forwarded[forwarded.length - hops]! : socketAddress;
}

/**
 * The rate limit's key for an address: IPv4 as it is, IPv6 by its /64 (the block one subscriber
 * or host usually holds, and can rotate through freely).
 */
export function rateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Why the rule refused a genuine identity, as the browser explains it to the reader. */
function refusalReason(identity: VerifiedIdentity): 'unverified' | 'invitation-ended' | 'not-admitted' {
  if (!identity.emailVerified) return 'unverified';
  const invitation = identity.invitation;
  if (invitation && invitation.email.toLowerCase() === identity.email?.toLowerCase()) return 'invitation-ended';
  return 'not-admitted';
}

export function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer ([\w.-]+)$/.exec(req.headers.authorization ?? '');
  return match && match[1]!.length <= MAX_TOKEN_LENGTH ? match[1]! : null;
}

export interface SessionApiDeps {
  config: ServerConfig;
  verifier: IdentityVerifier;
  guard: SessionGuard;
  limiter: FailureLimiter;
  policy: ReaderPolicy;
  respond: Responder;
  logger: Logger;
  now?: () => number;
}

/**
 * `/api/session`, the token-sync contract: POST exchanges a fresh ID token of an allowed reader
 * for an HttpOnly session cookie; GET tells whether the cookie is still good; DELETE clears it.
 * `/api/session/email-link` (POST) secures an account after an e-mail-link sign-in.
 * Failures answer with a generic code and no detail from the provider.
 */
export function createSessionApi({
  config,
  verifier,
  guard,
  limiter,
  policy,
  respond,
  logger,
  now = Date.now,
}: SessionApiDeps) {
  /** One line of the audit trail about this request's reader. */
  function record(
    req: IncomingMessage,
    event: string,
    identity: VerifiedIdentity | null,
    outcome: string,
    reason?: string,
  ): void {
    audit(
      logger,
      {
        event,
        uid: identity?.uid ?? null,
        email: identity?.email ?? null,
        path: req.url ?? '',
        outcome,
        ...(reason ? { reason } : {}),
        trace_id: traceId(req),
      },
      `${event}${identity?.email ? `: ${identity.email}` : ''}${reason ? ` (${reason})` : ''}`,
    );
  }

  /**
   * The checks both ways of opening a session share: the site's own origin, a token that
   * verifies, an allowed reader, a recent sign-in. Answers the request itself and resolves to
   * null when any fails.
   */
  async function admit(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<{ token: string; identity: VerifiedIdentity } | null> {
    if (!isSameOrigin(req, config.publicOrigin)) {
      respond.json(req, res, 403, { error: 'cross-origin' });
      return null;
    }
    const client = rateLimitKey(clientAddress(req, config.trustProxyHops));
    // A client over its limit is refused only what fails: a valid token is let through, so one
    // reader guessing behind the university's NAT does not lock out everyone else behind it.
    const refuse = (error: string) => {
      const wait = limiter.retryAfter(client);
      limiter.recordFailure(client);
      if (wait === 0) record(req, 'session-refused', null, 'refused', error);
      if (wait > 0) respond.json(req, res, 429, { error: 'rate-limited' }, { 'Retry-After': String(wait) });
      else respond.json(req, res, 401, { error });
      return null;
    };
    const token = bearerToken(req);
    if (!token) return refuse('missing-token');
    let identity;
    try {
      identity = await verifier.verifyIdToken(token);
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure === 'unexpected') throw error;
      if (failure === 'invalid-credential') return refuse('invalid-token');
      respond.json(req, res, 503, { error: 'unavailable' });
      return null;
    }
    // A genuine identity that is not allowed is an honest refusal, not guessing: not counted. It
    // is said before the freshness of the sign-in, which only matters for opening a session: the
    // browser, which does not hold the rule, learns from this answer whom to show 'Not allowed',
    // with the address seen and whether only its verification is missing.
    if (!isAllowedReader(identity, policy, now())) {
      const reason = refusalReason(identity);
      record(req, 'session-refused', identity, 'refused', reason);
      respond.json(req, res, 403, {
        error: 'not-allowed',
        email: identity.email ?? null,
        reason,
        ...(reason === 'invitation-ended' ? { until: identity.invitation!.until } : {}),
        ...(identity.request ? { request: { outcome: identity.request.outcome, at: identity.request.at } } : {}),
      });
      return null;
    }
    if (now() / 1000 - identity.authTime > config.session.recentSignInMs / 1000) {
      record(req, 'session-refused', identity, 'refused', 'stale-sign-in');
      respond.json(req, res, 401, { error: 'stale-sign-in' });
      return null;
    }
    return { token, identity };
  }

  /**
   * One call to the provider once the reader is admitted: its answer, or null once a failure has
   * been answered (401 for a credential it refuses, 503 when it cannot answer).
   */
  async function askProvider<T>(req: IncomingMessage, res: ServerResponse, call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure === 'unexpected') throw error;
      if (failure === 'invalid-credential') respond.json(req, res, 401, { error: 'invalid-token' });
      else respond.json(req, res, 503, { error: 'unavailable' });
      return null;
    }
  }

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const admitted = await admit(req, res);
    if (!admitted) return;
    const { token } = admitted;
    const cookie = await askProvider(req, res, () => verifier.createSessionCookie(token, config.session.maxAgeMs));
    if (cookie === null) return;
    record(req, 'session-opened', admitted.identity, 'opened');
    const { isSecure } = config.session;
    respond.json(req, res, 204, null, {
      'Set-Cookie': [
        serializeSessionCookie(SESSION_COOKIE, cookie, config.session.maxAgeMs, isSecure),
        ...(isSecure ? [clearSessionCookie(LEGACY_SESSION_COOKIE, true)] : []),
      ],
    });
  }

  /**
   * After an e-mail-link sign-in. Firebase adds the link's proof to an account that already has
   * the address, keeping a password someone else may have set on it before the owner verified
   * it; with this password that someone would go on signing in, now as a verified member. So
   * the account's password and every earlier session end here, and the browser signs in again
   * with the custom token this answers (its own token is revoked with the rest), then opens its
   * session as usual. Only a password-provider sign-in (which an e-mail link is) may ask.
   */
  async function finishEmailLink(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const admitted = await admit(req, res);
    if (!admitted) return;
    const { identity } = admitted;
    if (identity.signInProvider !== 'password')
      return respond.json(req, res, 400, { error: 'not-an-email-link-sign-in' });
    const customToken = await askProvider(req, res, () => verifier.reissueWithoutPassword(identity.uid));
    if (customToken === null) return;
    guard.revokeAccount(identity.uid, now());
    record(req, 'email-link-secured', identity, 'password and earlier sessions ended');
    respond.json(req, res, 200, { customToken });
  }

  async function read(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const result = await guard.check(readSessionCookie(req));
    if (result.kind === 'unavailable') return respond.json(req, res, 503, { error: 'unavailable' });
    // 200 either way: asking whether a session exists is not an error (and logs none in browsers).
    if (result.kind === 'none') return respond.json(req, res, 200, { active: false });
    respond.json(req, res, 200, {
      active: true,
      email: result.identity.email ?? null,
      admin: result.identity.isAdmin === true,
    });
  }

  /**
   * Sign-out ends the session on the server too: a copy of the cookie kept elsewhere (another
   * tab's jar, a stolen copy) is refused by this instance at once and by every other once its
   * revocation re-check falls due. Firebase revokes per user, so this also signs the reader out on
   * their other devices. The cookie is verified before anything is forgotten or revoked, and
   * cookies that do not verify count toward the client's failures like bad sign-ins.
   */
  async function remove(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isSameOrigin(req, config.publicOrigin)) return respond.json(req, res, 403, { error: 'cross-origin' });
    const cleared = { 'Set-Cookie': clearSessionCookies(config.session.isSecure), 'Clear-Site-Data': '"cache"' };
    const cookie = readSessionCookie(req);
    if (!cookie) return respond.json(req, res, 204, null, cleared);
    const client = rateLimitKey(clientAddress(req, config.trustProxyHops));
    const wait = limiter.retryAfter(client);
    // The browser's copy is still cleared: that much the reader can always have.
    if (wait > 0)
      return respond.json(req, res, 429, { error: 'rate-limited' }, { ...cleared, 'Retry-After': String(wait) });
    let identity;
    try {
      identity = await verifier.verifySessionCookie(cookie, false);
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure === 'unexpected') throw error;
      if (failure === 'invalid-credential') limiter.recordFailure(client);
      // A cookie that does not verify has nothing left to revoke.
      return respond.json(req, res, 204, null, cleared);
    }
    guard.signOut(cookie, identity.expiresAt * 1000);
    record(req, 'signed-out', identity, 'signed-out');
    try {
      await verifier.revokeSessions(identity.uid);
    } catch (error) {
      // Logged, and the browser's copy is still cleared, which is what the reader asked for; this
      // instance refuses the cookie regardless, the others at their re-check once revoked.
      if (classifyFailure(error) !== 'invalid-credential')
        logger.warn(
          { event: 'sign-out-not-revoked', err: error, uid: identity.uid },
          'Sign-out could not revoke the sessions',
        );
    }
    respond.json(req, res, 204, null, cleared);
  }

  return async function handleSession(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES || (req.headers['transfer-encoding'] && req.method !== 'GET')) {
      return respond.json(req, res, 413, { error: 'body-too-large' }, { Connection: 'close' });
    }
    req.resume();
    if (path === EMAIL_LINK_API_PATH) {
      if (req.method === 'POST') return finishEmailLink(req, res);
      return respond.json(req, res, 405, { error: 'method-not-allowed' }, { Allow: 'POST' });
    }
    if (req.method === 'POST') return create(req, res);
    if (req.method === 'GET' || req.method === 'HEAD') return read(req, res);
    if (req.method === 'DELETE') return remove(req, res);
    respond.json(req, res, 405, { error: 'method-not-allowed' }, { Allow: 'GET, POST, DELETE' });
  };
}
