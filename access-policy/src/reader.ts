/** The part of a verified identity the rule looks at (a Firebase ID token or user has these). */
export interface ReaderIdentity {
  email?: string | null | undefined;
  emailVerified?: boolean | null | undefined;
  /** What the centre granted this account at run time, as the provider holds it now. */
  invitation?: Invitation | null | undefined;
}

/**
 * An invitation of one address outside the university's domains, until the end of a day (UTC).
 * It admits exactly the address it was made for: on an account whose address has since changed,
 * it admits nothing.
 */
export interface Invitation {
  email: string;
  /** The last day it admits, `YYYY-MM-DD`; it ends at 24:00 UTC of that day. */
  until: string;
  /** Who invited, and when (ISO 8601), for the record. */
  by: string;
  at: string;
  note?: string;
}

/** The instant an invitation stops admitting (ms since the epoch), or NaN for a malformed date. */
export function invitationEndsAt(until: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) return Number.NaN;
  const start = Date.parse(`${until}T00:00:00Z`);
  return Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== until ? Number.NaN : start + 86_400_000;
}

export interface ReaderPolicy {
  /** Institutional staff domain, e.g. `uai.cl`; its subdomains qualify too. */
  staffDomain: string;
  /** Institutional student domain, e.g. `alumnos.uai.cl`; its subdomains qualify too. */
  studentDomain: string;
  /** One individual address allowed in addition to the institution's members. */
  whitelistedEmail: string;
}

/**
 * The mailbox an address delivers to: lower-cased, and without a `+tag` in its local part, which
 * Google Workspace and Microsoft 365 deliver to the same mailbox by default. Two accounts with the
 * same mailbox belong to the same person: the rule admits, and a suspension shuts out, the
 * mailbox, not one spelling of it.
 */
export function canonicalMailbox(email: string): string {
  const normalized = email.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return normalized;
  const local = normalized.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${normalized.slice(at)}`;
}

function isDomainOrSubdomain(domain: string, parent: string): boolean {
  const wanted = parent.trim().toLowerCase();
  return wanted !== '' && (domain === wanted || domain.endsWith(`.${wanted}`));
}

/**
 * Whether this identity may read the documentation: its e-mail must be verified, and its domain
 * is the staff or student domain (or a subdomain of either), or it is the whitelisted address, or
 * an invitation made for exactly this address has not ended (at `now`). Unlike a substring test,
 * `someone@uai.cl.attacker.example` and `x@notuai.cl` fail. A suspended account is disabled at
 * the provider, which refuses it before the rule is asked.
 */
export function isAllowedReader(
  identity: ReaderIdentity | null | undefined,
  policy: ReaderPolicy,
  now: number = Date.now(),
): boolean {
  if (!identity || identity.emailVerified !== true) return false;
  const email = identity.email;
  if (typeof email !== 'string' || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@') || at === email.length - 1) return false;
  const normalized = email.toLowerCase();
  const domain = normalized.slice(at + 1);
  if (domain.startsWith('.') || domain.endsWith('.') || domain.includes('..')) return false;
  const whitelisted = policy.whitelistedEmail.trim().toLowerCase();
  return (
    (whitelisted !== '' && canonicalMailbox(normalized) === canonicalMailbox(whitelisted)) ||
    isDomainOrSubdomain(domain, policy.staffDomain) ||
    isDomainOrSubdomain(domain, policy.studentDomain) ||
    isCurrentInvitation(identity.invitation, normalized, now)
  );
}

function isCurrentInvitation(invitation: Invitation | null | undefined, email: string, now: number): boolean {
  if (!invitation || typeof invitation.email !== 'string' || typeof invitation.until !== 'string') return false;
  return canonicalMailbox(invitation.email) === canonicalMailbox(email) && now < invitationEndsAt(invitation.until);
}

/**
 * Whether the address is in the university's staff or student domain (or a subdomain): the
 * addresses whose mailboxes the university's own sign-in vouches for.
 */
export function isUniversityAddress(email: string, policy: ReaderPolicy): boolean {
  return isAllowedReader({ email, emailVerified: true }, { ...policy, whitelistedEmail: '' });
}

/** Whether the address is one the build-time rule admits by itself (a domain or the whitelist). */
export function isAdmittedByDomain(email: string, policy: ReaderPolicy): boolean {
  return isAllowedReader({ email, emailVerified: true }, policy);
}
