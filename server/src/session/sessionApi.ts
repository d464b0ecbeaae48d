import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Responder } from '../http/respond.js';
import { audit } from '../audit.js';
import { traceId, type Logger } from '../logging.js';
import {
  EMAIL_LINK_API_PATH,
  SIGN_IN_PATH,
  canonicalMailbox,
  isUniversityAddress,
  localePrefix,
  type MailboxProofAnswer,
  type MailboxProofErrorCode,
  type ReaderPolicy,
  type SessionRefusal,
  type SessionState,
} from '@trust/access-policy';
import type { IdentityRecord } from '@trust/access-policy/build-contract';
import type { ServerConfig } from '../config.js';
import { ApiError, onProviderError, providerError } from '../http/apiError.js';
import { bearerToken, isSameOrigin, readJson, stringField } from '../http/request.js';
import { clientKeyOf, tooManyRequests, type RateLimiter } from '../http/rateLimiter.js';
import { refusalOf } from './admission.js';
import { SESSION_COOKIE, clearSessionCookie, readSessionCookie, serializeSessionCookie } from './cookies.js';
import type { SessionGuard } from './sessionGuard.js';
import { classifyFailure, type IdentityVerifier, type MailboxProof, type VerifiedIdentity } from './verifier.js';

/** The e-mail link's body: an address and a one-time code. */
const MAX_LINK_BODY_BYTES = 1024;

/** How long a refusal of a genuine token is remembered: asking again costs no provider call. */
const REFUSAL_MEMORY_MS = 30_000;
const MAX_REMEMBERED_REFUSALS = 10_000;

export interface SessionApiDeps {
  config: ServerConfig;
  verifier: IdentityVerifier;
  guard: SessionGuard;
  /** Failed sign-ins, refused mailbox proofs and sign-outs with a cookie that does not verify, per client. */
  limiter: RateLimiter;
  /** Ends at once, on this instance, what it knows of an account's AI assistants' grants. */
  forgetAssistants?: (uid: string) => void;
  policy: ReaderPolicy;
  identityRecord: IdentityRecord;
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
  forgetAssistants = () => undefined,
  policy,
  identityRecord,
  respond,
  logger,
  now = Date.now,
}: SessionApiDeps) {
  /**
   * Genuine tokens the rule refused: the same token asked again within `REFUSAL_MEMORY_MS` is
   * answered from here, so a refused client costs the provider one call per token it mints, and
   * the trail one line. Keyed by the whole token: this is a sign-in, not the pages' hot path, and
   * tokens can end alike (the emulator's unsigned ones do), so a shorter key would let two tokens
   * evict each other on every request.
   */
  const refusals = new Map<string, { until: number; uid: string; body: SessionRefusal }>();
  function rememberedRefusal(token: string): SessionRefusal | null {
    const remembered = refusals.get(token);
    if (!remembered) return null;
    if (now() < remembered.until) return remembered.body;
    refusals.delete(token);
    return null;
  }
  function rememberRefusal(token: string, uid: string, body: SessionRefusal): void {
    if (refusals.size >= MAX_REMEMBERED_REFUSALS) refusals.delete(refusals.keys().next().value!);
    refusals.set(token, { until: now() + REFUSAL_MEMORY_MS, uid, body });
  }
  /** The account changed here: its refusals are asked again. */
  function forgetRefusals(uid: string): void {
    for (const [key, remembered] of refusals) if (remembered.uid === uid) refusals.delete(key);
  }

  /** One line of the audit trail about this request's reader. */
  function auditRequest(
    req: IncomingMessage,
    event: string,
    identity: Pick<VerifiedIdentity, 'uid' | 'email'> | null,
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
   * verifies, an allowed reader, a recent sign-in. Throws the refusal when any fails.
   */
  async function admit(req: IncomingMessage): Promise<{ token: string; identity: VerifiedIdentity }> {
    if (!isSameOrigin(req, config.publicOrigin)) throw new ApiError(403, 'cross-origin');
    // A client over its limit is refused only what fails: a valid token is let through, so one
    // reader guessing behind the university's NAT does not lock out everyone else behind it. A
    // refusal for rate is not counted again.
    const refuse = (error: 'missing-token' | 'invalid-token'): ApiError => {
      const wait = limiter.take(clientKeyOf(req, config.trustProxyHops));
      if (wait > 0) return tooManyRequests(wait);
      auditRequest(req, 'session-refused', null, 'refused', error);
      return new ApiError(401, error);
    };
    const token = bearerToken(req);
    if (!token) throw refuse('missing-token');
    const remembered = rememberedRefusal(token);
    if (remembered) throw new ApiError(403, remembered);
    const identity = await verifier.verifyIdToken(token).catch((error: unknown) => {
      throw classifyFailure(error) === 'invalid-credential' ? refuse('invalid-token') : providerError(error);
    });
    // A genuine identity that is not allowed is an honest refusal, not guessing: not counted
    // toward the client's limit (a campus behind one address must not be locked out by it), but
    // remembered, so the same token asked again costs neither a provider call nor a line in the
    // trail. It is said before the freshness of the sign-in, which only matters for opening a
    // session: the browser, which does not hold the rule, learns from this answer whom to show
    // 'Not allowed', with the address seen and what is missing.
    const reason = refusalOf(identity, policy, now());
    if (reason) {
      const body: SessionRefusal = {
        error: 'not-allowed',
        email: identity.email ?? null,
        reason,
        ...(reason === 'invitation-ended' ? { until: identity.invitation!.until } : {}),
        ...(identity.request
          ? {
              request: {
                outcome: identity.request.outcome,
                at: identity.request.at,
                ...(identity.request.outcome === 'declined' && identity.request.reason
                  ? { reason: identity.request.reason }
                  : {}),
              },
            }
          : {}),
      };
      rememberRefusal(token, identity.uid, body);
      auditRequest(req, 'session-refused', identity, 'refused', reason);
      throw new ApiError(403, body);
    }
    if (now() / 1000 - identity.authTime > config.session.recentSignInMs / 1000) {
      auditRequest(req, 'session-refused', identity, 'refused', 'stale-sign-in');
      throw new ApiError(401, 'stale-sign-in');
    }
    return { token, identity };
  }

  /** A failed call to the provider about the reader's own token, as the session API answers it. */
  const refusedByProvider = onProviderError('invalid-token');

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { token, identity } = await admit(req);
    const cookie = await verifier.createSessionCookie(token, config.session.maxAgeMs).catch(refusedByProvider);
    auditRequest(req, 'session-opened', identity, 'opened');
    const { isSecure } = config.session;
    respond.json(req, res, 204, null, {
      'Set-Cookie': serializeSessionCookie(SESSION_COOKIE, cookie, config.session.maxAgeMs, isSecure),
    });
  }

  /** The e-mail link a request's body carries, `{email, oobCode}`: an `ApiError` when it carries none. */
  async function linkProofOf(req: IncomingMessage): Promise<MailboxProof> {
    const body = await readJson(req, MAX_LINK_BODY_BYTES);
    const email = stringField(body, 'email')?.trim();
    const oobCode = stringField(body, 'oobCode');
    if (!email || !oobCode || !/^[\w-]{1,512}$/.test(oobCode)) throw new ApiError(400, 'link-required');
    return { kind: 'email-link', email, oobCode };
  }

  /** What a university sign-in's token proves of its mailbox; anything else is an `ApiError`. */
  async function universityProofOf(req: IncomingMessage, token: string): Promise<MailboxProof> {
    const identity = await verifier.verifyIdToken(token).catch(refusedByProvider);
    const provider = identityRecord.universityProvider;
    const isFresh = now() / 1000 - identity.authTime <= config.session.recentSignInMs / 1000;
    if (
      provider === null ||
      identity.signInProvider !== provider ||
      !identity.emailVerified ||
      !isFresh ||
      !isUniversityAddress(identity.email ?? '', policy)
    ) {
      auditRequest(req, 'mailbox-proof-refused', identity, 'refused', 'not-a-mailbox-proof');
      throw new ApiError(403, 'not-a-mailbox-proof');
    }
    return { kind: 'university-provider', uid: identity.uid, providerId: provider };
  }

  /** Firebase's refusals of an e-mail link, as this API names them. */
  const LINK_REFUSALS: Record<string, MailboxProofErrorCode> = {
    'auth/invalid-action-code': 'link-invalid',
    'auth/expired-action-code': 'link-expired',
    'auth/invalid-email': 'wrong-address',
    'auth/user-disabled': 'suspended',
  };

  /**
   * `POST /api/session/email-link`: the proof that the person asking owns the account's mailbox,
   * an e-mail link (`{email, oobCode}`, which the server redeems itself: an ID token cannot tell a
   * link sign-in from a password one) or a fresh sign-in with the university's own provider for
   * a university address (Bearer token). At the first such proof the account is secured, before
   * the access rule is asked and whatever it answers: credentials added before it go, earlier
   * sessions end. The answer is a sign-in link the server made, which the browser signs in with
   * once; the access rule then decides at `POST /api/session`.
   */
  async function proveMailbox(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isSameOrigin(req, config.publicOrigin)) throw new ApiError(403, 'cross-origin');
    const client = clientKeyOf(req, config.trustProxyHops);
    const token = bearerToken(req);
    const link = token
      ? null
      : await linkProofOf(req).catch((error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          const wait = limiter.take(client);
          throw wait > 0 ? tooManyRequests(wait) : error;
        });
    // Failed proofs are counted; a good one needs a code from the mailbox. A link is counted per
    // client and mailbox, so one person failing behind the campus's shared address cannot stop
    // anyone else's first sign-in there; a university sign-in per client.
    const key = link?.kind === 'email-link' ? `${client} ${canonicalMailbox(link.email)}` : client;
    const wait = limiter.retryAfter(key);
    if (wait > 0) throw tooManyRequests(wait);
    const proof =
      link ??
      (await universityProofOf(req, token!).catch((error: unknown) => {
        if (error instanceof ApiError && error.status !== 503) limiter.count(key);
        throw error;
      }));
    const origin = config.publicOrigin ?? `http://${req.headers.host ?? 'localhost'}`;
    const locale = /^\/es\//.test(new URL(req.headers.referer ?? '/', origin).pathname) ? 'es' : 'en';
    const continueUrl = `${origin}${localePrefix(locale)}${SIGN_IN_PATH}`;
    const secured = await verifier.secureMailbox(proof, continueUrl).catch((error: unknown) => {
      const refusal = LINK_REFUSALS[(error as { code?: string } | null)?.code ?? ''];
      if (!refusal) return refusedByProvider(error);
      limiter.count(key);
      auditRequest(req, 'mailbox-proof-refused', null, 'refused', refusal);
      throw new ApiError(refusal === 'suspended' ? 403 : 400, refusal);
    });
    forgetRefusals(secured.uid);
    if (secured.removed) {
      guard.revokeAccount(secured.uid, secured.securedAt * 1000);
      forgetAssistants(secured.uid);
      if (secured.replacedUid) {
        // Whatever this instance still holds of the account the outsider could have prepared.
        guard.revokeAccount(secured.replacedUid, (secured.securedAt + 1) * 1000);
        forgetRefusals(secured.replacedUid);
      }
      audit(
        logger,
        {
          event: 'account-secured',
          uid: secured.uid,
          email: secured.email,
          path: req.url ?? '',
          outcome: 'secured',
          proof: proof.kind,
          removed: secured.removed,
          securedAt: secured.securedAt,
          ...(secured.replacedUid ? { replaced: secured.replacedUid } : {}),
          trace_id: traceId(req),
        },
        `account-secured: ${secured.email} (${proof.kind}; removed: ${secured.removed.join(', ') || 'nothing'})`,
      );
    } else auditRequest(req, 'mailbox-proven', secured, 'proven', proof.kind);
    const answer: MailboxProofAnswer = { email: secured.email, link: secured.link };
    respond.json(req, res, 200, answer);
  }

  async function read(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const result = await guard.check(readSessionCookie(req));
    if (result.kind === 'unavailable') throw new ApiError(503, 'unavailable');
    // 200 either way: asking whether a session exists is not an error (and logs none in browsers).
    if (result.kind === 'none') return respond.json(req, res, 200, { active: false });
    const state: SessionState = {
      active: true,
      email: result.identity.email ?? null,
      admin: result.identity.isAdmin === true,
    };
    respond.json(req, res, 200, state);
  }

  /**
   * Sign-out ends the session on the server too: a copy of the cookie kept elsewhere (another
   * tab's jar, a stolen copy) is refused by this instance at once and by every other once its
   * revocation re-check falls due. Firebase revokes per user, so this also signs the reader out on
   * their other devices. The cookie is verified before anything is forgotten or revoked, and
   * cookies that do not verify count toward the client's failures like bad sign-ins.
   */
  async function remove(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isSameOrigin(req, config.publicOrigin)) throw new ApiError(403, 'cross-origin');
    const cleared = { 'Set-Cookie': clearSessionCookie(config.session.isSecure), 'Clear-Site-Data': '"cache"' };
    const cookie = readSessionCookie(req);
    if (!cookie) return respond.json(req, res, 204, null, cleared);
    let identity;
    try {
      identity = await verifier.verifySessionCookie(cookie, false);
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure === 'unexpected') throw error;
      // A cookie that does not verify has nothing left to revoke; the browser's copy is cleared
      // all the same, which is what the reader can always have.
      const wait = failure === 'invalid-credential' ? limiter.take(clientKeyOf(req, config.trustProxyHops)) : 0;
      if (wait > 0) throw tooManyRequests(wait, { headers: cleared });
      return respond.json(req, res, 204, null, cleared);
    }
    guard.signOut(cookie, identity.expiresAt * 1000);
    auditRequest(req, 'signed-out', identity, 'signed-out');
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
    // Read again at the next call, the account now refuses every assistant's token too.
    forgetAssistants(identity.uid);
    respond.json(req, res, 204, null, cleared);
  }

  return async function handleSession(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_LINK_BODY_BYTES || (req.headers['transfer-encoding'] && req.method !== 'GET')) {
      throw new ApiError(413, 'body-too-large', { headers: { Connection: 'close' } });
    }
    if (path === EMAIL_LINK_API_PATH) {
      if (req.method === 'POST') return proveMailbox(req, res);
      req.resume();
      throw new ApiError(405, 'method-not-allowed', { headers: { Allow: 'POST' } });
    }
    req.resume();
    if (req.method === 'POST') return create(req, res);
    if (req.method === 'GET' || req.method === 'HEAD') return read(req, res);
    if (req.method === 'DELETE') return remove(req, res);
    throw new ApiError(405, 'method-not-allowed', { headers: { Allow: 'GET, POST, DELETE' } });
  };
}
