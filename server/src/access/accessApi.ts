import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMIN_API_PREFIX, isAllowedReader, type ReaderPolicy } from '@trust/access-policy';
import { audit, auditChange } from '../audit.js';
import type { ServerConfig } from '../config.js';
import type { Responder } from '../http/respond.js';
import { traceId, type Logger } from '../logging.js';
import { readSessionCookie } from '../session/cookies.js';
import type { FailureLimiter } from '../session/rateLimiter.js';
import { bearerToken, clientAddress, isSameOrigin, rateLimitKey } from '../session/sessionApi.js';
import type { SessionGuard } from '../session/sessionGuard.js';
import { classifyFailure, type IdentityVerifier, type VerifiedIdentity } from '../session/verifier.js';
import { AccessError, type AccessChange, type Grants } from './grants.js';

/** Bodies of these APIs are a few short fields. */
const MAX_BODY_BYTES = 4 * 1024;

class BadRequest extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(error);
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new BadRequest(413, 'body-too-large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequest(413, 'body-too-large');
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below, as any body that is not a JSON object.
  }
  throw new BadRequest(400, 'body-not-json-object');
}

const field = (body: Record<string, unknown>, name: string): string | undefined =>
  typeof body[name] === 'string' ? body[name] : undefined;

/**
 * A same-origin request: `Origin`, when the browser sends one, must be the site's; a GET, for
 * which browsers send none to the same origin, must say `Sec-Fetch-Site: same-origin`. A caller
 * that sends neither (a script elsewhere, a command-line client) is refused.
 */
function isSameOriginAny(req: IncomingMessage, publicOrigin: string | null): boolean {
  if (req.headers.origin !== undefined || req.method !== 'GET') return isSameOrigin(req, publicOrigin);
  return req.headers['sec-fetch-site'] === 'same-origin';
}

export interface AccessApiDeps {
  config: ServerConfig;
  verifier: IdentityVerifier;
  guard: SessionGuard;
  grants: Grants | null;
  policy: ReaderPolicy;
  respond: Responder;
  logger: Logger;
  /** Counts every request of a client to these APIs, answered or not. */
  adminLimiter: FailureLimiter;
  requestLimiter: FailureLimiter;
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
  requestLimiter,
  now,
}: AccessApiDeps) {
  const json = (req: IncomingMessage, res: ServerResponse, status: number, body: object, headers = {}) =>
    respond.json(req, res, status, body, headers);

  /** Counts the request; false (answered 429) past the client's rate. */
  function withinRate(req: IncomingMessage, res: ServerResponse, limiter: FailureLimiter): boolean {
    const client = rateLimitKey(clientAddress(req, config.trustProxyHops));
    const wait = limiter.retryAfter(client);
    limiter.recordFailure(client);
    if (wait === 0) return true;
    json(req, res, 429, { error: 'rate-limited' }, { 'Retry-After': String(wait) });
    return false;
  }

  /** The provider's failure as an answer: 401 for a credential it refuses, 503 when it cannot answer. */
  function providerFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    const failure = classifyFailure(error);
    if (failure === 'unexpected') throw error;
    if (failure === 'invalid-credential') json(req, res, 401, { error: 'sign-in-required' });
    else json(req, res, 503, { error: 'unavailable' });
  }

  async function admin(req: IncomingMessage, res: ServerResponse): Promise<VerifiedIdentity | null> {
    const cookie = readSessionCookie(req);
    const session = await guard.check(cookie);
    if (session.kind === 'unavailable') {
      json(req, res, 503, { error: 'unavailable' });
      return null;
    }
    if (session.kind === 'none') {
      json(req, res, 401, { error: 'sign-in-required' });
      return null;
    }
    let identity: VerifiedIdentity;
    try {
      identity = await verifier.verifySessionCookie(cookie!, true);
    } catch (error) {
      providerFailure(req, res, error);
      return null;
    }
    if (identity.isAdmin !== true) {
      json(req, res, 403, { error: 'not-admin' });
      return null;
    }
    return identity;
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
        return run.decide(email, 'decline', undefined, by);
      default:
        return null;
    }
  }

  async function handleAdmin(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!isSameOriginAny(req, config.publicOrigin)) return json(req, res, 403, { error: 'cross-origin' });
    if (!withinRate(req, res, adminLimiter)) return;
    const identity = await admin(req, res);
    if (!identity) return;
    if (!grants) return json(req, res, 503, { error: 'unavailable' });
    const action = path.slice(ADMIN_API_PREFIX.length + 1);
    try {
      if (action === 'access') {
        if (req.method !== 'GET') return json(req, res, 405, { error: 'method-not-allowed' }, { Allow: 'GET' });
        return json(req, res, 200, { entries: await grants.list() });
      }
      if (req.method !== 'POST') return json(req, res, 405, { error: 'method-not-allowed' }, { Allow: 'POST' });
      const body = await readJson(req);
      const done = await change(action, body, identity.email ?? identity.uid, grants);
      if (!done) return json(req, res, 404, { error: 'not-found' });
      auditChange(logger, done, identity.uid, traceId(req));
      if (done.action === 'revoke' || done.action === 'suspend') guard.revokeAccount(done.uid, now());
      return json(req, res, 200, { done });
    } catch (error) {
      if (error instanceof AccessError)
        return json(req, res, 400, { error: 'refused', code: error.code, message: error.message });
      if (error instanceof BadRequest) return json(req, res, error.status, { error: error.error });
      throw error;
    }
  }

  /**
   * A signed-in reader the rule refuses asks for access, with a short note: one open request per
   * account, a few per client address. The reader has no session (they may not read), so the
   * request carries their ID token.
   */
  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return json(req, res, 405, { error: 'method-not-allowed' }, { Allow: 'POST' });
    if (!isSameOrigin(req, config.publicOrigin)) return json(req, res, 403, { error: 'cross-origin' });
    if (!withinRate(req, res, requestLimiter)) return;
    const token = bearerToken(req);
    if (!token) return json(req, res, 401, { error: 'sign-in-required' });
    let identity: VerifiedIdentity;
    try {
      identity = await verifier.verifyIdToken(token);
    } catch (error) {
      return providerFailure(req, res, error);
    }
    if (!grants) return json(req, res, 503, { error: 'unavailable' });
    if (!identity.emailVerified) return json(req, res, 400, { error: 'unverified' });
    if (isAllowedReader(identity, policy, now())) return json(req, res, 409, { error: 'already-allowed' });
    if (identity.request?.outcome === 'open') return json(req, res, 409, { error: 'already-requested' });
    try {
      const request = await grants.request(identity.uid, field(await readJson(req), 'note') ?? '');
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
      return json(req, res, 201, { request });
    } catch (error) {
      if (error instanceof AccessError)
        return json(req, res, 400, { error: 'refused', code: error.code, message: error.message });
      if (error instanceof BadRequest) return json(req, res, error.status, { error: error.error });
      throw error;
    }
  }

  return { handleAdmin, handleRequest };
}
