import { ACCESS_REQUEST_API_PATH, EMAIL_LINK_API_PATH, SESSION_API_PATH } from '@trust/access-policy';
import { CodedError } from './errors';

/**
 * Why: `unverified`, `unsecured` (the account's mailbox has not been proven on this site yet, so
 * credentials someone else may have added to it still stand), `invitation-ended`, `not-admitted`.
 */
export type RefusalReason = 'unverified' | 'unsecured' | 'not-admitted' | 'invitation-ended';

const REASONS: readonly RefusalReason[] = ['unverified', 'unsecured', 'not-admitted', 'invitation-ended'];

/** What the server said when its access rule refused the reader: the address it saw, and why. */
export interface Refusal {
  email: string | null;
  reason: RefusalReason;
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
    const reason = REASONS.includes(body.reason as RefusalReason) ? body.reason! : 'not-admitted';
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

/** The server's refusals of a mailbox proof, as the provider's own codes for the same cases. */
const PROOF_ERRORS: Record<string, string> = {
  'link-invalid': 'auth/invalid-action-code',
  'link-expired': 'auth/expired-action-code',
  'wrong-address': 'auth/invalid-email',
  'link-required': 'auth/argument-error',
  suspended: 'auth/user-disabled',
  'not-a-mailbox-proof': 'session/not-allowed',
};

/**
 * Proves to the server that the reader owns the mailbox: the e-mail link's address and code
 * (the server redeems the link itself), or the ID token of a sign-in with the university's own
 * provider. The server secures the account at the first proof and answers a sign-in link of its
 * own, which the browser signs in with.
 */
export async function proveMailbox(proof: { email: string; oobCode: string } | { idToken: string }): Promise<string> {
  const response = await fetch(EMAIL_LINK_API_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: 'idToken' in proof ? { Authorization: `Bearer ${proof.idToken}` } : { 'Content-Type': 'application/json' },
    ...('idToken' in proof ? {} : { body: JSON.stringify(proof) }),
  });
  const body = (await response.json().catch(() => ({}))) as { link?: unknown; error?: unknown };
  if (response.ok && typeof body.link === 'string') return body.link;
  if (response.status === 429) throw new CodedError('session/rate-limited');
  throw new CodedError(PROOF_ERRORS[String(body.error)] ?? 'session/unavailable');
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
