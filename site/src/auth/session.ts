import { SESSION_API_PATH } from '@trust/access-policy';
import { CodedError } from './errors';

/**
 * Token sync: the ID token goes once to the site server, which answers
 * with an HttpOnly session cookie (or 403 for a reader who may not read the docs).
 */
export async function createServerSession(idToken: string): Promise<void> {
  const response = await fetch(SESSION_API_PATH, {
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

export interface ServerSession {
  active: boolean;
  /** The address of the reader the session belongs to, when active. */
  email: string | null;
}

export async function readServerSession(): Promise<ServerSession> {
  const response = await fetch(SESSION_API_PATH, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new CodedError('session/unavailable');
  const body = (await response.json()) as { active?: boolean; email?: string | null };
  return { active: body.active === true, email: body.active === true ? (body.email ?? null) : null };
}

export async function hasServerSession(): Promise<boolean> {
  return (await readServerSession()).active;
}

export async function deleteServerSession(): Promise<void> {
  await fetch(SESSION_API_PATH, { method: 'DELETE', credentials: 'same-origin' });
}
