import type { Invitation } from '@trust/access-policy';
import type { AccessRequest } from '../accountClaims.js';

/** What the server needs from the identity provider, so tests can stand in for it. */
export interface VerifiedIdentity {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  /** Seconds since the epoch. */
  authTime: number;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** How the reader signed in: `password` (also an e-mail link), `github.com`, `google.com`, `custom`… */
  signInProvider: string;
  /** The centre's invitation of this account, as the provider holds it now (not the token's copy). */
  invitation?: Invitation | null;
  /** Whether the account may manage access, as the provider holds it now. */
  isAdmin?: boolean;
  /** The account's request for access, if it made one, and its outcome. */
  request?: AccessRequest | null;
  /**
   * When the mailbox owner's proof secured the account (seconds since the epoch, as the account
   * holds it now), or null for an account never secured: no session opens for one.
   */
  securedAt: number | null;
}

/**
 * What shows that the person asking owns the account's mailbox: an e-mail link, redeemed by the
 * server itself, or a sign-in with the university's own provider for a university address (the
 * caller has checked the token and the address).
 */
export type MailboxProof =
  | { kind: 'email-link'; email: string; oobCode: string }
  | { kind: 'university-provider'; uid: string; providerId: string };

export interface SecuredMailbox {
  uid: string;
  email: string;
  /** When the account was secured: now, or at an earlier proof (seconds since the epoch). */
  securedAt: number;
  /** Whether this proof secured it (its first), and what was removed then. */
  removed: string[] | null;
  /**
   * The account this proof replaced (its first): the one anybody could have prepared before the
   * owner arrived, now gone, with every session, token and code issued for it.
   */
  replacedUid?: string;
  /** A sign-in link the server made, for the owner's browser to sign in with once. */
  link: string;
}

export interface IdentityVerifier {
  /** Verifies an ID token (signature, audience, issuer, expiry) and that it is not revoked. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  createSessionCookie(idToken: string, maxAgeMs: number): Promise<string>;
  /**
   * Verifies a session cookie locally. With `checkRevoked`, also reads the account: refused if it
   * was revoked, disabled or deleted, and otherwise the e-mail and its verification as they are
   * now, not as the cookie recorded them, so the access rule applies to the account of today.
   */
  verifySessionCookie(cookie: string, checkRevoked: boolean): Promise<VerifiedIdentity>;
  /** Ends every session of this user: cookies and refresh tokens issued before now stop working. */
  revokeSessions(uid: string): Promise<void>;
  /**
   * The account is its mailbox owner's alone from the first proof of the mailbox on: every
   * credential added before it (a password, another provider, a phone number, second factors)
   * is removed and every earlier session revoked, in a second strictly later than any of them,
   * and that second recorded on the account. Later proofs change nothing. Answers with a sign-in
   * link the server made for the owner's browser (`continueUrl` is where it returns).
   */
  secureMailbox(proof: MailboxProof, continueUrl: string): Promise<SecuredMailbox>;
  /**
   * Has the provider e-mail a sign-in link to the address, in the language given, returning to
   * `continueUrl`: how a reader whose request was approved hears of it.
   */
  mailSignInLink(email: string, continueUrl: string, locale: string): Promise<void>;
}

/**
 * A revoked session or token, with the account as it is now: the revocation may come with a
 * change of access (an invitation revoked), which is then the reason the session ended.
 */
export function revokedCredential(code: string, account: VerifiedIdentity): Error {
  return Object.assign(new Error('The session was revoked.'), { code, account });
}

/** The account a revoked credential's error carries, if any. */
export function accountOfRevoked(error: unknown): VerifiedIdentity | undefined {
  return (error as { account?: VerifiedIdentity } | null)?.account;
}

/**
 * Errors of an actual call that the provider failed to answer: it timed out, the network failed,
 * or the service answered with a server error (a missing IAM role answers so too). Only these
 * count toward pausing calls to the provider; a bad credential is an answer about the credential.
 */
const PROVIDER_FAILURE_CODES = new Set([
  'app/provider-timeout',
  'app/provider-paused',
  'app/network-error',
  'app/network-timeout',
  'app/internal-error',
  'auth/internal-error',
  'auth/insufficient-permission',
  'auth/quota-exceeded',
]);

/** What a failed call to the provider means for the request that made it. */
export type VerificationFailure = 'invalid-credential' | 'provider-failure' | 'unexpected';

/**
 * Sorts a failed verification: the provider's own `auth/*` answers mean the credential is not
 * good; the failures above mean the provider could not answer; anything else (an error with no
 * code) is a fault in this server, reported as such rather than blamed on the reader or the
 * provider.
 */
export function classifyFailure(error: unknown): VerificationFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'unexpected';
  if (PROVIDER_FAILURE_CODES.has(code)) return 'provider-failure';
  return code.startsWith('auth/') ? 'invalid-credential' : 'unexpected';
}

export function isProviderFailure(error: unknown): boolean {
  return classifyFailure(error) === 'provider-failure';
}

const isJsonObject = (segment: string): boolean => {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};

/**
 * Whether a token or session cookie is a well-formed JWT: three base64url segments whose header
 * and payload are JSON objects. The Admin SDK throws an uncoded SyntaxError or TypeError for a
 * payload that is not one, so such input is refused here as a bad credential, before the SDK.
 */
export function isJwtShaped(value: string): boolean {
  const parts = value.split('.');
  return (
    parts.length === 3 &&
    parts.every((segment) => /^[\w-]*$/.test(segment)) &&
    isJsonObject(parts[0]!) &&
    isJsonObject(parts[1]!)
  );
}

/** The error a malformed credential gets, coded as the SDK codes the ones it recognises. */
export function malformedCredential(): Error {
  return Object.assign(new Error('The credential is not a well-formed JWT.'), { code: 'auth/argument-error' });
}
