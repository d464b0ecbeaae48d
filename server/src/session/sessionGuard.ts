import type { ReaderPolicy, SessionEnd } from '@trust/access-policy';
import { refusalOf } from './admission.js';
import { accountOfRevoked, classifyFailure, type IdentityVerifier, type VerifiedIdentity } from './verifier.js';

/**
 * `none` with `ended`: a session cookie that worked once and no longer does, and why, so the
 * sign-in page can tell its reader; without it, no cookie, or one that never was a session.
 */
export type SessionCheck =
  { kind: 'allowed'; identity: VerifiedIdentity } | { kind: 'none'; ended?: SessionEnd } | { kind: 'unavailable' };

const NO_SESSION: SessionCheck = { kind: 'none' };
/** One answer object for each way a session ends, so that a refused cookie's answer allocates nothing. */
const ENDED = {
  'signed-out': { kind: 'none', ended: 'signed-out' },
  'signed-out-elsewhere': { kind: 'none', ended: 'signed-out-elsewhere' },
  suspended: { kind: 'none', ended: 'suspended' },
  expired: { kind: 'none', ended: 'expired' },
  'invitation-ended': { kind: 'none', ended: 'invitation-ended' },
  'no-longer-admitted': { kind: 'none', ended: 'no-longer-admitted' },
} as const satisfies Record<SessionEnd, SessionCheck>;

/** The provider's refusal of a session cookie that was genuine, as the way its session ended. */
const ENDED_BY_PROVIDER: Readonly<Record<string, SessionCheck>> = {
  'auth/session-cookie-revoked': ENDED['signed-out-elsewhere'],
  'auth/user-disabled': ENDED.suspended,
  'auth/session-cookie-expired': ENDED.expired,
};

interface CachedSession {
  /** The whole cookie: the key is only its end, so a hit is confirmed against this. */
  cookie: string;
  /** The answer itself, so a cache hit allocates nothing. */
  answer: { kind: 'allowed'; identity: VerifiedIdentity };
  expiresAtMs: number;
  revocationCheckedAt: number;
}

const MAX_CACHED = 10_000;

/** How much of a cookie's end keys the caches: part of its signature, as good as random. */
const KEY_LENGTH = 48;

/**
 * Cache keys are the last characters of the cookie, not a digest (hashing every request would
 * cost more than the rest of the lock) nor the whole cookie (a Map hashes every character of a
 * string key, and a session cookie is about 1 KB). A hit is confirmed against the whole cookie,
 * so a cookie that merely ends the same way is never taken for another, nor refused for another's
 * sign-out.
 */
const keyOf = (cookie: string) => (cookie.length > KEY_LENGTH ? cookie.slice(-KEY_LENGTH) : cookie);

/**
 * Decides whether a session cookie belongs to an allowed reader. Good results are kept by
 * cookie until the next revocation check is due and never past the cookie's expiry, so
 * a valid session costs a map lookup; revoked or disabled accounts are caught at
 * that check, at most `revocationCheckMs` later.
 */
export class SessionGuard {
  readonly #cache = new Map<string, CachedSession>();
  /**
   * Checks under way, by cookie: when a session's re-check falls due under load, every request
   * that carries it waits for the same provider call instead of making its own.
   */
  readonly #pending = new Map<string, Promise<SessionCheck>>();
  /**
   * Cookies signed out on this instance, with their expiry, refused until then. Firebase compares
   * a revocation with the sign-in time in whole seconds, so signing out in the same second as
   * signing in revokes nothing there; and a check under way during the sign-out must not cache
   * its older answer. Keyed by the cookie's end and confirmed against the whole cookie: a look-alike
   * (the emulator's unsigned cookies of one account end alike) goes on to its own check, which
   * says why its session ended, if it did.
   */
  readonly #signedOut = new Map<string, Array<{ cookie: string; until: number }>>();
  /**
   * Cookies the provider or the rule refused at a check, until the next check would be due: a
   * cookie revoked on another instance, or of a reader no longer admitted, costs one provider call
   * per interval, not one per request. Keyed by the cookie's end and confirmed against the whole
   * cookie, like the good answers.
   */
  readonly #refused = new Map<string, { cookie: string; until: number; answer: SessionCheck }>();
  /** Accounts whose sessions this instance revoked, with the second it did so. */
  readonly #revoked = new Map<string, number>();

  constructor(
    private readonly verifier: IdentityVerifier,
    private readonly policy: ReaderPolicy,
    private readonly revocationCheckMs: number,
    private readonly now: () => number = Date.now,
    private readonly outageGraceMs = 0,
  ) {}

  /**
   * The answer when it needs no call to the provider (no cookie, or a cached good session that
   * is neither expired nor due for its revocation check); undefined otherwise. Lets the server
   * answer the common case without a promise.
   */
  checkCached(cookie: string | undefined): SessionCheck | undefined {
    if (!cookie) return NO_SESSION;
    const key = keyOf(cookie);
    if (this.#signedOut.size > 0 && this.#isSignedOut(cookie, key)) return ENDED['signed-out'];
    if (this.#refused.size > 0) {
      const refused = this.#refusedAnswer(cookie, key);
      if (refused) return refused;
    }
    const cached = this.#cache.get(key);
    if (!cached || cached.cookie !== cookie) return undefined;
    const now = this.now();
    if (now >= cached.expiresAtMs) {
      this.#cache.delete(key);
      return ENDED.expired;
    }
    return now - cached.revocationCheckedAt < this.revocationCheckMs ? cached.answer : undefined;
  }

  async check(cookie: string | undefined): Promise<SessionCheck> {
    const known = this.checkCached(cookie);
    if (known || !cookie) return known ?? NO_SESSION;
    // Firebase session cookies are JWTs: anything else is not worth a call to the provider.
    if (!/^[\w.-]+$/.test(cookie)) return NO_SESSION;
    const key = keyOf(cookie);
    // Checks under way are keyed by the whole cookie: a look-alike must not share another's answer.
    const pending = this.#pending.get(cookie);
    if (pending) return pending;
    const checking = this.#verify(cookie, key).finally(() => {
      if (this.#pending.get(cookie) === checking) this.#pending.delete(cookie);
    });
    this.#pending.set(cookie, checking);
    return checking;
  }

  /**
   * The session as the provider sees it now, cache or not: for what must not act on an answer up
   * to one re-check old (an admin's change). A provider outage answers `unavailable`, with no
   * grace. The fresh answer replaces the cached one, so pages follow it too.
   */
  async checkNow(cookie: string | undefined): Promise<SessionCheck> {
    if (!cookie || !/^[\w.-]+$/.test(cookie)) return NO_SESSION;
    const key = keyOf(cookie);
    if (this.#isSignedOut(cookie, key)) return ENDED['signed-out'];
    return this.#refusedAnswer(cookie, key) ?? this.#verify(cookie, key, false);
  }

  async #verify(cookie: string, key: string, isGraceAllowed = true): Promise<SessionCheck> {
    const now = this.now();
    let identity: VerifiedIdentity;
    try {
      identity = await this.verifier.verifySessionCookie(cookie, true);
    } catch (error) {
      const failure = classifyFailure(error);
      // A fault in this server is neither a signed-out reader nor an outage to ride out.
      if (failure === 'unexpected') throw error;
      if (failure === 'invalid-credential') {
        // A revocation that came with a change of access ended the session for that change.
        const account = accountOfRevoked(error);
        const answer =
          (account && this.#endedByRule(account, now)) ??
          ENDED_BY_PROVIDER[(error as { code: string }).code] ??
          NO_SESSION;
        this.#forgetCached(cookie, key);
        this.#refuse(cookie, key, answer);
        return answer;
      }
      // The provider cannot be asked: a session verified before (its signature and expiry were
      // checked then, its expiry still is) is served a little longer; only revocation waits.
      const cached = this.#cache.get(key);
      const later = this.now();
      if (
        isGraceAllowed &&
        cached?.cookie === cookie &&
        later < cached.expiresAtMs &&
        later - cached.revocationCheckedAt < this.revocationCheckMs + this.outageGraceMs
      )
        return cached.answer;
      return { kind: 'unavailable' };
    }
    // A revocation that came with a change of access (an invitation revoked here) ended the
    // session for that change, as when the provider reports the revocation itself.
    const ended = this.#isSignedOut(cookie, key)
      ? ENDED['signed-out']
      : (this.#endedByRule(identity, now) ?? (this.#isRevoked(identity) ? ENDED['signed-out-elsewhere'] : null));
    if (ended) {
      this.#forgetCached(cookie, key);
      this.#refuse(cookie, key, ended);
      return ended;
    }
    if (this.#cache.size >= MAX_CACHED) this.#cache.delete(this.#cache.keys().next().value!);
    const answer = { kind: 'allowed' as const, identity };
    this.#cache.set(key, { cookie, answer, expiresAtMs: identity.expiresAt * 1000, revocationCheckedAt: now });
    return answer;
  }

  /** Drops a cached answer, but only this cookie's: a look-alike must not evict another's. */
  #forgetCached(cookie: string, key: string): void {
    if (this.#cache.get(key)?.cookie === cookie) this.#cache.delete(key);
  }

  /** A verified session the access rule no longer admits, as the way it ended; null when it still does. */
  #endedByRule(identity: VerifiedIdentity, now: number): SessionCheck | null {
    const refusal = refusalOf(identity, this.policy, now);
    if (refusal === null) return null;
    return refusal === 'invitation-ended' ? ENDED['invitation-ended'] : ENDED['no-longer-admitted'];
  }

  #refuse(cookie: string, key: string, answer: SessionCheck): void {
    if (this.#refused.size >= MAX_CACHED) this.#refused.delete(this.#refused.keys().next().value!);
    this.#refused.set(key, { cookie, until: this.now() + this.revocationCheckMs, answer });
  }

  /** The answer a cookie refused at its last check still gets, until its next check is due. */
  #refusedAnswer(cookie: string, key: string): SessionCheck | undefined {
    const refused = this.#refused.get(key);
    if (refused === undefined || refused.cookie !== cookie) return undefined;
    if (this.now() < refused.until) return refused.answer;
    this.#refused.delete(key);
    return undefined;
  }

  #isSignedOut(cookie: string, key: string): boolean {
    const signedOut = this.#signedOut.get(key);
    if (signedOut === undefined) return false;
    const now = this.now();
    const current = signedOut.filter((each) => now < each.until);
    if (current.length === 0) this.#signedOut.delete(key);
    else if (current.length < signedOut.length) this.#signedOut.set(key, current);
    return current.some((each) => each.cookie === cookie);
  }

  /**
   * This instance has just revoked the account's sessions: every session of it signed in before
   * `atMs` is refused here at once (compared in whole seconds, as the provider does), a check
   * already under way included; other instances follow at their re-check.
   */
  revokeAccount(uid: string, atMs: number): void {
    if (this.#revoked.size >= MAX_CACHED) this.#revoked.delete(this.#revoked.keys().next().value!);
    this.#revoked.set(uid, Math.floor(atMs / 1000));
    for (const [key, cached] of this.#cache) if (cached.answer.identity.uid === uid) this.#cache.delete(key);
  }

  #isRevoked(identity: VerifiedIdentity): boolean {
    const since = this.#revoked.get(identity.uid);
    return since !== undefined && identity.authTime < since;
  }

  /** Refuses a verified cookie from now until it expires (`expiresAtMs`): its reader signed out. */
  signOut(cookie: string, expiresAtMs: number): void {
    const key = keyOf(cookie);
    if (this.#signedOut.size >= MAX_CACHED) this.#signedOut.delete(this.#signedOut.keys().next().value!);
    this.#signedOut.set(key, [...(this.#signedOut.get(key) ?? []), { cookie, until: expiresAtMs }]);
    this.#forgetCached(cookie, key);
    this.#pending.delete(cookie);
  }
}
