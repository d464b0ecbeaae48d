import { DEMO_PROJECT_ID, SettingError, isDemoProjectId } from '@trust/access-policy';
import { readReaderPolicy } from '@trust/access-policy/settings';

/**
 * Who the site speaks for. Constants are the centre's; deployment-specific values come from
 * environment variables at build time (each listed in the README) and fall back to example
 * defaults, so the embedded default works with no settings at all.
 */
/** The university's staff and student e-mail domains, as the build's access rule names them. */
export interface UniversityDomains {
  staffDomain: string;
  studentDomain: string;
}

export interface SiteIdentity {
  centreName: string;
  centreNameEs: string;
  shortName: string;
  tagline: string;
  taglineEs: string;
  university: string;
  country: string;
  universityUrl: string;
  /** Public site origin, e.g. `https://trust.example.org`. */
  url: string;
  contactEmail: string;
  socialNetwork: { name: string; url: string };
  product: { name: string; url: string };
}

export const ENV_SETTINGS = {
  SITE_URL: 'Public origin of the site (scheme, host and port, no path)',
  SITE_CONTACT_EMAIL: 'Contact address shown in the footer',
  SITE_WHITELISTED_EMAIL: 'The one individual address allowed to read the documentation',
  SITE_STAFF_DOMAIN: 'E-mail domain of university staff',
  SITE_STUDENT_DOMAIN: 'E-mail domain of university students',
  SITE_SOCIAL_URL: 'Link in the footer’s social-network column',
  SITE_PRODUCT_URL: 'External URL of Intrusion Sentinel in the Software menu',
} as const;

type Env = Partial<Record<keyof typeof ENV_SETTINGS, string>> & Record<string, string | undefined>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function setting(
  env: Env,
  name: keyof typeof ENV_SETTINGS,
  fallback: string,
  check: (value: string) => boolean,
  expected: string,
): string {
  const raw = env[name];
  const value = raw === undefined || raw.trim() === '' ? fallback : raw.trim();
  if (!check(value)) {
    throw new SettingError(`${name}="${value}" is not valid: expected ${expected}.`);
  }
  return value;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Host names reserved for examples and tests (RFC 2606 and RFC 6761: `example.com`, `.org`, `.net`,
 * the `.example`, `.test`, `.invalid` and `.localhost` domains) and loopback addresses: the defaults
 * above and the documentation's examples use them, and no reader can reach them.
 */
const EXAMPLE_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$|^127\.|^\[::1\]$/i;

function hostOf(value: string): string {
  if (value.includes('@')) return value.slice(value.lastIndexOf('@') + 1);
  return isHttpUrl(value) ? new URL(value).hostname : value;
}

/**
 * A production build, one with FIREBASE_API_KEY, must carry the centre's own values: with no
 * settings the site falls back to example ones (a contact address and a product link on `.example`
 * hosts, the demo reader whitelisted, the demo project, `localhost` as its origin), which are right
 * for the emulator and wrong anywhere a reader comes.
 */
function refuseExampleValues(env: Env, identity: SiteIdentity): void {
  const values: [string, string][] = [
    ['SITE_URL', identity.url],
    ['FIREBASE_PROJECT_ID', env.FIREBASE_PROJECT_ID?.trim() || DEMO_PROJECT_ID],
    ['FIREBASE_AUTH_DOMAIN', env.FIREBASE_AUTH_DOMAIN?.trim() ?? ''],
    ['SITE_CONTACT_EMAIL', identity.contactEmail],
    ['SITE_WHITELISTED_EMAIL', readReaderPolicy(env).whitelistedEmail],
    ['SITE_SOCIAL_URL', identity.socialNetwork.url],
    ['SITE_PRODUCT_URL', identity.product.url],
  ];
  for (const [name, value] of values) {
    const isExample = name === 'FIREBASE_PROJECT_ID' ? isDemoProjectId(value) : EXAMPLE_HOST.test(hostOf(value));
    if (isExample) {
      throw new SettingError(
        `${name}="${value}" is an example value, and this is a production build (FIREBASE_API_KEY is set): set ${name} to the centre's own.`,
      );
    }
  }
}

export function readSiteIdentity(env: Env = process.env): SiteIdentity {
  const identity = readIdentity(env);
  if (env.FIREBASE_API_KEY?.trim()) refuseExampleValues(env, identity);
  return identity;
}

function readIdentity(env: Env): SiteIdentity {
  const url = setting(
    env,
    'SITE_URL',
    'http://localhost:3000',
    (v) => isHttpUrl(v) && new URL(v).pathname === '/',
    'an http(s) origin such as https://trust.example.org',
  );
  return {
    centreName: 'UAI Trustworthy Systems Centre',
    centreNameEs: 'Centro de Sistemas Confiables UAI',
    shortName: 'Trustworthy Systems',
    tagline: 'Responsible, resilient and reliable systems',
    taglineEs: 'Sistemas responsables, resilientes y confiables',
    university: 'Universidad Adolfo Ibáñez',
    country: 'Chile',
    universityUrl: 'https://www.uai.cl',
    url: url.replace(/\/$/, ''),
    contactEmail: setting(
      env,
      'SITE_CONTACT_EMAIL',
      'contact@trustworthy-systems.example',
      (v) => EMAIL.test(v),
      'an e-mail address',
    ),
    socialNetwork: {
      name: 'LinkedIn',
      url: setting(
        env,
        'SITE_SOCIAL_URL',
        'https://www.linkedin.com/school/universidad-adolfo-ibanez/',
        isHttpUrl,
        'an http(s) URL',
      ),
    },
    product: {
      name: 'Intrusion Sentinel',
      url: setting(
        env,
        'SITE_PRODUCT_URL',
        'https://sentinel.trustworthy-systems.example',
        isHttpUrl,
        'an http(s) URL',
      ),
    },
  };
}
