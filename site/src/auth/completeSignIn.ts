import { CodedError } from './codedError';
import type { AuthApi } from './sdk';
import { createServerSession, hasServerSession, proveMailbox, RefusedError, type Refusal } from './session';

const ATTEMPT_KEY = 'trust.auth.sessionAttempt';

/**
 * After the identity provider has signed the reader in: exchange a fresh ID token for the
 * server's session cookie. The server alone applies the access rule (the browser does not hold
 * it): null when the session is open, or the server's refusal, and 'Not allowed' follows. A
 * first sign-in with the university's own account is also the proof of its mailbox the server
 * asks for before it opens a session: given it, the server secures the account and answers a
 * link to sign in with again.
 */
export async function createSessionFromCurrentUser(api: AuthApi): Promise<Refusal | null> {
  const token = await api.idToken(true);
  if (!token) return { email: null, reason: 'not-admitted' };
  const refusal = await refusalOf(() => createServerSession(token));
  if (refusal?.reason !== 'unsecured' || !refusal.email) return refusal;
  let link: string;
  try {
    link = await proveMailbox({ idToken: token });
  } catch {
    // Not a sign-in the server takes as proof: 'Not allowed' offers a sign-in link instead.
    return refusal;
  }
  await api.signInWithLink(refusal.email, link);
  const fresh = await api.idToken(true);
  return fresh ? refusalOf(() => createServerSession(fresh)) : refusal;
}

/**
 * Finishes an e-mail-link sign-in. The server redeems the link itself (an ID token cannot tell a
 * link sign-in from a password one) and, at the first proof of the mailbox, secures the account;
 * the browser then signs in with the link the server answers. The access rule is asked after,
 * when the session is opened.
 */
export async function completeLinkSignIn(api: AuthApi, email: string, url: string): Promise<void> {
  const oobCode = api.linkCode(url);
  if (!oobCode) throw new CodedError('auth/argument-error');
  const link = await proveMailbox({ email, oobCode });
  await api.signInWithLink(email, link);
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
