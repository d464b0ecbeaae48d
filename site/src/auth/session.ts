import { CodedError } from './errors';

/**
 * The spec's token-sync contract: the ID token goes once to the site server, which answers
 * with an HttpOnly session cookie (or 403 for a reader who may not read the docs).
 */
export async function createServerSession(idToken: string): Promise<void> {
  const response = await fetch('/api/session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Authorization: `Bearer ${idToken}` },
  });
  if (response.ok) return;
  if (response.status === 403) throw new CodedError('session/not-allowed');
  if (response.status === 401) throw new CodedError('session/stale');
  if (response.status === 429) throw new CodedError('session/rate-limited');
  throw new CodedError('session/unavailable');
}

export async function hasServerSession(): Promise<boolean> {
  const response = await fetch('/api/session', { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new CodedError('session/unavailable');
  return ((await response.json()) as { active?: boolean }).active === true;
}

export async function deleteServerSession(): Promise<void> {
  await fetch('/api/session', { method: 'DELETE', credentials: 'same-origin' });
}
