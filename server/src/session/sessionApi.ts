import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAllowedReader, type ReaderPolicy } from '@trust/access-policy';
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
import { classifyFailure, isInvalidCredentialError, type IdentityVerifier } from './verifier.js';

export const SESSION_PATH = '/api/session';

/** Bodies are not used by this API; anything larger than this is refused unread. */
const MAX_BODY_BYTES = 1024;
const MAX_TOKEN_LENGTH = 8 * 1024;

function sendJson(
  res: ServerResponse,
  status: number,
  body: object | null,
  headers: Record<string, string | string[]> = {},
): void {
  const payload = body === null ? '' : JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // Every answer here is about one reader (and some set a cookie): no shared cache may keep it.
  res.setHeader('Cache-Control', 'private, no-store');
  if (payload) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

/**
 * Only the site's own pages may open or close a session: browsers send `Origin` with every
 * POST and DELETE, and a cross-site request carries another origin. It is compared with the
 * configured public origin, because behind Firebase Hosting `Host` names the Cloud Run service.
 */
function isSameOrigin(req: IncomingMessage, publicOrigin: string | null): boolean {
  const origin = req.headers.origin;
  if (!origin || (req.headers['sec-fetch-site'] ?? 'same-origin') !== 'same-origin') return false;
  if (publicOrigin) return origin === publicOrigin;
  const host = req.headers.host;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The client's address: the socket's, or with `hops` trusted proxies in front, the address the
 * outermost trusted proxy appended to `X-Forwarded-For`. Entries further left are the client's
 * own claims and are never used.
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (hops === 0) return socketAddress;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - hops] ?? forwarded[0] ?? socketAddress;
}

function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer ([\w.-]+)$/.exec(req.headers.authorization ?? '');
  return match && match[1]!.length <= MAX_TOKEN_LENGTH ? match[1]! : null;
}

export interface SessionApiDeps {
  config: ServerConfig;
  verifier: IdentityVerifier;
  guard: SessionGuard;
  limiter: FailureLimiter;
  policy: ReaderPolicy;
  now?: () => number;
}

/**
 * `/api/session`, the token-sync contract: POST exchanges a fresh ID token of an allowed reader
 * for an HttpOnly session cookie; GET tells whether the cookie is still good; DELETE clears it.
 * Failures answer with a generic code and no detail from the provider.
 */
export function createSessionApi({ config, verifier, guard, limiter, policy, now = Date.now }: SessionApiDeps) {
  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const client = clientAddress(req, config.trustProxyHops);
    const wait = limiter.retryAfter(client);
    if (wait > 0) return sendJson(res, 429, { error: 'rate-limited' }, { 'Retry-After': String(wait) });
    if (!isSameOrigin(req, config.publicOrigin)) return sendJson(res, 403, { error: 'cross-origin' });
    const token = bearerToken(req);
    if (!token) {
      limiter.recordFailure(client);
      return sendJson(res, 401, { error: 'missing-token' });
    }
    let identity;
    try {
      identity = await verifier.verifyIdToken(token);
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure === 'unexpected') throw error;
      if (failure === 'provider-failure') return sendJson(res, 503, { error: 'unavailable' });
      limiter.recordFailure(client);
      return sendJson(res, 401, { error: 'invalid-token' });
    }
    if (now() / 1000 - identity.authTime > config.session.recentSignInMs / 1000) {
      return sendJson(res, 401, { error: 'stale-sign-in' });
    }
    // A genuine identity that is not allowed is an honest refusal, not guessing: not counted.
    if (!isAllowedReader(identity, policy)) {
      return sendJson(res, 403, { error: 'not-allowed' });
    }
    let cookie: string;
    try {
      cookie = await verifier.createSessionCookie(token, config.session.maxAgeMs);
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure === 'unexpected') throw error;
      return failure === 'invalid-credential'
        ? sendJson(res, 401, { error: 'invalid-token' })
        : sendJson(res, 503, { error: 'unavailable' });
    }
    const { isSecure } = config.session;
    sendJson(res, 204, null, {
      'Set-Cookie': [
        serializeSessionCookie(SESSION_COOKIE, cookie, config.session.maxAgeMs, isSecure),
        ...(isSecure ? [clearSessionCookie(LEGACY_SESSION_COOKIE, true)] : []),
      ],
    });
  }

  async function read(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const result = await guard.check(readSessionCookie(req));
    if (result.kind === 'unavailable') return sendJson(res, 503, { error: 'unavailable' });
    // 200 either way: asking whether a session exists is not an error (and logs none in browsers).
    if (result.kind === 'none') return sendJson(res, 200, { active: false });
    sendJson(res, 200, { active: true, email: result.identity.email ?? null });
  }

  /**
   * Sign-out ends the session on the server too: a copy of the cookie kept elsewhere (another
   * tab's jar, a stolen copy) is refused by every instance once its revocation re-check falls
   * due. Firebase revokes per user, so this also signs the reader out on their other devices.
   */
  async function remove(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isSameOrigin(req, config.publicOrigin)) return sendJson(res, 403, { error: 'cross-origin' });
    const cookie = readSessionCookie(req);
    if (cookie) {
      guard.forget(cookie);
      try {
        const identity = await verifier.verifySessionCookie(cookie, false);
        await verifier.revokeSessions(identity.uid);
      } catch (error) {
        // A cookie that no longer verifies has nothing left to revoke; anything else is logged and
        // the browser's copy is still cleared, which is what the reader asked for.
        if (!isInvalidCredentialError(error)) console.error('Sign-out could not revoke the session:', error);
      }
    }
    sendJson(res, 204, null, { 'Set-Cookie': clearSessionCookies(config.session.isSecure) });
  }

  return async function handleSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES || (req.headers['transfer-encoding'] && req.method !== 'GET')) {
      res.setHeader('Connection', 'close');
      return sendJson(res, 413, { error: 'body-too-large' });
    }
    req.resume();
    if (req.method === 'POST') return create(req, res);
    if (req.method === 'GET' || req.method === 'HEAD') return read(req, res);
    if (req.method === 'DELETE') return remove(req, res);
    sendJson(res, 405, { error: 'method-not-allowed' }, { Allow: 'GET, POST, DELETE' });
  };
}
