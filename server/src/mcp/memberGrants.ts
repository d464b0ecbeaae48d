import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { ReaderPolicy } from '@trust/access-policy';
import { accessClaimsOf, claimsFit, MAX_CLAIMS_CHARS } from '../accountClaims.js';
import { refusalOf } from '../session/admission.js';
import { isMailboxSuspended } from '../session/firebaseVerifier.js';
import type { VerifiedIdentity } from '../session/verifier.js';

/**
 * One assistant a member allowed, kept on the member's account (custom claims), in as few bytes
 * as the claims' 1,000-byte limit asks: the client's key (`clientKey`), its name, the grant's id,
 * the generation of its current refresh token, the code not yet redeemed, when it was allowed, when
 * it was last used, and the stamp of the exchange that wrote it.
 * Allowing the same client again replaces its grant (and so ends the refresh tokens of the old).
 */
export interface ClientGrant {
  c: string;
  n: string;
  i: string;
  g: number;
  k?: string;
  t: number;
  /**
   * When the client was last used (seconds since the epoch): its first search or page read, then
   * each renewal of its ten-minute access token, which an assistant at work asks for; so its last
   * use to that precision, without a write per tool call. Unset until that first call.
   */
  u?: number;
  /** Which exchange wrote the current generation: read back to find a rival on another instance. */
  w?: string;
}

/** How many assistants one member may have allowed at a time: the claims have room for so many. */
export const MAX_CLIENTS_PER_MEMBER = 4;
/** A client's name as kept on the account and shown to its member and the admins. */
const CLIENT_NAME_LENGTH = 40;

/**
 * A client's name as the account keeps it: what a person can read, without control or format
 * characters (each would cost six of the claims' characters once escaped, and shows nothing), its
 * spaces collapsed, at most `CLIENT_NAME_LENGTH` characters.
 */
export const clientNameOf = (name: string | undefined): string =>
  (name ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CLIENT_NAME_LENGTH);

/** The account has no room for another grant: its claims would pass what Firebase keeps. */
export class AssistantsFull extends Error {
  override name = 'AssistantsFull';
  constructor(uid: string) {
    super(`The claims of ${uid} would pass ${MAX_CLAIMS_CHARS} characters with another assistant.`);
  }
}

/** The account as it is now, with what the MCP side reads of it. */
export interface MemberAccount {
  identity: VerifiedIdentity;
  disabled: boolean;
  /** Sessions and tokens from before this second are revoked (sign-out everywhere, securing). */
  validSince: number;
  grants: ClientGrant[];
}

/** Why a token or a grant no longer gives access, as the audit trail and the errors say it. */
export type GrantRefusal =
  | 'suspended'
  | 'address-changed'
  | 'signed-out-everywhere'
  | 'client-revoked'
  | 'unverified'
  | 'unsecured'
  | 'invitation-ended'
  | 'not-admitted'
  | 'no-account';

export interface MemberGrants {
  /** The account now; `null` when there is none. */
  account(uid: string): Promise<MemberAccount | null>;
  /**
   * Changes the account's grants: `change` gets them as they are and answers the new list, or
   * `null` to change nothing. Answers what was written (or kept); `AssistantsFull` when the
   * account's claims have no room for the new list.
   */
  update(uid: string, change: (grants: ClientGrant[]) => ClientGrant[] | null): Promise<ClientGrant[]>;
}

function grantsOf(user: Pick<UserRecord, 'customClaims'>): ClientGrant[] {
  const raw = (user.customClaims as { mcp?: unknown } | undefined)?.mcp;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (grant): grant is ClientGrant =>
      typeof grant === 'object' &&
      grant !== null &&
      typeof (grant as ClientGrant).c === 'string' &&
      typeof (grant as ClientGrant).i === 'string' &&
      typeof (grant as ClientGrant).g === 'number',
  );
}

function accountOf(user: UserRecord, mailboxSuspended: boolean): MemberAccount {
  const claims = accessClaimsOf(user);
  return {
    identity: {
      uid: user.uid,
      email: user.email,
      emailVerified: user.emailVerified,
      authTime: 0,
      expiresAt: 0,
      signInProvider: 'oauth',
      invitation: claims.invitation ?? null,
      isAdmin: claims.admin === true,
      request: claims.request ?? null,
      securedAt: claims.secured ?? null,
    },
    disabled: user.disabled || mailboxSuspended || claims.suspension !== undefined,
    validSince: Math.max(
      user.tokensValidAfterTime ? Math.floor(Date.parse(user.tokensValidAfterTime) / 1000) : 0,
      claims.secured ?? 0,
    ),
    grants: grantsOf(user),
  };
}

/** Grants kept in Firebase Authentication, where every instance reads the same truth. */
export function createMemberGrants(auth: Auth): MemberGrants {
  /** Each account's change under way, so that the next one starts after it. */
  const updating = new Map<string, Promise<void>>();
  const read = async (uid: string): Promise<UserRecord | null> => {
    try {
      return await auth.getUser(uid);
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return null;
      throw error;
    }
  };
  return {
    async account(uid) {
      const user = await read(uid);
      if (!user) return null;
      return accountOf(user, user.email ? await isMailboxSuspended(auth, user.email) : false);
    },
    update(uid, change) {
      // The claims are read, then written whole: two changes of one account at once would lose
      // one. On this instance they wait for each other; across instances the window is that of
      // one read and one write (Firebase offers no compare-and-set on claims).
      const run = async () => {
        const user = await auth.getUser(uid);
        const grants = change(grantsOf(user));
        if (grants === null) return grantsOf(user);
        const rest = { ...user.customClaims };
        delete rest.mcp;
        const claims = grants.length > 0 ? { ...rest, mcp: grants } : rest;
        // Measured before writing: the provider would refuse it with an error of its own.
        if (!claimsFit(claims)) throw new AssistantsFull(uid);
        await auth.setCustomUserClaims(uid, claims);
        return grants;
      };
      const previous = updating.get(uid) ?? Promise.resolve();
      const next = previous.then(run, run);
      const settled = next.then(
        () => undefined,
        () => undefined,
      );
      updating.set(uid, settled);
      void settled.then(() => {
        if (updating.get(uid) === settled) updating.delete(uid);
      });
      return next;
    },
  };
}

/** What a token says of its grant, to hold against the account as it is now. */
export interface GrantClaims {
  email: string;
  /** When the member allowed the client (seconds since the epoch). */
  authTime: number;
  clientKey: string;
  grantId: string;
}

/**
 * Whether the account, as it is now, still gives the token's grant access: the same rule and the
 * same account state as a session (suspension, the address and its verification, the invitation,
 * a sign-out everywhere), and the grant itself still standing (an admin or the member may end it).
 */
export function grantRefusal(
  account: MemberAccount | null,
  claims: GrantClaims,
  policy: ReaderPolicy,
  nowMs: number,
): GrantRefusal | null {
  if (!account) return 'no-account';
  if (account.disabled) return 'suspended';
  if (account.identity.email?.toLowerCase() !== claims.email.toLowerCase()) return 'address-changed';
  const refusal = refusalOf(account.identity, policy, nowMs);
  if (refusal) return refusal;
  if (claims.authTime < account.validSince) return 'signed-out-everywhere';
  const grant = account.grants.find((each) => each.c === claims.clientKey && each.i === claims.grantId);
  return grant ? null : 'client-revoked';
}
