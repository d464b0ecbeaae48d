import { cert, applicationDefault, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import type { ServerConfig } from '../config.js';
import type { IdentityVerifier, VerifiedIdentity } from './verifier.js';

function toIdentity(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    email: decoded.email,
    emailVerified: decoded.email_verified === true,
    authTime: decoded.auth_time,
    expiresAt: decoded.exp,
  };
}

/**
 * The Firebase Admin SDK as the identity verifier. Public keys are fetched once and cached by
 * the SDK, so verifying a session cookie makes no network call on the hot path.
 */
export function createFirebaseVerifier(config: ServerConfig): IdentityVerifier {
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  const keyFile = process.env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  const app: App = initializeApp(
    {
      projectId: config.firebase.projectId,
      ...(config.firebase.emulatorHost ? {} : { credential: keyFile ? cert(keyFile) : applicationDefault() }),
    },
    `site-server-${Math.random().toString(36).slice(2)}`,
  );
  const auth = getAuth(app);
  return {
    verifyIdToken: async (idToken) => toIdentity(await auth.verifyIdToken(idToken, true)),
    createSessionCookie: (idToken, maxAgeMs) => auth.createSessionCookie(idToken, { expiresIn: maxAgeMs }),
    verifySessionCookie: async (cookie, checkRevoked) =>
      toIdentity(await auth.verifySessionCookie(cookie, checkRevoked)),
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
  };
}
