import {
  ACCESS_REQUEST_API_PATH,
  EMAIL_LINK_API_PATH,
  REFUSAL_REASONS,
  SESSION_API_PATH,
  type AccessRequestBody,
  type AccessRequestErrorCode,
  type MailboxProofAnswer,
  type MailboxProofErrorCode,
  type MailboxProofRequest,
  type RefusalReason,
  type SessionRefusal,
  type SessionState,
} from '@trust/access-policy';
import { CodedError } from './codedError';

/**
 * What the server said when its access rule refused the reader: the address it saw, why
 * (`unsecured`: the account's mailbox has not been proven on this site yet, so ways in someone
 * else may have added to it still stand), and the reader's request for access.
 */
export type Refusal = Omit<SessionRefusal, 'error'>;

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
    const body = (await response.json().catch(() => ({}))) as Partial<SessionRefusal>;
    const reason = REFUSAL_REASONS.includes(body.reason as RefusalReason) ? body.reason! : 'not-admitted';
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
 * The server's answers to a mailbox proof, as the codes the sign-in screens explain (the
 * provider's own, for the same cases). Every code the server may send is here: a new one does
 * not compile until it is.
 */
const PROOF_ERRORS: Record<MailboxProofErrorCode, string> = {
  'link-invalid': 'auth/invalid-action-code',
  'link-expired': 'auth/expired-action-code',
  'wrong-address': 'auth/invalid-email',
  'link-required': 'auth/argument-error',
  suspended: 'auth/user-disabled',
  'not-a-mailbox-proof': 'session/not-allowed',
  'invalid-token': 'session/stale',
  unavailable: 'session/unavailable',
  'rate-limited': 'session/rate-limited',
  'cross-origin': 'session/unavailable',
  'body-too-large': 'auth/argument-error',
  'body-not-json-object': 'auth/argument-error',
  'method-not-allowed': 'session/unavailable',
};

/**
 * Proves to the server that the reader owns the mailbox: the e-mail link's address and code
 * (the server redeems the link itself), or the ID token of a sign-in with the university's own
 * provider. The server secures the account at the first proof and answers a sign-in link of its
 * own, which the browser signs in with.
 */
export async function proveMailbox(proof: MailboxProofRequest | { idToken: string }): Promise<string> {
  const response = await fetch(EMAIL_LINK_API_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: 'idToken' in proof ? { Authorization: `Bearer ${proof.idToken}` } : { 'Content-Type': 'application/json' },
    ...('idToken' in proof ? {} : { body: JSON.stringify(proof) }),
  });
  const body = (await response.json().catch(() => ({}))) as Partial<MailboxProofAnswer> & { error?: string };
  if (response.ok && typeof body.link === 'string') return body.link;
  throw new CodedError(PROOF_ERRORS[body.error as MailboxProofErrorCode] ?? 'session/unavailable');
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
  const body = (await response.json()) as Partial<SessionState>;
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

/**
 * The server's refusals of a request for access, as the codes the 'Not allowed' screen explains.
 * `null`: nothing to explain (the request exists, or the reader needs none).
 */
const REQUEST_ERRORS: Record<AccessRequestErrorCode, string | null> = {
  refused: 'request/note-required',
  unverified: 'session/not-allowed',
  unsecured: 'session/not-allowed',
  'already-allowed': null,
  'already-requested': null,
  'sign-in-required': 'session/stale',
  'rate-limited': 'session/rate-limited',
  unavailable: 'session/unavailable',
  'cross-origin': 'session/unavailable',
  'body-too-large': 'request/note-required',
  'body-not-json-object': 'request/note-required',
  'method-not-allowed': 'session/unavailable',
};

/** A refused reader asks the centre for access; resolves once the request is recorded. */
export async function requestAccess(idToken: string, note: string, page: string): Promise<void> {
  const request: AccessRequestBody = { note, page };
  const response = await fetch(ACCESS_REQUEST_API_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (response.ok) return;
  const { error } = (await response.json().catch(() => ({}))) as { error?: string };
  const code =
    error && error in REQUEST_ERRORS ? REQUEST_ERRORS[error as AccessRequestErrorCode] : 'session/unavailable';
  if (code !== null) throw new CodedError(code);
}
