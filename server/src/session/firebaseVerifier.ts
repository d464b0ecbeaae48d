import { randomBytes } from 'node:crypto';
import { cert, applicationDefault, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken, type UserRecord } from 'firebase-admin/auth';
import type { ServerConfig } from '../config.js';
import { canonicalMailbox } from '@trust/access-policy';
import type { IdentityRecord } from '@trust/access-policy/build-contract';
import { accessClaimsOf } from '../accountClaims.js';
import { PROVIDER_BODY_BYTES, PROVIDER_TIMEOUT_MS, readBoundedJson, readBoundedText } from '../http/outbound.js';
import {
  revokedCredential,
  type IdentityVerifier,
  type MailboxProof,
  type SecuredMailbox,
  type VerifiedIdentity,
} from './verifier.js';

function toIdentity(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    email: decoded.email,
    emailVerified: decoded.email_verified === true,
    authTime: decoded.auth_time,
    expiresAt: decoded.exp,
    signInProvider: decoded.firebase.sign_in_provider,
    securedAt: null,
  };
}

/** The claims of a cookie the SDK has already checked (it refused it only as revoked). */
function payloadOf(cookie: string): DecodedIdToken {
  const payload = JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString('utf8')) as DecodedIdToken;
  return { ...payload, uid: payload.sub };
}

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * The identity as the account is now. The SDK's own revocation check reads the same record but
 * returns the claims frozen in the cookie, so an address changed to an outsider's, or marked
 * unverified, would keep its session for the cookie's whole life. Revocation is compared as the
 * SDK does: `auth_time` against `tokensValidAfterTime`, both in whole seconds.
 */
async function asAccountIsNow(
  auth: Auth,
  decoded: DecodedIdToken,
  user: UserRecord,
  revokedCode: string,
): Promise<VerifiedIdentity> {
  if (user.disabled) throw coded('The account is disabled.', 'auth/user-disabled');
  const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) / 1000 : 0;
  const claims = accessClaimsOf(user);
  const account: VerifiedIdentity = {
    ...toIdentity(decoded),
    email: user.email,
    emailVerified: user.emailVerified,
    invitation: claims.invitation ?? null,
    isAdmin: claims.admin === true,
    request: claims.request ?? null,
    securedAt: claims.secured ?? null,
  };
  if (decoded.auth_time < validSince || decoded.auth_time < (claims.secured ?? 0))
    throw revokedCredential(revokedCode, account);
  if (claims.address !== undefined && user.email?.toLowerCase() !== claims.address) {
    await putAddressBack(auth, user, claims.address);
    throw revokedCredential(revokedCode, account);
  }
  // A token from a way in the mailbox owner did not bring.
  if (claims.secured !== undefined && !isOwnersWayIn(decoded, user, claims.ways ?? []))
    throw revokedCredential(revokedCode, account);
  if (user.email && (await isMailboxSuspended(auth, user.email)))
    throw coded('The mailbox is suspended.', 'auth/user-disabled');
  return account;
}

/**
 * A secured account found answering to another address than the one its owner proved: nothing
 * on this site changes a member's address, so somebody asked the provider for it (a change code
 * sent before the owner arrived can still be applied afterwards). The address is put back, when no
 * other account has taken it, and every session and token of the account ends: whoever holds one
 * now may have signed in through the other address.
 */
async function putAddressBack(auth: Auth, user: UserRecord, address: string): Promise<void> {
  try {
    await auth.updateUser(user.uid, { email: address, emailVerified: true });
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/email-already-exists') throw error;
  }
  await auth.revokeRefreshTokens(user.uid);
}

/**
 * Whether a secured account's token comes from a way in its mailbox owner brought, and that the
 * account still has: an e-mail link or a password (the `password` provider: a password can only be
 * set again through the mailbox), a token the server issued, or the identity whose sign-in proved
 * the mailbox (`ways`, recorded when the account was secured). Any other identity found on the
 * account was not there at the proof, and the server cannot tell who added it (the emulator even
 * signs an identity unlinked at the proof back in to the account it was linked to); a token from a
 * way in the account no longer has (a refreshed token of a credential since removed) counts for
 * nothing either.
 */
function isOwnersWayIn(decoded: DecodedIdToken, user: UserRecord, ways: string[]): boolean {
  const provider = decoded.firebase.sign_in_provider;
  if (provider === 'custom') return true;
  if (!user.providerData.some((each) => each.providerId === provider)) return false;
  if (provider === 'password') return true;
  const identities = (decoded.firebase.identities as Record<string, unknown[]> | undefined)?.[provider] ?? [];
  return identities.some((id) => ways.includes(`${provider}:${String(id)}`));
}

/**
 * Whether another spelling of this address (`+tag`, which the university's mail delivers to the
 * same mailbox) belongs to a suspended account: a suspension applies to the mailbox. Costs a
 * look-up only for addresses that are not their own mailbox's canonical spelling.
 */
export async function isMailboxSuspended(auth: Auth, email: string): Promise<boolean> {
  const mailbox = canonicalMailbox(email);
  if (mailbox === email.toLowerCase()) return false;
  try {
    const owner = await auth.getUserByEmail(mailbox);
    return owner.disabled || accessClaimsOf(owner).suspension !== undefined;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

/** The provider's public REST API, as the browser SDK calls it with the project's Web API key. */
const toolkitBase = (emulatorHost: string | null) =>
  emulatorHost ? `http://${emulatorHost}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';

/**
 * Has the provider send its own sign-in-link e-mail (`accounts:sendOobCode`, as the browser SDK's
 * `sendSignInLinkToEmail` does), in the reader's language.
 */
async function mailSignInLink(
  identity: IdentityRecord,
  emulatorHost: string | null,
  email: string,
  continueUrl: string,
  locale: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(
      `${toolkitBase(emulatorHost)}/v1/accounts:sendOobCode?key=${encodeURIComponent(identity.apiKey)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Firebase-Locale': locale },
        body: JSON.stringify({ requestType: 'EMAIL_SIGNIN', email, continueUrl, canHandleCodeInApp: true }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      },
    );
  } catch (error) {
    throw coded(`The identity provider could not be reached: ${(error as Error).message}`, 'app/network-error');
  }
  if (!response.ok)
    throw coded(
      `The sign-in link was not sent (${response.status} ${(await readBoundedText(response, PROVIDER_BODY_BYTES)) ?? ''})`,
      'app/internal-error',
    );
  await response.body?.cancel().catch(() => undefined);
}

/** Firebase's answers to redeeming an e-mail link, as the browser SDK codes them. */
const LINK_ERRORS: Record<string, string> = {
  INVALID_OOB_CODE: 'auth/invalid-action-code',
  EXPIRED_OOB_CODE: 'auth/expired-action-code',
  INVALID_EMAIL: 'auth/invalid-email',
  USER_DISABLED: 'auth/user-disabled',
};

/**
 * Redeems an e-mail link as the browser SDK would (`accounts:signInWithEmailLink`), so that the
 * server itself witnesses the proof: an ID token cannot tell a link sign-in from a password one.
 * Answers the account's uid; the tokens Firebase mints here are discarded (and revoked with the
 * rest when the account is secured). An account with second factors answers a pending
 * credential instead of tokens, which is proof enough of the mailbox.
 */
async function redeemEmailLink(identity: IdentityRecord, emulatorHost: string | null, email: string, oobCode: string) {
  const base = toolkitBase(emulatorHost);
  let response: Response;
  try {
    response = await fetch(`${base}/v1/accounts:signInWithEmailLink?key=${encodeURIComponent(identity.apiKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, oobCode }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw coded(`The identity provider could not be reached: ${(error as Error).message}`, 'app/network-error');
  }
  const body = ((await readBoundedJson(response, PROVIDER_BODY_BYTES)) ?? {}) as {
    localId?: unknown;
    error?: { message?: unknown };
  };
  if (response.ok && typeof body.localId === 'string') return body.localId;
  const message = String(body.error?.message ?? '');
  const code = LINK_ERRORS[message.split(' ')[0]!];
  if (code) throw coded(`The e-mail link was refused: ${message}`, code);
  throw coded(`Redeeming the e-mail link failed (${response.status} ${message})`, 'app/internal-error');
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
export function createFirebaseVerifier(
  auth: Auth,
  identity: IdentityRecord,
  emulatorHost: string | null,
): IdentityVerifier {
  /**
   * The first proof of the mailbox. Anybody can prepare an account for a university address
   * before its owner arrives (a password through the public API, then GitHub or a phone linked to
   * it, a second factor), and the provider keeps honouring what was issued for that account: an
   * e-mail change the outsider asked for can still be applied with its code, and the emulator even
   * exchanges a refresh token from before a revocation for a new ID token. So the owner gets a
   * fresh account: the old one's address is moved aside, a new account takes it (with the claims
   * the centre set, and the university's own identity when that was the proof), and the old
   * account is deleted, so that every code, token and credential issued for it points nowhere.
   * Answers what the old account held besides the owner's proof.
   */
  async function secure(
    user: UserRecord,
    keptProvider: string | null,
  ): Promise<{ uid: string; securedAt: number; removed: string[] }> {
    const email = user.email!;
    const kept = user.providerData.find((provider) => provider.providerId === keptProvider);
    const removed = [
      ...(user.providerData.some((provider) => provider.providerId === 'password') ? ['password'] : []),
      ...user.providerData
        .map((provider) => provider.providerId)
        .filter((id) => id !== 'password' && id !== 'phone' && id !== keptProvider),
      ...(user.phoneNumber ? ['phone'] : []),
      ...((user.multiFactor?.enrolledFactors.length ?? 0) > 0 ? ['second-factors'] : []),
    ];
    await auth.updateUser(user.uid, { email: `replaced-${user.uid.toLowerCase()}@accounts.invalid`, disabled: true });
    let fresh: UserRecord | undefined;
    for (let attempt = 0; !fresh; attempt += 1) {
      try {
        fresh = await auth.createUser({ email, emailVerified: true, password: randomBytes(32).toString('base64url') });
      } catch (error) {
        // Someone signed the address up in the moment it was free: that account is not the owner's.
        if (attempt >= 2 || (error as { code?: string }).code !== 'auth/email-already-exists') throw error;
        await auth.deleteUser((await auth.getUserByEmail(email)).uid);
      }
    }
    if (kept)
      await auth.updateUser(fresh.uid, {
        providerToLink: { providerId: kept.providerId, uid: kept.uid, email: kept.email ?? email },
      });
    const securedAt = Math.floor(Date.now() / 1000);
    const ways = kept ? [`${kept.providerId}:${kept.uid}`] : [];
    const carried: Record<string, unknown> = { ...user.customClaims };
    delete carried.mcp;
    await auth.setCustomUserClaims(fresh.uid, { ...carried, secured: securedAt, ways, address: email.toLowerCase() });
    await auth.deleteUser(user.uid);
    return { uid: fresh.uid, securedAt, removed };
  }

  return {
    // The account is read as it is now (its grants too), not as the token recorded it.
    verifyIdToken: async (idToken) => {
      const decoded = await auth.verifyIdToken(idToken, false);
      return asAccountIsNow(auth, decoded, await auth.getUser(decoded.uid), 'auth/id-token-revoked');
    },
    createSessionCookie: (idToken, maxAgeMs) => auth.createSessionCookie(idToken, { expiresIn: maxAgeMs }),
    verifySessionCookie: async (cookie, checkRevoked) => {
      let decoded: DecodedIdToken;
      try {
        decoded = await auth.verifySessionCookie(cookie, false);
      } catch (error) {
        // Against the emulator the SDK checks revocation itself, after the rest of the cookie:
        // the account as it is now still says whether a change of access came with it.
        if (!checkRevoked || (error as { code?: string }).code !== 'auth/session-cookie-revoked') throw error;
        decoded = payloadOf(cookie);
      }
      return checkRevoked
        ? asAccountIsNow(auth, decoded, await auth.getUser(decoded.uid), 'auth/session-cookie-revoked')
        : toIdentity(decoded);
    },
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
    mailSignInLink: (email, continueUrl, locale) => mailSignInLink(identity, emulatorHost, email, continueUrl, locale),
    async secureMailbox(proof: MailboxProof, continueUrl: string): Promise<SecuredMailbox> {
      const uid =
        proof.kind === 'email-link'
          ? await redeemEmailLink(identity, emulatorHost, proof.email, proof.oobCode)
          : proof.uid;
      const user = await auth.getUser(uid);
      if (!user.email) throw coded('The account has no e-mail address.', 'auth/invalid-email');
      const earlier = accessClaimsOf(user).secured;
      const done =
        earlier === undefined
          ? await secure(user, proof.kind === 'university-provider' ? proof.providerId : null)
          : { uid, securedAt: earlier, removed: null };
      const link = await auth.generateSignInWithEmailLink(user.email, { url: continueUrl, handleCodeInApp: true });
      return {
        uid: done.uid,
        email: user.email,
        securedAt: done.securedAt,
        removed: done.removed,
        link,
        ...(done.uid === uid ? {} : { replacedUid: uid }),
      };
    },
  };
}
