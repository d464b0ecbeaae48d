/** What the server needs from the identity provider, so tests can stand in for it. */
export interface VerifiedIdentity {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  /** Seconds since the epoch. */
  authTime: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface IdentityVerifier {
  /** Verifies an ID token (signature, audience, issuer, expiry) and that it is not revoked. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  createSessionCookie(idToken: string, maxAgeMs: number): Promise<string>;
  /** Verifies a session cookie locally; with `checkRevoked`, also asks whether it was revoked or the user disabled. */
  verifySessionCookie(cookie: string, checkRevoked: boolean): Promise<VerifiedIdentity>;
  /** Ends every session of this user: cookies and refresh tokens issued before now stop working. */
  revokeSessions(uid: string): Promise<void>;
}

/**
 * Errors that mean "this token or cookie is not good" (treated as signed out), as opposed to
 * the provider being unreachable (503).
 */
const INVALID_CREDENTIAL_CODES = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/session-cookie-expired',
  'auth/session-cookie-revoked',
  'auth/invalid-session-cookie-duration',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/invalid-argument',
]);

export function isInvalidCredentialError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && INVALID_CREDENTIAL_CODES.has(code);
}
