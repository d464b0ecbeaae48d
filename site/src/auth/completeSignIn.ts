import type { AuthApi } from './sdk';
import { createServerSession, hasServerSession, RefusedError, secureEmailLinkAccount, type Refusal } from './session';

const ATTEMPT_KEY = 'trust.auth.sessionAttempt';

/**
 * After the identity provider has signed the reader in: exchange a fresh ID token for the
 * server's session cookie. The server alone applies the access rule (the browser does not hold
 * it): null when the session is open, or the server's refusal, and 'Not allowed' follows.
 */
export async function createSessionFromCurrentUser(api: AuthApi): Promise<Refusal | null> {
  const token = await api.idToken(true);
  if (!token) return { email: null, reason: 'not-admitted' };
  return refusalOf(() => createServerSession(token));
}

/**
 * Finishes an e-mail-link sign-in: signs in with the link (only as the address it was sent to),
 * lets the server secure the account, and signs in again with the token it answers. Null when
 * signed in, or the server's refusal (then nothing on the account was changed).
 */
export async function signInWithEmailLink(api: AuthApi, email: string, url: string): Promise<Refusal | null> {
  await api.signInWithLink(email, url);
  try {
    const token = await api.idToken();
    if (!token) return { email, reason: 'not-admitted' };
    let customToken: string | undefined;
    const refusal = await refusalOf(async () => {
      customToken = await secureEmailLinkAccount(token);
    });
    if (refusal) return refusal;
    await api.signInWithServerToken(customToken!);
    return null;
  } catch (error) {
    // Not left signed in with the link's own sign-in: the account is not secured until the
    // server has ended its password, and a session must not be opened before that.
    await api.signOut().catch(() => {});
    throw error;
  }
}

async function refusalOf(attempt: () => Promise<void>): Promise<Refusal | null> {
  try {
    await attempt();
    return null;
  } catch (error) {
    if (error instanceof RefusedError) return error.refusal;
    throw error;
  }
}

/**
 * Whether an automatic return to `next` may be tried now. A browser that refuses the session
 * cookie would otherwise bounce between the page and the sign-in route forever.
 */
export function mayRetryAutomatically(next: string): boolean {
  try {
    const previous = JSON.parse(window.sessionStorage.getItem(ATTEMPT_KEY) ?? 'null') as {
      next: string;
      at: number;
    } | null;
    if (previous && previous.next === next && Date.now() - previous.at < 30_000) return false;
    window.sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify({ next, at: Date.now() }));
    return true;
  } catch {
    return true;
  }
}

export { hasServerSession };
