/** The part of a verified identity the rule looks at (a Firebase ID token or user has these). */
export interface ReaderIdentity {
  email?: string | null | undefined;
  emailVerified?: boolean | null | undefined;
}

export interface ReaderPolicy {
  /** Institutional staff domain, e.g. `uai.cl`; its subdomains qualify too. */
  staffDomain: string;
  /** Institutional student domain, e.g. `alumnos.uai.cl`; its subdomains qualify too. */
  studentDomain: string;
  /** One individual address allowed in addition to the institution's members. */
  whitelistedEmail: string;
}

function isDomainOrSubdomain(domain: string, parent: string): boolean {
  const wanted = parent.trim().toLowerCase();
  return wanted !== '' && (domain === wanted || domain.endsWith(`.${wanted}`));
}

/**
 * Whether this identity may read the documentation: its e-mail must be verified, and either its
 * domain is the staff or student domain (or a subdomain of either) or it is the whitelisted
 * address. Unlike a substring test, `someone@uai.cl.attacker.example` and `x@notuai.cl` fail.
 */
export function isAllowedReader(identity: ReaderIdentity | null | undefined, policy: ReaderPolicy): boolean {
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
    (whitelisted !== '' && normalized === whitelisted) ||
    isDomainOrSubdomain(domain, policy.staffDomain) ||
    isDomainOrSubdomain(domain, policy.studentDomain)
  );
}
