import { BROWSER_EMULATOR_HOST, DEMO_PROJECT_ID, SettingError, isDemoProjectId } from '@trust/access-policy';

/**
 * The identity provider's browser settings, read at build time. With no FIREBASE_API_KEY the
 * site talks to the local Firebase Auth emulator under a `demo-` project, which needs no network.
 */
export interface FirebaseClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** `host:port` of the Auth emulator, or null in production. */
  emulatorHost: string | null;
  /** "Sign in with your UAI account", or null when the site offers none. */
  universityAccount: UniversityAccountConfig | null;
}

export interface UniversityAccountConfig {
  /** What the university's mail runs on: Google Workspace or Microsoft Entra ID. */
  provider: 'google' | 'microsoft';
  /** Google's hosted domain (`hd`) or Microsoft's tenant: narrows the account chooser, decides nothing. */
  hint: string | null;
}

type Env = Record<string, string | undefined>;

export function readFirebaseClientConfig(env: Env = process.env): FirebaseClientConfig {
  const apiKey = env.FIREBASE_API_KEY?.trim();
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || (apiKey ? null : BROWSER_EMULATOR_HOST);
  if (emulatorHost !== null && !/^[\w.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new SettingError(`FIREBASE_AUTH_EMULATOR_HOST="${emulatorHost}" is not valid: expected host:port.`);
  }
  if (apiKey?.includes(':')) {
    throw new SettingError('FIREBASE_API_KEY contains a colon: the identity provider refuses such keys.');
  }
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || DEMO_PROJECT_ID;
  if (!apiKey && !isDemoProjectId(projectId)) {
    throw new SettingError(
      `FIREBASE_PROJECT_ID="${projectId}" is a real project, so FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN are required.`,
    );
  }
  const authDomain = env.FIREBASE_AUTH_DOMAIN?.trim() || (apiKey ? '' : `${projectId}.firebaseapp.com`);
  if (!authDomain) throw new SettingError('FIREBASE_AUTH_DOMAIN is required when FIREBASE_API_KEY is set.');
  return {
    apiKey: apiKey || 'demo-api-key',
    authDomain,
    projectId,
    emulatorHost,
    universityAccount: readUniversityAccount(env, emulatorHost !== null),
  };
}

/**
 * `SITE_SSO_PROVIDER` (`google`, `microsoft` or `none`) and `SITE_SSO_HINT`. With the emulator the
 * default is Google, whose sign-in the emulator imitates offline; in production none is shown
 * until the provider is enabled in the project and named here.
 */
function readUniversityAccount(env: Env, isEmulated: boolean): UniversityAccountConfig | null {
  const provider = env.SITE_SSO_PROVIDER?.trim().toLowerCase() || (isEmulated ? 'google' : 'none');
  if (provider !== 'google' && provider !== 'microsoft' && provider !== 'none') {
    throw new SettingError(`SITE_SSO_PROVIDER="${provider}" is not valid: expected google, microsoft or none.`);
  }
  const hint = env.SITE_SSO_HINT?.trim() || null;
  if (hint !== null && !/^(\*|[A-Za-z0-9][\w.-]*)$/.test(hint)) {
    throw new SettingError(
      `SITE_SSO_HINT="${hint}" is not valid: expected a domain (uai.cl), a Microsoft tenant id, or * for any Google Workspace domain.`,
    );
  }
  if (provider === 'none') {
    if (hint !== null) throw new SettingError('SITE_SSO_HINT is set but SITE_SSO_PROVIDER is none.');
    return null;
  }
  return { provider, hint };
}
