/**
 * The contract between the browser and the server's APIs: what each request sends, what each
 * answer holds, and every error code, as unions both sides import, so a code one side sends and
 * the other does not know is a compile error, not a message that never shows.
 */

/** Every refusal or failure is `{ error }`; a change the admins' API refuses says why in `code`. */
interface ErrorBody<Code extends ApiErrorCode> {
  error: Code;
}

/**
 * The catalogue: every code an API of this site answers an error with, each spelled here once, in
 * the group it belongs to. Each API's own list below is made of these, the browser's messages are
 * typed over those lists, and the server's error answers take no code outside the catalogue.
 */
export type ApiErrorCode =
  CommonErrorCode | CredentialErrorCode | MailboxProofRefusal | AccessRefusal | AssistantErrorCode;

/**
 * What any API may answer, whatever it does: a request from another origin than the site's own
 * pages, of a method it does not take, with a body too large or not a JSON object, past the
 * client's rate, or the identity provider unable to answer.
 */
type CommonErrorCode =
  'cross-origin' | 'method-not-allowed' | 'body-too-large' | 'body-not-json-object' | 'rate-limited' | 'unavailable';

/**
 * The reader's credential: no token, an ID token the provider refuses, a sign-in too long ago to
 * open a session with, no session (or ID token) of a reader the API serves.
 */
type CredentialErrorCode = 'missing-token' | 'invalid-token' | 'stale-sign-in' | 'sign-in-required';

/** A proof of the mailbox refused (`wrong-address`: a link opened with another address than its own). */
type MailboxProofRefusal =
  'link-invalid' | 'link-expired' | 'wrong-address' | 'link-required' | 'suspended' | 'not-a-mailbox-proof';

/**
 * What the access rule and the centre refuse: a reader (`not-allowed`, a `SessionRefusal`), an
 * admin's or a reader's change (`refused`, a `RefusedChange` whose `code` says why), and the rest.
 */
type AccessRefusal =
  | 'not-allowed'
  | 'not-admin'
  | 'unverified'
  | 'unsecured'
  | 'already-allowed'
  | 'already-requested'
  | 'refused'
  | 'not-found';

/** A member's assistants: no room for another, a connect request that does not verify or expired, none by that key. */
type AssistantErrorCode = 'assistants-full' | 'request-invalid' | 'request-expired' | 'no-assistant';

/** A part of the catalogue: a code spelled here that is not in it does not compile. */
type CodesOf<Codes extends ApiErrorCode> = Codes;

/** What an API's error answer holds: a code of the catalogue, and for two of them what they carry. */
export type ApiErrorBody = ErrorBody<PlainErrorCode> | SessionRefusal | RefusedChange;

/** The codes whose answer is the code alone. */
export type PlainErrorCode = Exclude<ApiErrorCode, 'not-allowed' | 'refused'>;

/** Why the server refuses a genuine identity. */
export type RefusalReason = 'unverified' | 'unsecured' | 'invitation-ended' | 'not-admitted';
export const REFUSAL_REASONS: readonly RefusalReason[] = [
  'unverified',
  'unsecured',
  'invitation-ended',
  'not-admitted',
];

type RequestOutcome = 'open' | 'approved' | 'declined';

/**
 * Why a session ended without its reader signing out in this browser, as the server saw it when
 * the session cookie stopped working; the sign-in page it sends the reader to (`?ended=`) says so.
 * `signed-out`: this browser's own sign-out, which the page names the same way.
 */
export type SessionEnd =
  'signed-out' | 'signed-out-elsewhere' | 'suspended' | 'expired' | 'invitation-ended' | 'no-longer-admitted';
export const SESSION_ENDS: readonly SessionEnd[] = [
  'signed-out',
  'signed-out-elsewhere',
  'suspended',
  'expired',
  'invitation-ended',
  'no-longer-admitted',
];

// `/api/session`: POST (Bearer ID token) → 204 and the cookie; GET → SessionState; DELETE → 204.

/** `403` from `POST /api/session`: the address seen and why, and the reader's request for access. */
export interface SessionRefusal extends ErrorBody<'not-allowed'> {
  email: string | null;
  reason: RefusalReason;
  /** For an invitation that ended: its last day. */
  until?: string;
  request?: { outcome: RequestOutcome; at: string; reason?: string };
}

export interface SessionState {
  active: boolean;
  email?: string | null;
  admin?: boolean;
}

// `/api/session/email-link`: POST the proof of the mailbox → a sign-in link the server made.

/** An e-mail link's address and one-time code (or, instead, a Bearer ID token of the university's sign-in). */
export interface MailboxProofRequest {
  email: string;
  oobCode: string;
}

export interface MailboxProofAnswer {
  email: string;
  link: string;
}

export type MailboxProofErrorCode = MailboxProofRefusal | CodesOf<'invalid-token'> | CommonErrorCode;

// `/api/access-request`: POST (Bearer ID token) a note → 201 and the request.

export interface AccessRequestBody {
  note: string;
  /** The page the reader asked for (a path of this site). */
  page?: string;
}

export type AccessRequestErrorCode =
  | CodesOf<'sign-in-required' | 'unverified' | 'unsecured' | 'already-allowed' | 'already-requested' | 'refused'>
  | CommonErrorCode;

// `/api/admin/*`: GET access → AccessPage; POST <action> with AdminChangeBody → { done }.

export type AdminAction = 'invite' | 'revoke' | 'suspend' | 'restore' | 'approve' | 'decline' | 'disconnect';

export interface AdminChangeBody {
  email: string;
  /** `disconnect`: the key of the assistant whose access ends. */
  client?: string;
  /** `invite`, `approve`: the invitation's last day, `YYYY-MM-DD`. */
  until?: string;
  /** `invite`: the invitation's note. */
  note?: string;
  /** `invite`: the language of the sign-in link e-mailed to the guest (the admin page's). */
  locale?: 'en' | 'es';
  /** `suspend`: why; `decline`: why, shown to the person who asked. */
  reason?: string;
}

/** Why the admins' API or the access command refused a change (`400 {error: 'refused', code, message}`). */
export type AccessErrorCode =
  | 'bad-address'
  | 'text-required'
  | 'text-too-long'
  | 'no-account'
  | 'already-admitted'
  | 'bad-date'
  | 'past-date'
  | 'too-far'
  | 'no-invitation'
  | 'self-suspend'
  | 'not-suspended'
  | 'request-open'
  | 'no-open-request'
  | 'needs-until'
  | 'no-assistant';

interface RefusedChange extends ErrorBody<'refused'> {
  code: AccessErrorCode;
  message: string;
}

export type AdminErrorCode = CodesOf<'sign-in-required' | 'not-admin' | 'not-found'> | CommonErrorCode;

/** What the admin page explains: a refused change's code, or the API's own error. */
export type AdminAnswerCode = AccessErrorCode | AdminErrorCode;

/**
 * What an account is to the access rule and the centre, one row each: an admin, an invited guest,
 * a suspended account, an open request for access, a request the centre has answered, a member
 * the rule admits by address, or an account with no access.
 */
export type AccessKind = 'admin' | 'invited' | 'suspended' | 'request' | 'decided' | 'member' | 'no-access';
export const ACCESS_KINDS: readonly AccessKind[] = [
  'request',
  'admin',
  'member',
  'invited',
  'suspended',
  'decided',
  'no-access',
];

/** One row of the admins' list and of `npm run access list`. */
export interface AccessEntry {
  email: string;
  /** The mailbox the address delivers to (`canonicalMailbox`): accounts that share one are one person's. */
  mailbox: string;
  kind: AccessKind;
  /** The last day of an invitation (`YYYY-MM-DD`). */
  until: string | null;
  /** Who invited, suspended, or answered the request. */
  by: string | null;
  /** The last sign-in; null for an account that has never signed in. */
  lastSignIn: string | null;
  /** The invitation's note, the suspension's reason, the request's words, or a decline's reason. */
  note: string | null;
  /** Whether the provider holds the address as verified. */
  verified: boolean;
  /** A request: when it was made; an answered one: when it was answered (ISO 8601). */
  at: string | null;
  /** A request: the page the reader asked for. */
  page: string | null;
  /** An answered request: how; in the admins' list, also on the row that stands for its account. */
  outcome: 'approved' | 'declined' | null;
  /** The AI assistants the account has allowed, oldest first. */
  assistants: ConnectedAssistant[];
  /** In the admins' list, one row per person: the other kinds of row true of the same account. */
  also?: AccessKind[];
}

/**
 * An AI assistant a member allowed: the key that names it, its own name, when it was allowed and
 * when it last signed in with its grant (ISO 8601; null before its first token).
 */
export interface ConnectedAssistant {
  key: string;
  name: string;
  allowedAt: string;
  lastUsedAt: string | null;
}

// `GET /api/admin/access?q=&kind=&offset=`: one page of the accounts that match.

/** How many rows one page of the admins' list holds. */
export const ACCESS_PAGE_SIZE = 50;

export interface AccessPage {
  entries: AccessEntry[];
  /** Rows that match the search, by kind (before the kind is chosen), and in all. */
  counts: Record<AccessKind, number>;
  total: number;
  /** Where this page starts among the rows of the chosen kind that match, and how many there are. */
  offset: number;
  matching: number;
}

// `/api/connect`: GET ?request=… → ConnectRequestView; POST { request, decision } → ConnectAnswer.

/** What the connect page shows: the assistant asking, where it will return, and who is signed in. */
export interface ConnectRequestView {
  /** The name the client gave itself (unverified, shown as such beside its address). */
  clientName: string;
  /** Where the client's metadata lives (a metadata document's host) or `registered` for a registered one. */
  clientHost: string;
  /** The origin (scheme, host and port) the answer goes back to. */
  redirectOrigin: string;
  /** The signed-in member's address (only a reader the rule admits has a session). */
  email: string;
}

/** Where the browser goes next: the client's redirect URI with a code, or with `error=access_denied`. */
export interface ConnectAnswer {
  redirect: string;
}

export type ConnectErrorCode =
  /** `assistants-full`: the member's account has no room for another assistant; one must be disconnected first. */
  CodesOf<'sign-in-required' | 'assistants-full' | 'request-invalid' | 'request-expired'> | CommonErrorCode;

// `/api/assistants`: GET → MemberAssistants; POST AssistantDisconnectBody → MemberAssistants.

/** The signed-in member's own assistants, oldest first. */
export interface MemberAssistants {
  email: string;
  assistants: ConnectedAssistant[];
}

export interface AssistantDisconnectBody {
  /** The key of the assistant whose access ends. */
  client: string;
}

export type AssistantsErrorCode = CodesOf<'sign-in-required' | 'no-assistant'> | CommonErrorCode;
