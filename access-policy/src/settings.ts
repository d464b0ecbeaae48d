import { parse } from 'tldts';
import { defaultReaderPolicy } from './defaults.js';
import type { ReaderPolicy } from './reader.js';
import { SettingError } from './settingError.js';

/**
 * The access rule's settings, read and validated in one place for the site build and the
 * server. Kept out of the package's main entry so browser bundles never carry the public-suffix
 * list this needs.
 */
export const POLICY_SETTINGS = {
  staffDomain: 'SITE_STAFF_DOMAIN',
  studentDomain: 'SITE_STUDENT_DOMAIN',
  whitelistedEmail: 'SITE_WHITELISTED_EMAIL',
} as const satisfies Record<keyof ReaderPolicy, string>;

export { SettingError };

type Env = Record<string, string | undefined>;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z]{2,63}$/;
const EMAIL_LOCAL_PART = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;

/**
 * A domain every address under which may read the documentation. A bare top-level domain or a
 * public suffix (`cl`, `com`, `co.uk`, `github.io`) would admit anyone who can register a name
 * below it, so only a registrable domain or a subdomain of one is accepted.
 */
function parseDomain(name: string, raw: string): string {
  const value = raw.trim().toLowerCase();
  if (value === '')
    throw new SettingError(
      `${name} is empty: name an institutional e-mail domain such as uai.cl, or leave it unset for the default.`,
    );
  if (!DOMAIN.test(value)) {
    throw new SettingError(
      `${name}="${raw.trim()}" is not a domain name: expected letters, digits and hyphens in dot-separated labels, such as uai.cl.`,
    );
  }
  const parsed = parse(value, { allowPrivateDomains: true });
  if (!parsed.domain || parsed.publicSuffix === value) {
    throw new SettingError(
      `${name}="${value}" is a public suffix: anyone who registers a domain under it would qualify. Name the institution's own domain, such as uai.cl.`,
    );
  }
  return value;
}

/** The one whitelisted reader's address: a plain `local@domain` with a registrable domain. */
function parseEmail(name: string, raw: string): string {
  const value = raw.trim().toLowerCase();
  if (value === '')
    throw new SettingError(`${name} is empty: name one e-mail address, or leave it unset for the default.`);
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1 || !EMAIL_LOCAL_PART.test(value.slice(0, at)) || value.indexOf('@') !== at) {
    throw new SettingError(`${name}="${raw.trim()}" is not an e-mail address such as reader@example.org.`);
  }
  try {
    parseDomain(name, value.slice(at + 1));
  } catch (error) {
    throw new SettingError(
      `${name}="${raw.trim()}" has no valid domain: ${(error as Error).message.replace(/^[^ ]+ /, '')}`,
    );
  }
  return value;
}

function parseSetting(key: keyof ReaderPolicy, raw: string): string {
  const name = POLICY_SETTINGS[key];
  return key === 'whitelistedEmail' ? parseEmail(name, raw) : parseDomain(name, raw);
}

/**
 * Only the settings the environment names, validated; the rest are absent. The server uses this
 * to compare with the rule the site was built with. A setting that is present but blank is an
 * error rather than "use the default": for who may read the documentation, a value that was
 * meant to be set and came through empty must not pass unnoticed.
 */
export function readPolicySettings(env: Env): Partial<ReaderPolicy> {
  const found: Partial<ReaderPolicy> = {};
  for (const key of Object.keys(POLICY_SETTINGS) as (keyof ReaderPolicy)[]) {
    const raw = env[POLICY_SETTINGS[key]];
    if (raw !== undefined) found[key] = parseSetting(key, raw);
  }
  return found;
}

/** The whole rule: the environment's settings over the defaults, all validated. */
export function readReaderPolicy(env: Env): ReaderPolicy {
  return { ...defaultReaderPolicy, ...readPolicySettings(env) };
}

/**
 * Checks that a rule read back from a file is complete and valid (a build from an older version,
 * or a hand-edited file, must not silently widen access).
 */
export function parseRecordedPolicy(source: string, value: unknown): ReaderPolicy {
  const record = (value ?? {}) as Record<string, unknown>;
  const policy = {} as ReaderPolicy;
  for (const key of Object.keys(POLICY_SETTINGS) as (keyof ReaderPolicy)[]) {
    const raw = record[key];
    if (typeof raw !== 'string') throw new SettingError(`${source} records no ${key}: rebuild the site.`);
    policy[key] = parseSetting(key, raw);
  }
  return policy;
}

/**
 * What the environment names differently from the recorded rule, one line per setting; empty
 * when they agree (a setting the environment leaves unset agrees).
 */
export function policyDifferences(recorded: ReaderPolicy, fromEnv: Partial<ReaderPolicy>): string[] {
  return (Object.keys(POLICY_SETTINGS) as (keyof ReaderPolicy)[])
    .filter((key) => fromEnv[key] !== undefined && fromEnv[key] !== recorded[key])
    .map((key) => `${POLICY_SETTINGS[key]}="${fromEnv[key]}" but the site was built with "${recorded[key]}"`);
}
