import { isAllowedReader, type ReaderPolicy } from '@trust/access-policy';
import type { AuthApi } from './sdk';
import { createServerSession, hasServerSession } from './session';

const ATTEMPT_KEY = 'trust.auth.sessionAttempt';

/**
 * After the identity provider has signed the reader in: exchange a fresh ID token for the
 * server's session cookie. A reader the rule does not allow is not sent to the server at all
 * (it would refuse with 403); the 'Not allowed' screen follows from the reader's state.
 */
export async function createSessionFromCurrentUser(api: AuthApi, policy: ReaderPolicy): Promise<boolean> {
  if (!isAllowedReader(api.currentReader(), policy)) return false;
  const token = await api.idToken(true);
  if (!token) return false;
  await createServerSession(token);
  return true;
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
