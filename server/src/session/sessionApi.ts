import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAllowedReader, type ReaderPolicy } from '@trust/access-policy';
import type { ServerConfig } from '../config.js';
import { clearSessionCookie, readCookie, serializeSessionCookie, sessionCookieName } from './cookies.js';
import type { FailureLimiter } from './rateLimiter.js';
import type { SessionGuard } from './sessionGuard.js';
import { isInvalidCredentialError, type IdentityVerifier } from './verifier.js';

export const SESSION_PATH = '/api/session';

/** Bodies are not used by this API; anything larger than this is refused unread. */
const MAX_BODY_BYTES = 1024;
const MAX_TOKEN_LENGTH = 8 * 1024;

function sendJson(
  res: ServerResponse,
  status: number,
  body: object | null,
  headers: Record<string, string> = {},
): void {
  const payload = body === null ? '' : JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (payload) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

/**
 * Only the site's own pages may open or close a session: browsers send `Origin` with every
 * POST and DELETE, and a cross-site request carries another origin.
 */
function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host && (req.headers['sec-fetch-site'] ?? 'same-origin') === 'same-origin';
  } catch {
    return false;
  }
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
  const cookieName = sessionCookieName(config.session.isSecure);

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const client = req.socket.remoteAddress ?? 'unknown';
    const wait = limiter.retryAfter(client);
    if (wait > 0) return sendJson(res, 429, { error: 'rate-limited' }, { 'Retry-After': String(wait) });
    if (!isSameOrigin(req)) return sendJson(res, 403, { error: 'cross-origin' });
    const token = bearerToken(req);
    if (!token) {
      limiter.recordFailure(client);
      return sendJson(res, 401, { error: 'missing-token' });
    }
    let identity;
    try {
      identity = await verifier.verifyIdToken(token);
    } catch (error) {
      if (!isInvalidCredentialError(error)) return sendJson(res, 503, { error: 'unavailable' });
      limiter.recordFailure(client);
      return sendJson(res, 401, { error: 'invalid-token' });
    }
    if (now() / 1000 - identity.authTime > config.session.recentSignInMs / 1000) {
      return sendJson(res, 401, { error: 'stale-sign-in' });
    }
    if (!isAllowedReader(identity, policy)) {
      limiter.recordFailure(client);
      return sendJson(res, 403, { error: 'not-allowed' });
    }
    let cookie: string;
    try {
      cookie = await verifier.createSessionCookie(token, config.session.maxAgeMs);
    } catch (error) {
      return isInvalidCredentialError(error)
        ? sendJson(res, 401, { error: 'invalid-token' })
        : sendJson(res, 503, { error: 'unavailable' });
    }
    sendJson(res, 204, null, {
      'Set-Cookie': serializeSessionCookie(cookieName, cookie, config.session.maxAgeMs, config.session.isSecure),
    });
  }

  async function read(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const result = await guard.check(readCookie(req, cookieName));
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
    if (!isSameOrigin(req)) return sendJson(res, 403, { error: 'cross-origin' });
    const cookie = readCookie(req, cookieName);
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
    sendJson(res, 204, null, { 'Set-Cookie': clearSessionCookie(cookieName, config.session.isSecure) });
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
