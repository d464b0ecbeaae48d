import { createHash } from 'node:crypto';
import { isAllowedReader, type ReaderPolicy } from '@trust/access-policy';
import { isInvalidCredentialError, type IdentityVerifier, type VerifiedIdentity } from './verifier.js';

export type SessionCheck = { kind: 'allowed'; identity: VerifiedIdentity } | { kind: 'none' } | { kind: 'unavailable' };

interface CachedSession {
  identity: VerifiedIdentity;
  revocationCheckedAt: number;
}

const MAX_CACHED = 10_000;

/**
 * Decides whether a session cookie belongs to an allowed reader. Good results are kept by the
 * cookie's hash until the next revocation check is due and never past the cookie's expiry, so
 * a valid session costs one hash and a map lookup; revoked or disabled accounts are caught at
 * that check, at most `revocationCheckMs` later.
 */
export class SessionGuard {
  readonly #cache = new Map<string, CachedSession>();

  constructor(
    private readonly verifier: IdentityVerifier,
    private readonly policy: ReaderPolicy,
    private readonly revocationCheckMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async check(cookie: string | undefined): Promise<SessionCheck> {
    if (!cookie) return { kind: 'none' };
    const key = createHash('sha256').update(cookie).digest('base64url');
    const now = this.now();
    const cached = this.#cache.get(key);
    if (cached) {
      if (now >= cached.identity.expiresAt * 1000) {
        this.#cache.delete(key);
        return { kind: 'none' };
      }
      if (now - cached.revocationCheckedAt < this.revocationCheckMs)
        return { kind: 'allowed', identity: cached.identity };
    }
    let identity: VerifiedIdentity;
    try {
      identity = await this.verifier.verifySessionCookie(cookie, true);
    } catch (error) {
      this.#cache.delete(key);
      return isInvalidCredentialError(error) ? { kind: 'none' } : { kind: 'unavailable' };
    }
    if (!isAllowedReader(identity, this.policy)) {
      this.#cache.delete(key);
      return { kind: 'none' };
    }
    if (this.#cache.size >= MAX_CACHED) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(key, { identity, revocationCheckedAt: now });
    return { kind: 'allowed', identity };
  }

  forget(cookie: string): void {
    this.#cache.delete(createHash('sha256').update(cookie).digest('base64url'));
  }
}
