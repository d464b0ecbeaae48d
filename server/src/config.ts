import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_EMULATOR_HOST,
  DEFAULT_SITE_DIR,
  DEMO_PROJECT_ID,
  SettingError,
  type ReaderPolicy,
} from '@trust/access-policy';
import type { ProviderLimits } from './session/boundedVerifier.js';
import { readLogSettings, type LogSettings } from './logging.js';
import { readPolicySettings } from '@trust/access-policy/settings';

export interface ServerConfig {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** The prepared build: `public/` (anyone) and `members/` (allowed readers only). */
  siteDir: string;
  /** NODE_ENV=production: stricter start-up checks and HSTS. */
  isProduction: boolean;
  /**
   * Access-rule settings named in the environment (validated). Optional: the server enforces the
   * rule recorded by the build, and refuses to start when these name a different one.
   */
  policySettings: Partial<ReaderPolicy>;
  firebase: {
    projectId: string;
    /** `host:port` of the Auth emulator; never set in production. */
    emulatorHost: string | null;
  };
  session: {
    /** Lifetime of the session cookie in milliseconds (Firebase allows 5 minutes to 14 days). */
    maxAgeMs: number;
    /** Whether the cookie is `Secure` (false only for plain-HTTP local runs). */
    isSecure: boolean;
    /** A sign-in older than this cannot open a session (Firebase's recommendation: 5 minutes). */
    recentSignInMs: number;
    /** How often a cached session is re-checked for revocation and disabled accounts. */
    revocationCheckMs: number;
    /**
     * How much longer a verified session keeps being served when its re-check cannot reach the
     * provider: members ride out a short outage, at the price of a revocation taking effect up to
     * this much later while the provider is down.
     */
    outageGraceMs: number;
  };
  /** Bounds on calls to the identity provider. */
  provider: ProviderLimits;
  /**
   * The site's public origin (`SITE_URL`): the only `Origin` allowed to open or close a session.
   * Unset outside production, the request's own `Host` stands in (local runs on any port).
   */
  publicOrigin: string | null;
  /** How many proxies in front of the server append to `X-Forwarded-For` and are trusted to. */
  trustProxyHops: number;
  /** How much one client may do before it is answered 429, each in its own window. */
  rateLimits: RateLimits;
  /** Origin of the project's auth handler (`https://<project>.firebaseapp.com`) to proxy `/__/auth/*` to. */
  authProxyOrigin: string | null;
  /** Where and how much the server logs. */
  log: LogSettings;
  /** The members' assistants: the MCP endpoint and its authorization server. */
  mcp: McpSettings;
}

export interface McpSettings {
  /**
   * The secret every instance signs and checks the authorization server's tokens with
   * (`OAUTH_TOKEN_SECRET`, at least 32 characters); required in production, where changing it
   * ends every assistant's access at once.
   */
  tokenSecret: string;
  /** MCP requests a minute per member and assistant (`RATE_LIMIT_MCP`, default 120). */
  callsPerMemberPerMinute: number;
  /**
   * MCP requests a minute on one instance, every member and assistant together
   * (`RATE_LIMIT_MCP_INSTANCE`, default 12000): a ceiling that guards the instance, far above what
   * its members use, never a share a few of them could spend for the rest.
   */
  callsPerInstancePerMinute: number;
  /**
   * Authorization, token, registration and consent requests a minute per client address
   * (`RATE_LIMIT_OAUTH`, default 120): assistants in one provider's cloud share an address.
   */
  oauthPerMinute: number;
}

/**
 * Outside production only: a fixed secret, so that `npm start` and the tests' instances agree
 * with nothing to set. With the emulator, which accepts unsigned tokens, it guards nothing real.
 */
const LOCAL_TOKEN_SECRET = 'local-only-secret-for-the-emulator-never-used-in-production';

/** Per client (as `trustProxyHops` identifies it), each counted in a fixed window. */
export interface RateLimits {
  /** Failed sign-ins and refused e-mail-link proofs a minute (`RATE_LIMIT_SIGN_IN`, default 10). */
  signInFailuresPerMinute: number;
  /** Refused calls to the admins' API a minute (`RATE_LIMIT_ADMIN`, default 60). */
  adminRefusalsPerMinute: number;
  /** Requests for access in ten minutes (`RATE_LIMIT_ACCESS_REQUEST`, default 5). */
  accessRequestsPer10Minutes: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultSiteDir = path.resolve(here, '../..', DEFAULT_SITE_DIR);

/** `SITE_DIR`: the prepared build. The post-build step needs only this, no runtime secret. */
function siteDirSetting(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.SITE_DIR?.trim() || defaultSiteDir);
}

const DAY_MS = 24 * 60 * 60 * 1000;

function originSetting(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingError(`${name}="${raw}" is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new SettingError(`${name} must be an http(s) origin.`);
  return url.origin;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim() || String(fallback);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SettingError(`${name}="${raw}" must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The start-up line that says which identity provider sessions are verified against. */
export function describeIdentityMode(config: ServerConfig): string {
  return config.firebase.emulatorHost
    ? `Emulator mode: sessions are verified against the Auth emulator at ${config.firebase.emulatorHost}, which accepts unsigned tokens; listening on loopback only.`
    : `Sessions are verified against Firebase project ${config.firebase.projectId}.`;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rawPort = env.PORT?.trim() || '3000';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingError(`PORT="${rawPort}" is not a port number (0 to 65535).`);
  }
  const isProduction = env.NODE_ENV === 'production';
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || (isProduction ? '' : DEMO_PROJECT_ID);
  const emulatorSetting = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (isProduction) {
    if (emulatorSetting) {
      throw new SettingError(
        'FIREBASE_AUTH_EMULATOR_HOST is set in production: the Admin SDK would then accept unsigned tokens. Unset it.',
      );
    }
    // Credentials come from Application Default Credentials (the service's identity on Cloud Run).
    const missing = ['FIREBASE_PROJECT_ID', 'SITE_URL', 'OAUTH_TOKEN_SECRET'].filter((name) => !env[name]?.trim());
    if (missing.length > 0)
      throw new SettingError(`Missing required setting(s) for production: ${missing.join(', ')}.`);
  }
  const emulatorHost = isProduction ? null : emulatorSetting || DEFAULT_EMULATOR_HOST;
  if (emulatorHost && !/^[\w.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new SettingError(`FIREBASE_AUTH_EMULATOR_HOST="${emulatorHost}" is not host:port.`);
  }
  const rawDays = env.SESSION_MAX_AGE_DAYS?.trim() || '5';
  const days = Number(rawDays);
  if (!Number.isFinite(days) || days * DAY_MS < 5 * 60 * 1000 || days > 14) {
    throw new SettingError(`SESSION_MAX_AGE_DAYS="${rawDays}" must be between 0.004 (5 minutes) and 14.`);
  }
  const secureSetting = env.SESSION_COOKIE_SECURE?.trim().toLowerCase();
  if (secureSetting && secureSetting !== 'true' && secureSetting !== 'false') {
    throw new SettingError(`SESSION_COOKIE_SECURE="${secureSetting}" must be true or false.`);
  }
  if (isProduction && secureSetting === 'false')
    throw new SettingError('SESSION_COOKIE_SECURE=false is not allowed in production.');
  const recheckSeconds = wholeNumber(env, 'SESSION_RECHECK_SECONDS', 240, 1, 3600);
  const graceSeconds = wholeNumber(env, 'SESSION_OUTAGE_GRACE_SECONDS', 300, 0, 3600);
  const provider: ProviderLimits = {
    timeoutMs: wholeNumber(env, 'PROVIDER_TIMEOUT_MS', 3000, 100, 30_000),
    failuresToPause: wholeNumber(env, 'PROVIDER_FAILURES_TO_PAUSE', 5, 1, 1000),
    pauseMs: wholeNumber(env, 'PROVIDER_PAUSE_SECONDS', 10, 1, 600) * 1000,
  };
  const trustProxyHops = wholeNumber(env, 'TRUST_PROXY_HOPS', 0, 0, 10);
  const rateLimits: RateLimits = {
    signInFailuresPerMinute: wholeNumber(env, 'RATE_LIMIT_SIGN_IN', 10, 1, 10_000),
    adminRefusalsPerMinute: wholeNumber(env, 'RATE_LIMIT_ADMIN', 60, 1, 10_000),
    accessRequestsPer10Minutes: wholeNumber(env, 'RATE_LIMIT_ACCESS_REQUEST', 5, 1, 10_000),
  };
  const tokenSecret = env.OAUTH_TOKEN_SECRET?.trim() || (isProduction ? '' : LOCAL_TOKEN_SECRET);
  if (tokenSecret.length < 32)
    throw new SettingError('OAUTH_TOKEN_SECRET must be at least 32 random characters, the same on every instance.');
  // A limit one assistant's members shared let five of them spend it for all the others.
  if (env.RATE_LIMIT_MCP_CLIENT !== undefined)
    throw new SettingError(
      'RATE_LIMIT_MCP_CLIENT is no longer read: RATE_LIMIT_MCP counts per member and assistant, and RATE_LIMIT_MCP_INSTANCE caps one instance.',
    );
  const mcp: McpSettings = {
    tokenSecret,
    callsPerMemberPerMinute: wholeNumber(env, 'RATE_LIMIT_MCP', 120, 1, 10_000_000),
    callsPerInstancePerMinute: wholeNumber(env, 'RATE_LIMIT_MCP_INSTANCE', 12_000, 1, 10_000_000),
    oauthPerMinute: wholeNumber(env, 'RATE_LIMIT_OAUTH', 120, 1, 100_000),
  };
  const policySettings = readPolicySettings(env);
  // Cloud Run names its service in K_SERVICE and reaches the container on 0.0.0.0:$PORT.
  const host = env.HOST?.trim() || (env.K_SERVICE ? '0.0.0.0' : '127.0.0.1');
  // With the emulator the Admin SDK accepts unsigned tokens: harmless on a laptop, a full bypass
  // on any server another machine can reach.
  if (emulatorHost && (!isLoopback(host) || env.K_SERVICE)) {
    throw new SettingError(
      `The Auth emulator accepts unsigned tokens: emulator mode needs HOST on loopback (127.0.0.1, ::1 or localhost) and no K_SERVICE; here HOST=${host}${env.K_SERVICE ? ` and K_SERVICE=${env.K_SERVICE}` : ''}. Set NODE_ENV=production with a real project instead.`,
    );
  }
  return {
    port,
    host,
    siteDir: siteDirSetting(env),
    isProduction,
    policySettings,
    firebase: { projectId, emulatorHost },
    session: {
      maxAgeMs: Math.round(days * DAY_MS),
      isSecure: secureSetting !== 'false',
      recentSignInMs: 5 * 60 * 1000,
      revocationCheckMs: recheckSeconds * 1000,
      outageGraceMs: graceSeconds * 1000,
    },
    provider,
    authProxyOrigin: originSetting(env, 'AUTH_PROXY_ORIGIN'),
    publicOrigin: originSetting(env, 'SITE_URL'),
    trustProxyHops,
    rateLimits,
    log: readLogSettings(env, projectId, isProduction),
    mcp,
  };
}
