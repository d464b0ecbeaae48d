import { CodedError } from './errors';
import type { AuthApi } from './sdk';
import { createServerSession, hasServerSession } from './session';

const ATTEMPT_KEY = 'trust.auth.sessionAttempt';

/**
 * After the identity provider has signed the reader in: exchange a fresh ID token for the
 * server's session cookie. The server alone applies the access rule (the browser does not hold
 * it): false when it refuses this reader, and the 'Not allowed' screen follows.
 */
export async function createSessionFromCurrentUser(api: AuthApi): Promise<boolean> {
  const token = await api.idToken(true);
  if (!token) return false;
  try {
    await createServerSession(token);
    return true;
  } catch (error) {
    if (error instanceof CodedError && error.code === 'session/not-allowed') return false;
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
