import { createHash } from 'node:crypto';
import type { Invitation } from '@trust/access-policy';
import { jwtPart } from '../../testkit/jwt.mjs';
import {
  revokedCredential,
  type IdentityVerifier,
  type MailboxProof,
  type SecuredMailbox,
  type VerifiedIdentity,
} from '../src/session/verifier.js';

/** How the provider's network behaves: answers, hangs, refuses, answers late, fails every other call, or faults. */
export type ProviderMode =
  | { kind: 'ok' }
  | { kind: 'hang' }
  | { kind: 'refuse' }
  | { kind: 'slow'; ms: number }
  | { kind: 'flap' }
  /** A fault inside verification: an error with no code, as a bug would throw. */
  | { kind: 'fault' };

/** An account as the provider holds it now; tests change it to see whether sessions follow. */
export interface FakeAccount {
  email: string | undefined;
  emailVerified: boolean;
  disabled: boolean;
  /** Whole seconds, as Firebase keeps `tokensValidAfterTime`: sessions signed in earlier are revoked. */
  validSinceSeconds: number;
  /** The account's password, when it has one the test knows of. */
  password: string | null;
  /** The centre's invitation, as the Admin SDK would read it from the account's claims. */
  invitation?: Invitation | null;
  /** When the mailbox owner's first proof secured the account (seconds), or null: never. */
  securedAt: number | null;
  /** Ways in other than the password and e-mail links (`github.com`, `phone`…). */
  providers: string[];
  /** Whether the account may manage access (the `admin` claim). */
  isAdmin?: boolean;
}

interface TokenOptions {
  verified?: boolean;
  /** Seconds since the epoch. */
  authTime?: number;
  /** `firebase.sign_in_provider`: `password` unless said otherwise. */
  provider?: string;
}

type Kind = 'id-token' | 'session-cookie';

/** Each token's own signature, as a real one differs from token to token. */
const sign = (header: string, payload: string) =>
  createHash('sha256').update(`fake provider:${header}.${payload}`).digest('base64url');
const HEADER = jwtPart({ alg: 'RS256', kid: 'fake', typ: 'JWT' });

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

function forge(
  kind: Kind,
  email: string,
  { verified = true, authTime = Math.floor(Date.now() / 1000), provider = 'password' }: TokenOptions,
) {
  const payload = jwtPart({
    aud: kind,
    sub: email,
    email,
    email_verified: verified,
    auth_time: authTime,
    firebase: { sign_in_provider: provider },
  });
  return `${HEADER}.${payload}.${sign(HEADER, payload)}`;
}

/**
 * The one stand-in for Firebase Authentication in the server's tests. Tokens and cookies are
 * JWT-shaped (`FakeProvider.idToken`, `FakeProvider.sessionCookie`) and decoded the way the Admin
 * SDK decodes them, including its uncoded `SyntaxError` for a payload that is not JSON; anything
 * not signed by this fake fails with the SDK's code. Accounts can be changed, disabled or revoked
 * (in whole seconds, as Firebase compares), and the network can hang, refuse, be slow, flap, or
 * be held until the test lets it through.
 */
export class FakeProvider implements IdentityVerifier {
  mode: ProviderMode = { kind: 'ok' };
  /** Calls that reached the provider over the network. */
  calls = 0;
  sessionCookieCalls = 0;
  revocationChecks = 0;
  readonly accounts = new Map<string, FakeAccount>();
  #gate: Promise<void> = Promise.resolve();
  #open: () => void = () => {};

  constructor(private readonly now: () => number = Date.now) {}

  static idToken(email: string, options: TokenOptions = {}): string {
    return forge('id-token', email, options);
  }

  static sessionCookie(email: string, options: TokenOptions = {}): string {
    return forge('session-cookie', email, options);
  }

  /** Holds every network call until `release()`. */
  hold(): void {
    this.#gate = new Promise<void>((resolve) => (this.#open = resolve));
  }

  release(): void {
    this.#open();
  }

  /**
   * The account behind a uid (the e-mail its first token names), created on first sight with that
   * token's claims.
   */
  account(uid: string, firstSeen: Partial<FakeAccount> = {}): FakeAccount {
    let account = this.accounts.get(uid);
    if (!account) {
      account = {
        email: uid,
        emailVerified: true,
        disabled: false,
        validSinceSeconds: 0,
        password: null,
        securedAt: 0,
        providers: [],
        ...firstSeen,
      };
      this.accounts.set(uid, account);
    }
    return account;
  }

  async #network(): Promise<void> {
    this.calls += 1;
    await this.#gate;
    const mode = this.mode;
    if (mode.kind === 'hang') return new Promise<void>(() => {});
    if (mode.kind === 'refuse' || (mode.kind === 'flap' && this.calls % 2 === 0))
      throw coded('connect ECONNREFUSED', 'app/network-error');
    if (mode.kind === 'fault') throw new TypeError("Cannot read properties of undefined (reading 'uid')");
    if (mode.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, mode.ms));
  }

  #decode(value: string, kind: Kind): VerifiedIdentity {
    const parts = value.split('.');
    if (parts.length !== 3) throw coded('Decoding failed.', 'auth/argument-error');
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString()) as { kid?: string };
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString()) as Record<string, unknown>;
    // Read before any check, as the SDK does: a `null` payload throws its uncoded TypeError.
    const audience = payload.aud;
    if (!header.kid) throw coded('No "kid" claim.', 'auth/argument-error');
    if (parts[2] !== sign(parts[0]!, parts[1]!) || audience !== kind)
      throw coded('Invalid signature.', 'auth/argument-error');
    const email = String(payload.email);
    const uid = String(payload.sub);
    this.account(uid, { email, emailVerified: payload.email_verified === true });
    return {
      uid,
      email,
      emailVerified: payload.email_verified === true,
      authTime: Number(payload.auth_time),
      expiresAt: Math.floor(this.now() / 1000) + 3600,
      signInProvider: String((payload.firebase as { sign_in_provider?: unknown } | undefined)?.sign_in_provider),
      securedAt: null,
    };
  }

  /** The identity as the account is now: what a re-check reads from the user record. */
  #current(identity: VerifiedIdentity, kind: Kind): VerifiedIdentity {
    const account = this.account(identity.uid);
    if (account.disabled) throw coded('The user account has been disabled.', 'auth/user-disabled');
    const now: VerifiedIdentity = {
      ...identity,
      email: account.email,
      emailVerified: account.emailVerified,
      invitation: account.invitation ?? null,
      isAdmin: account.isAdmin === true,
      securedAt: account.securedAt,
    };
    if (identity.authTime < account.validSinceSeconds || identity.authTime < (account.securedAt ?? 0))
      throw revokedCredential(kind === 'id-token' ? 'auth/id-token-revoked' : 'auth/session-cookie-revoked', now);
    return now;
  }

  async verifyIdToken(idToken: string): Promise<VerifiedIdentity> {
    const identity = this.#decode(idToken, 'id-token');
    await this.#network();
    return this.#current(identity, 'id-token');
  }

  async createSessionCookie(idToken: string): Promise<string> {
    this.#decode(idToken, 'id-token');
    await this.#network();
    this.sessionCookieCalls += 1;
    const [header, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const session = jwtPart({ ...claims, aud: 'session-cookie' });
    return `${header}.${session}.${sign(header!, session)}`;
  }

  async verifySessionCookie(cookie: string, checkRevoked: boolean): Promise<VerifiedIdentity> {
    const identity = this.#decode(cookie, 'session-cookie');
    if (!checkRevoked) return identity;
    await this.#network();
    this.revocationChecks += 1;
    return this.#current(identity, 'session-cookie');
  }

  async revokeSessions(uid: string): Promise<void> {
    await this.#network();
    this.account(uid).validSinceSeconds = Math.floor(this.now() / 1000);
  }

  /** E-mail links sent, by one-time code: the address each was sent to, and whether it was used. */
  readonly sentLinks = new Map<string, { email: string; used: boolean }>();
  /** Sign-in links the server was handed by `secureMailbox`, newest last. */
  readonly issuedLinks: { uid: string; link: string }[] = [];

  /** "Sends" an e-mail link to the address and answers its one-time code. */
  sendLink(email: string): string {
    const code = `code-${this.sentLinks.size + 1}`;
    this.sentLinks.set(code, { email, used: false });
    return code;
  }

  /** Sign-in links "e-mailed" by the provider: to whom, where they return, in which language. */
  readonly mailedLinks: { email: string; continueUrl: string; locale: string }[] = [];

  async mailSignInLink(email: string, continueUrl: string, locale: string): Promise<void> {
    await this.#network();
    this.mailedLinks.push({ email, continueUrl, locale });
  }

  async secureMailbox(proof: MailboxProof): Promise<SecuredMailbox> {
    await this.#network();
    let uid: string;
    if (proof.kind === 'email-link') {
      const sent = this.sentLinks.get(proof.oobCode);
      if (!sent || sent.used) throw coded('INVALID_OOB_CODE', 'auth/invalid-action-code');
      if (sent.email !== proof.email.toLowerCase()) throw coded('INVALID_EMAIL', 'auth/invalid-email');
      sent.used = true;
      uid = sent.email;
      this.account(uid, { email: sent.email, securedAt: null }).emailVerified = true;
    } else uid = proof.uid;
    const account = this.account(uid);
    if (account.disabled) throw coded('USER_DISABLED', 'auth/user-disabled');
    let removed: string[] | null = null;
    if (account.securedAt === null) {
      removed = [...(account.password ? ['password'] : []), ...account.providers];
      account.password = null;
      account.providers = [];
      account.validSinceSeconds = Math.floor(this.now() / 1000);
      account.securedAt = account.validSinceSeconds;
    }
    const link = `https://fake.example/action?mode=signIn&oobCode=issued-${this.issuedLinks.length + 1}&apiKey=k`;
    this.issuedLinks.push({ uid, link });
    return { uid, email: account.email!, securedAt: account.securedAt, removed, link };
  }
}
