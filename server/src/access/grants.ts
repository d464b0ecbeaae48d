import type { Auth, UserRecord } from 'firebase-admin/auth';
import {
  accessClaimsOf,
  claimsFit,
  connectedAssistants,
  type AccessClaims,
  type AccessRequest,
} from '../accountClaims.js';
import { accountEntries, scanAccounts } from './directory.js';
import {
  canonicalMailbox,
  type AccessErrorCode,
  invitationEndsAt,
  isAdmittedByDomain,
  type AccessEntry,
  type ConnectedAssistant,
  type AccessKind,
  type Invitation,
  type ReaderPolicy,
} from '@trust/access-policy';

/** A refused change, with a reason fit for one line and a code for translated messages. */
export class AccessError extends Error {
  override name = 'AccessError';
  constructor(
    readonly code: AccessErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** One change of access, as the audit trail records it. */
export interface AccessChange {
  action:
    | 'invite'
    | 'revoke'
    | 'suspend'
    | 'restore'
    | 'admin-granted'
    | 'admin-removed'
    | 'request-approved'
    | 'request-declined'
    | 'assistant-disconnected';
  /** The account changed. */
  target: string;
  uid: string;
  /** Who changed it. */
  by: string;
  until?: string;
  reason?: string;
  note?: string;
  /** An approved request: the page the reader asked for. */
  page?: string;
  /** A disconnected assistant: its name and key. */
  client?: string;
  /** An invitation given again while the one before still stood: that one's last day. */
  previousUntil?: string;
}

/** What `list` shows: the rows the centre made, not every account of the university. */
const GRANT_KINDS = new Set<AccessKind>(['admin', 'invited', 'suspended', 'request']);

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MAX_INVITATION_DAYS = 366;
const MAX_TEXT = 200;

/**
 * Control characters (terminal escapes among them) and the characters that reorder text
 * (bidirectional overrides and isolates): a note is shown in an operator's terminal and on the
 * admin page, where such characters would repaint the screen or disguise the words around them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text as it may be shown anywhere: unsafe characters become a space, runs of space one. */
export function plainText(value: string): string {
  return value.replace(UNSAFE_TEXT, ' ').replace(/ {2,}/g, ' ').trim();
}

function without(claims: AccessClaims, key: keyof AccessClaims): AccessClaims {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => name !== key)) as AccessClaims;
}

function address(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new AccessError('bad-address', `"${raw}" is not an e-mail address.`);
  return email;
}

/** A page of this site a request names, kept short; anything else is dropped, not refused. */
function pagePath(raw: string | undefined): string | undefined {
  const value = raw === undefined ? '' : plainText(raw);
  return value.startsWith('/') && !value.startsWith('//') ? value.slice(0, 120) : undefined;
}

function text(label: string, raw: string | undefined, isRequired: boolean): string | undefined {
  const value = raw === undefined ? undefined : plainText(raw);
  if (!value) {
    if (isRequired) throw new AccessError('text-required', `A ${label} is required.`);
    return undefined;
  }
  if (value.length > MAX_TEXT)
    throw new AccessError('text-too-long', `The ${label} is longer than ${MAX_TEXT} characters.`);
  return value;
}

/**
 * The operations on access: the operators' command and the admin page call these, and each
 * change returns what the audit trail records of it. Checks happen before anything is written.
 */
export function createGrants(auth: Auth, policy: ReaderPolicy, now: () => number = Date.now) {
  async function account(raw: string): Promise<UserRecord> {
    const email = address(raw);
    try {
      return await auth.getUserByEmail(email);
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found')
        throw new AccessError('no-account', `No account has the address ${email}.`);
      throw error;
    }
  }

  /** The account's claims after `change`, refused before anything is written when Firebase would refuse them. */
  function changedClaims(user: UserRecord, change: (claims: AccessClaims) => AccessClaims): object {
    const others = { ...(user.customClaims ?? {}) };
    delete others.admin;
    delete others.invitation;
    delete others.suspension;
    delete others.request;
    delete others.secured;
    delete others.ways;
    const claims = { ...others, ...change(accessClaimsOf(user)) };
    if (!claimsFit(claims))
      throw new AccessError(
        'text-too-long',
        `What ${user.email ?? user.uid} would then hold is longer than the identity provider keeps: shorten the note or reason.`,
      );
    return claims;
  }

  async function setClaims(user: UserRecord, change: (claims: AccessClaims) => AccessClaims): Promise<void> {
    await auth.setCustomUserClaims(user.uid, changedClaims(user, change));
  }

  /** The account of the mailbox itself (not a `+tag` spelling of it), made disabled when none exists. */
  async function mailboxAccount(email: string): Promise<UserRecord> {
    try {
      return await auth.getUserByEmail(email);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      return auth.createUser({ email, emailVerified: false, disabled: true });
    }
  }

  const stamp = () => new Date(now()).toISOString();

  function checkInvitation(email: string, until: string): void {
    if (isAdmittedByDomain(email, policy))
      throw new AccessError(
        'already-admitted',
        `${email} is already admitted by the access rule; it needs no invitation.`,
      );
    const endsAt = invitationEndsAt(until);
    if (Number.isNaN(endsAt)) throw new AccessError('bad-date', `"${until}" is not a date (YYYY-MM-DD).`);
    if (endsAt <= now()) throw new AccessError('past-date', `${until} is in the past.`);
    if (endsAt > now() + MAX_INVITATION_DAYS * 86_400_000)
      throw new AccessError('too-far', `${until} is more than a year ahead.`);
  }

  return {
    /**
     * Invites an address outside the domains until the end of `until` (UTC). Without an account
     * yet, one is made for the address, unverified and without a password: the guest's first
     * e-mail-link sign-in verifies it.
     */
    async invite(rawEmail: string, until: string, rawNote: string | undefined, by: string): Promise<AccessChange> {
      const email = address(rawEmail);
      checkInvitation(email, until);
      const note = text('note', rawNote, false);
      let user: UserRecord;
      try {
        user = await auth.getUserByEmail(email);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
        user = await auth.createUser({ email, emailVerified: false });
      }
      const earlier = accessClaimsOf(user).invitation;
      const previousUntil = earlier && invitationEndsAt(earlier.until) > now() ? earlier.until : undefined;
      const invitation: Invitation = { email, until, by, at: stamp(), ...(note ? { note } : {}) };
      await setClaims(user, (claims) => ({ ...claims, invitation }));
      return {
        action: 'invite',
        target: email,
        uid: user.uid,
        by,
        until,
        ...(note ? { note } : {}),
        ...(previousUntil ? { previousUntil } : {}),
      };
    },

    /** Ends an invitation now, and every session of the account with it. */
    /** The AI assistants the account has allowed, oldest first. */
    async assistants(rawEmail: string): Promise<{ email: string; assistants: ConnectedAssistant[] }> {
      const user = await account(rawEmail);
      return { email: user.email!, assistants: connectedAssistants(user) };
    },

    /** Ends one assistant's grant: its tokens are refused at once here, elsewhere at the re-check. */
    async disconnect(rawEmail: string, key: string, by: string): Promise<AccessChange> {
      const user = await account(rawEmail);
      const assistant = connectedAssistants(user).find((each) => each.key === key);
      if (!assistant)
        throw new AccessError('no-assistant', `${user.email} has no connected assistant with the key ${key}.`);
      const kept = (user.customClaims!.mcp as { c: string }[]).filter((grant) => grant.c !== key);
      const claims: Record<string, unknown> = { ...user.customClaims };
      if (kept.length > 0) claims.mcp = kept;
      else delete claims.mcp;
      await auth.setCustomUserClaims(user.uid, claims);
      return {
        action: 'assistant-disconnected',
        target: user.email!,
        uid: user.uid,
        by,
        client: `${assistant.name} (${key})`,
      };
    },

    async revoke(rawEmail: string, by: string): Promise<AccessChange> {
      const user = await account(rawEmail);
      if (!accessClaimsOf(user).invitation)
        throw new AccessError('no-invitation', `${user.email} has no invitation to revoke.`);
      await setClaims(user, (claims) => without(claims, 'invitation'));
      await auth.revokeRefreshTokens(user.uid);
      return { action: 'revoke', target: user.email!, uid: user.uid, by };
    },

    /**
     * Disables any account, university members' included, and ends its sessions; the suspension
     * applies to its mailbox, so the account of the mailbox itself is suspended too (made, when
     * there is none, so that no new `+tag` spelling of it reads). The account is disabled and its
     * sessions revoked before the reason is written, so a reason the provider refuses cannot
     * leave it open.
     */
    async suspend(rawEmail: string, rawReason: string, by: string): Promise<AccessChange> {
      const reason = text('reason', rawReason, true)!;
      const user = await account(rawEmail);
      const mailbox = canonicalMailbox(user.email!);
      if (mailbox === canonicalMailbox(by))
        throw new AccessError('self-suspend', 'An admin cannot suspend their own account.');
      const suspension = { reason, by, at: stamp() };
      const accounts = mailbox === user.email ? [user] : [user, await mailboxAccount(mailbox)];
      const written = accounts.map((each) => ({
        each,
        claims: changedClaims(each, (claims) => ({ ...claims, suspension })),
      }));
      for (const { each, claims } of written) {
        await auth.updateUser(each.uid, { disabled: true });
        await auth.revokeRefreshTokens(each.uid);
        await auth.setCustomUserClaims(each.uid, claims);
      }
      return { action: 'suspend', target: user.email!, uid: user.uid, by, reason };
    },

    /** Lifts a suspension from the account and from its mailbox's own account. */
    async restore(rawEmail: string, by: string): Promise<AccessChange> {
      const user = await account(rawEmail);
      if (!user.disabled) throw new AccessError('not-suspended', `${user.email} is not suspended.`);
      const mailbox = canonicalMailbox(user.email!);
      const accounts = [user];
      if (mailbox !== user.email) {
        try {
          accounts.push(await auth.getUserByEmail(mailbox));
        } catch (error) {
          if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
        }
      }
      for (const each of accounts) {
        await setClaims(each, (claims) => without(claims, 'suspension'));
        await auth.updateUser(each.uid, { disabled: false });
      }
      return { action: 'restore', target: user.email!, uid: user.uid, by };
    },

    async setAdmin(rawEmail: string, isAdmin: boolean, by: string): Promise<AccessChange> {
      const user = await account(rawEmail);
      await setClaims(user, (claims) => (isAdmin ? { ...claims, admin: true } : without(claims, 'admin')));
      return { action: isAdmin ? 'admin-granted' : 'admin-removed', target: user.email!, uid: user.uid, by };
    },

    /**
     * A signed-in reader the rule refuses asks for access: one open request per account. The
     * caller has verified the reader's token; the note is the reader's own words.
     */
    async request(uid: string, rawNote: string, rawPage?: string): Promise<AccessRequest> {
      const note = text('note', rawNote, true)!;
      const page = pagePath(rawPage);
      const user = await auth.getUser(uid);
      if (accessClaimsOf(user).request?.outcome === 'open')
        throw new AccessError('request-open', 'This account already has a request waiting for an answer.');
      const request: AccessRequest = { note, at: stamp(), outcome: 'open', ...(page ? { page } : {}) };
      await setClaims(user, (claims) => ({ ...claims, request }));
      return request;
    },

    /** An admin's answer to an open request: an invitation until `until`, or a refusal. */
    async decide(
      rawEmail: string,
      decision: 'approve' | 'decline',
      until: string | undefined,
      by: string,
      rawReason?: string,
    ): Promise<AccessChange> {
      const user = await account(rawEmail);
      const email = user.email!;
      const request = accessClaimsOf(user).request;
      if (request?.outcome !== 'open')
        throw new AccessError('no-open-request', `${email} has no request waiting for an answer.`);
      // The words were for the admins deciding; once decided they take room the account's other
      // claims need (the provider keeps 1,000 characters in all).
      const decided: AccessRequest = {
        at: request.at,
        outcome: request.outcome,
        by,
        decidedAt: stamp(),
        ...(request.page ? { page: request.page } : {}),
      };
      if (decision === 'decline') {
        const reason = text('reason', rawReason, false);
        await setClaims(user, (claims) => ({
          ...claims,
          request: { ...decided, outcome: 'declined', ...(reason ? { reason } : {}) },
        }));
        return { action: 'request-declined', target: email, uid: user.uid, by, ...(reason ? { reason } : {}) };
      }
      if (!until) throw new AccessError('needs-until', 'Approving a request needs the last day of the invitation.');
      checkInvitation(email, until);
      const invitation: Invitation = {
        email,
        until,
        by,
        at: stamp(),
        ...(request.note ? { note: plainText(request.note).slice(0, MAX_TEXT) } : {}),
      };
      await setClaims(user, (claims) => ({ ...claims, invitation, request: { ...decided, outcome: 'approved' } }));
      return {
        action: 'request-approved',
        target: email,
        uid: user.uid,
        by,
        until,
        ...(request.page ? { page: request.page } : {}),
      };
    },

    /** The accounts the centre has granted or refused something: admins, guests, suspensions, open requests. */
    async list(): Promise<AccessEntry[]> {
      return (await scanAccounts(auth, policy)).filter((entry) => GRANT_KINDS.has(entry.kind));
    },

    /** Every account's rows, for a search. */
    scan: (): Promise<AccessEntry[]> => scanAccounts(auth, policy),

    /** One address's rows as the provider holds them now; none when no account has it. */
    async lookup(email: string): Promise<AccessEntry[]> {
      try {
        return accountEntries(await auth.getUserByEmail(email), policy);
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return [];
        throw error;
      }
    },
  };
}

export type Grants = ReturnType<typeof createGrants>;
