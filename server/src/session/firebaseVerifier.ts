import { randomBytes } from 'node:crypto';
import { cert, applicationDefault, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken, type UserRecord } from 'firebase-admin/auth';
import type { ServerConfig } from '../config.js';
import { accessClaimsOf } from '../access/grants.js';
import type { IdentityVerifier, VerifiedIdentity } from './verifier.js';

function toIdentity(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    email: decoded.email,
    emailVerified: decoded.email_verified === true,
    authTime: decoded.auth_time,
    expiresAt: decoded.exp,
    signInProvider: decoded.firebase.sign_in_provider,
  };
}

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * The identity as the account is now. The SDK's own revocation check reads the same record but
 * returns the claims frozen in the cookie, so an address changed to an outsider's, or marked
 * unverified, would keep its session for the cookie's whole life. Revocation is compared as the
 * SDK does: `auth_time` against `tokensValidAfterTime`, both in whole seconds.
 */
function asAccountIsNow(decoded: DecodedIdToken, user: UserRecord, revokedCode: string): VerifiedIdentity {
  if (user.disabled) throw coded('The account is disabled.', 'auth/user-disabled');
  const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) / 1000 : 0;
  if (decoded.auth_time < validSince) throw coded('The session was revoked.', revokedCode);
  const claims = accessClaimsOf(user);
  return {
    ...toIdentity(decoded),
    email: user.email,
    emailVerified: user.emailVerified,
    invitation: claims.invitation ?? null,
    isAdmin: claims.admin === true,
    request: claims.request ?? null,
  };
}

/** The Admin SDK's Auth for this server's project: the emulator's outside production. */
export function createFirebaseAuth(config: ServerConfig): Auth {
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  const keyFile = process.env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  const app: App = initializeApp(
    {
      projectId: config.firebase.projectId,
      ...(config.firebase.emulatorHost ? {} : { credential: keyFile ? cert(keyFile) : applicationDefault() }),
    },
    `site-server-${Math.random().toString(36).slice(2)}`,
  );
  return getAuth(app);
}

/**
 * The Firebase Admin SDK as the identity verifier. Public keys are fetched once and cached by
 * the SDK, so verifying a session cookie makes no network call on the hot path.
 */
export function createFirebaseVerifier(auth: Auth): IdentityVerifier {
  return {
    // The account is read as it is now (its grants too), not as the token recorded it.
    verifyIdToken: async (idToken) => {
      const decoded = await auth.verifyIdToken(idToken, false);
      return asAccountIsNow(decoded, await auth.getUser(decoded.uid), 'auth/id-token-revoked');
    },
    createSessionCookie: (idToken, maxAgeMs) => auth.createSessionCookie(idToken, { expiresIn: maxAgeMs }),
    verifySessionCookie: async (cookie, checkRevoked) => {
      const decoded = await auth.verifySessionCookie(cookie, false);
      return checkRevoked
        ? asAccountIsNow(decoded, await auth.getUser(decoded.uid), 'auth/session-cookie-revoked')
        : toIdentity(decoded);
    },
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
    async reissueWithoutPassword(uid) {
      // A password change bumps the account's valid-since time itself; the explicit revocation
      // makes sure of it whatever the backend does, before the new token is minted.
      await auth.updateUser(uid, { password: randomBytes(32).toString('base64url') });
      await auth.revokeRefreshTokens(uid);
      return auth.createCustomToken(uid);
    },
  };
}
