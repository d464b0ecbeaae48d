import { ACCESS_REQUEST_API_PATH, EMAIL_LINK_API_PATH, SESSION_API_PATH } from '@trust/access-policy';
import { CodedError } from './errors';

/** What the server said when its access rule refused the reader: the address it saw, and why. */
export interface Refusal {
  email: string | null;
  reason: 'unverified' | 'not-admitted' | 'invitation-ended';
  /** For an invitation that ended: its last day. */
  until?: string;
  /** The reader's request for access, if they made one, and what became of it. */
  request?: { outcome: 'open' | 'approved' | 'declined'; at: string };
}

/** The server's refusal of a reader; any other failure is thrown as a `CodedError`. */
export class RefusedError extends CodedError {
  constructor(readonly refusal: Refusal) {
    super('session/not-allowed');
  }
}

async function postToken(path: string, idToken: string): Promise<Response> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Authorization: `Bearer ${idToken}` },
  });
  if (response.ok) return response;
  if (response.status === 403) {
    const body = (await response.json().catch(() => ({}))) as Partial<Refusal>;
    const reason = body.reason === 'unverified' || body.reason === 'invitation-ended' ? body.reason : 'not-admitted';
    throw new RefusedError({
      email: typeof body.email === 'string' ? body.email : null,
      reason,
      ...(reason === 'invitation-ended' && typeof body.until === 'string' ? { until: body.until } : {}),
      ...(body.request && typeof body.request.at === 'string' ? { request: body.request } : {}),
    });
  }
  if (response.status === 401) throw new CodedError('session/stale');
  if (response.status === 429) throw new CodedError('session/rate-limited');
  throw new CodedError('session/unavailable');
}

/**
 * Token sync: the ID token goes once to the site server, which answers
 * with an HttpOnly session cookie (or 403 for a reader who may not read the docs).
 */
export async function createServerSession(idToken: string): Promise<void> {
  await postToken(SESSION_API_PATH, idToken);
}

/**
 * After an e-mail-link sign-in: the server ends any password on the account and every earlier
 * session, and answers with a custom token to sign in again with.
 */
export async function secureEmailLinkAccount(idToken: string): Promise<string> {
  const body = (await (await postToken(EMAIL_LINK_API_PATH, idToken)).json()) as { customToken?: unknown };
  if (typeof body.customToken !== 'string') throw new CodedError('session/unavailable');
  return body.customToken;
}

export interface ServerSession {
  active: boolean;
  /** The address of the reader the session belongs to, when active. */
  email: string | null;
  /** Whether that reader manages access (as of the session's last check; the admins' API checks again). */
  isAdmin: boolean;
}

export async function readServerSession(): Promise<ServerSession> {
  const response = await fetch(SESSION_API_PATH, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new CodedError('session/unavailable');
  const body = (await response.json()) as { active?: boolean; email?: string | null; admin?: boolean };
  return {
    active: body.active === true,
    email: body.active === true ? (body.email ?? null) : null,
    isAdmin: body.active === true && body.admin === true,
  };
}

export async function hasServerSession(): Promise<boolean> {
  return (await readServerSession()).active;
}

export async function deleteServerSession(): Promise<void> {
  await fetch(SESSION_API_PATH, { method: 'DELETE', credentials: 'same-origin' });
}

/** A refused reader asks the centre for access; resolves once the request is recorded. */
export async function requestAccess(idToken: string, note: string): Promise<void> {
  const response = await fetch(ACCESS_REQUEST_API_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ note }),
  });
  if (response.ok || response.status === 409) return;
  if (response.status === 429) throw new CodedError('session/rate-limited');
  if (response.status === 400) throw new CodedError('request/note-required');
  throw new CodedError('session/unavailable');
}
