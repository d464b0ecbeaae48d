import type { IdentityVerifier, VerifiedIdentity } from '../src/session/verifier.js';

/**
 * Stands in for the identity provider: a token or cookie is `ok.<email>.<verified>.<authTime>`
 * (a forged or unknown value fails as Firebase would), and accounts can be revoked or the
 * provider made unreachable.
 */
export class FakeVerifier implements IdentityVerifier {
  revoked = new Set<string>();
  isUnreachable = false;
  sessionCookieCalls = 0;
  revocationChecks = 0;

  constructor(private readonly now: () => number = Date.now) {}

  static token(email: string, { verified = true, authTime = Math.floor(Date.now() / 1000) } = {}): string {
    return `ok.${Buffer.from(email).toString('base64url')}.${verified ? 1 : 0}.${authTime}`;
  }

  #decode(value: string, kind: 'id-token' | 'session-cookie'): VerifiedIdentity {
    if (this.isUnreachable) throw Object.assign(new Error('keys unavailable'), { code: 'app/network-error' });
    const match = /^(ok|session)\.([\w-]+)\.([01])\.(\d+)$/.exec(value);
    if (!match)
      throw Object.assign(new Error('bad'), {
        code: kind === 'id-token' ? 'auth/argument-error' : 'auth/argument-error',
      });
    const email = Buffer.from(match[2]!, 'base64url').toString();
    const authTime = Number(match[4]);
    return {
      uid: email,
      email,
      emailVerified: match[3] === '1',
      authTime,
      expiresAt: Math.floor(this.now() / 1000) + 3600,
    };
  }

  async verifyIdToken(idToken: string): Promise<VerifiedIdentity> {
    if (!idToken.startsWith('ok.')) throw Object.assign(new Error('bad'), { code: 'auth/argument-error' });
    return this.#decode(idToken, 'id-token');
  }

  async createSessionCookie(idToken: string): Promise<string> {
    this.sessionCookieCalls += 1;
    return idToken.replace(/^ok\./, 'session.');
  }

  async revokeSessions(uid: string): Promise<void> {
    if (this.isUnreachable) throw Object.assign(new Error('unreachable'), { code: 'app/network-error' });
    this.revoked.add(uid);
  }

  async verifySessionCookie(cookie: string, checkRevoked: boolean): Promise<VerifiedIdentity> {
    if (!cookie.startsWith('session.')) throw Object.assign(new Error('bad'), { code: 'auth/argument-error' });
    const identity = this.#decode(cookie, 'session-cookie');
    if (checkRevoked) {
      this.revocationChecks += 1;
      if (this.revoked.has(identity.email!))
        throw Object.assign(new Error('revoked'), { code: 'auth/session-cookie-revoked' });
    }
    return identity;
  }
}
