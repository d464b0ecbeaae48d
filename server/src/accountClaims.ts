import type { UserRecord } from 'firebase-admin/auth';
import type { ConnectedAssistant, Invitation } from '@trust/access-policy';

/**
 * What the centre grants at run time, kept as custom claims on the account in Firebase
 * Authentication (set only through the Admin SDK, so by this server or the operators' command,
 * never by a reader): no second database, and every instance reads the same truth.
 */
export interface AccessClaims {
  admin?: boolean;
  invitation?: Invitation;
  /** Why and by whom the account was suspended; the account is disabled too. */
  suspension?: { reason: string; by: string; at: string };
  /** A signed-in outsider's request for access, and what became of it. */
  request?: AccessRequest;
  /** When the mailbox owner's first proof secured the account (seconds since the epoch). */
  secured?: number;
  /** Identities besides links and passwords that count for a secured account (`provider:uid`): the one that proved the mailbox. */
  ways?: string[];
  /**
   * The address whose mailbox proof secured the account, lower-cased: an address the account
   * answers to later without the centre's doing (an e-mail change somebody asked the provider for)
   * is refused and put back.
   */
  address?: string;
}

export interface AccessRequest {
  /** The requester's words, while the request waits; dropped once it is decided. */
  note?: string;
  at: string;
  outcome: 'open' | 'approved' | 'declined';
  /** The page the reader asked for, kept after the answer. */
  page?: string;
  by?: string;
  decidedAt?: string;
  /** Why the centre declined, shown to the reader on 'Not allowed'. */
  reason?: string;
}

/**
 * The longest custom claims Firebase Authentication keeps, measured as the Admin SDK measures them
 * before refusing a write (`auth/claims-too-large`): the length of their JSON, in characters, so a
 * control character costs six (`\u0001`).
 */
export const MAX_CLAIMS_CHARS = 1000;

/** Whether the claims, written whole, fit what Firebase keeps. */
export const claimsFit = (claims: object): boolean => JSON.stringify(claims).length <= MAX_CLAIMS_CHARS;

/** The claims as they are, dropping any a reader could not have been given by this code. */
export function accessClaimsOf(user: Pick<UserRecord, 'customClaims'>): AccessClaims {
  const claims = (user.customClaims ?? {}) as Record<string, unknown>;
  const invitation = claims.invitation as Invitation | undefined;
  return {
    ...(claims.admin === true ? { admin: true } : {}),
    ...(invitation && typeof invitation.email === 'string' && typeof invitation.until === 'string'
      ? { invitation }
      : {}),
    ...(claims.suspension ? { suspension: claims.suspension as AccessClaims['suspension'] } : {}),
    ...(claims.request ? { request: claims.request as AccessRequest } : {}),
    ...(typeof claims.secured === 'number' && Number.isFinite(claims.secured) ? { secured: claims.secured } : {}),
    ...(typeof claims.address === 'string' ? { address: claims.address } : {}),
    ...(Array.isArray(claims.ways)
      ? { ways: claims.ways.filter((way): way is string => typeof way === 'string') }
      : {}),
  };
}

/**
 * The AI assistants the account has allowed, as the members' assistants' grants keep them in the
 * claims (`mcp`: key, name, when), oldest first.
 */
export function connectedAssistants(user: Pick<UserRecord, 'customClaims'>): ConnectedAssistant[] {
  const grants = (user.customClaims as { mcp?: unknown } | undefined)?.mcp;
  if (!Array.isArray(grants)) return [];
  return (grants as Array<{ c?: unknown; n?: unknown; t?: unknown; u?: unknown }>)
    .filter((grant) => typeof grant.c === 'string' && typeof grant.t === 'number')
    .map((grant) => ({
      key: grant.c as string,
      name: typeof grant.n === 'string' ? grant.n : '',
      allowedAt: new Date((grant.t as number) * 1000).toISOString(),
      lastUsedAt: typeof grant.u === 'number' ? new Date(grant.u * 1000).toISOString() : null,
    }))
    .sort((a, b) => a.allowedAt.localeCompare(b.allowedAt));
}
