/**
 * The only module that imports the identity provider's SDK. It is loaded on demand (a dynamic
 * import from `AuthProvider`), so public pages do not download it until a reader needs it.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  ActionCodeURL,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  getMultiFactorResolver,
  GithubAuthProvider,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  isSignInWithEmailLink,
  OAuthProvider,
  onIdTokenChanged,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  signOut,
  type Auth,
  type MultiFactorError,
  type MultiFactorResolver,
  type User,
  type UserCredential,
} from 'firebase/auth';
import type { FirebaseClientConfig, UniversityAccountConfig } from '../config/firebase';

export interface ReaderSnapshot {
  email: string | null;
  emailVerified: boolean;
}

/** A pending second-factor sign-in: the code was sent; `complete` finishes it, `resend` sends a new code. */
export interface SecondFactorChallenge {
  phoneHint: string;
  complete(code: string): Promise<void>;
  resend(): Promise<void>;
}

export type SignInOutcome = { kind: 'signed-in' } | { kind: 'second-factor'; challenge: SecondFactorChallenge };

export interface AuthApi {
  subscribe(listener: (reader: ReaderSnapshot | null) => void): () => void;
  signInWithPassword(email: string, password: string, recaptchaContainer: HTMLElement): Promise<SignInOutcome>;
  signInWithGitHub(recaptchaContainer: HTMLElement): Promise<SignInOutcome>;
  /** The university's own accounts (Google Workspace or Microsoft Entra), when the site names one. */
  signInWithUniversityAccount(
    account: UniversityAccountConfig,
    recaptchaContainer: HTMLElement,
  ): Promise<SignInOutcome>;
  /** E-mails a sign-in link that brings the reader back to `returnUrl` (a page of this site). */
  sendSignInLink(email: string, returnUrl: string): Promise<void>;
  /** Whether this URL is one a sign-in link brought the reader to. */
  isSignInLink(url: string): boolean;
  /** The one-time code a sign-in link carries, or null when the URL is not one. */
  linkCode(url: string): string | null;
  /** Signs in with the link; fails unless `email` is the address the link was sent to. */
  signInWithLink(email: string, url: string): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /** The reader signed in right now, or null. */
  currentReader(): ReaderSnapshot | null;
  /** A fresh ID token of the current reader, or null when signed out. */
  idToken(forceRefresh?: boolean): Promise<string | null>;
  /** Reloads the reader's profile (after verifying the address in another tab). */
  reload(): Promise<void>;
  signOut(): Promise<void>;
}

function snapshot(user: User | null): ReaderSnapshot | null {
  return user ? { email: user.email, emailVerified: user.emailVerified } : null;
}

async function startSecondFactor(auth: Auth, error: MultiFactorError, container: HTMLElement): Promise<SignInOutcome> {
  const resolver: MultiFactorResolver = getMultiFactorResolver(auth, error);
  const hint = resolver.hints.find((candidate) => candidate.factorId === PhoneMultiFactorGenerator.FACTOR_ID);
  if (!hint) throw error;
  const sendCode = async (): Promise<string> => {
    const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
    try {
      return await new PhoneAuthProvider(auth).verifyPhoneNumber(
        { multiFactorHint: hint, session: resolver.session },
        verifier,
      );
    } finally {
      verifier.clear();
    }
  };
  let verificationId = await sendCode();
  return {
    kind: 'second-factor',
    challenge: {
      phoneHint: 'phoneNumber' in hint ? String(hint.phoneNumber) : '',
      async complete(code: string) {
        const credential = PhoneAuthProvider.credential(verificationId, code);
        await resolver.resolveSignIn(PhoneMultiFactorGenerator.assertion(credential));
      },
      async resend() {
        verificationId = await sendCode();
      },
    },
  };
}

function isMultiFactorError(error: unknown): error is MultiFactorError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: string }).code === 'auth/multi-factor-auth-required'
  );
}

async function withSecondFactor(
  auth: Auth,
  attempt: () => Promise<UserCredential>,
  container: HTMLElement,
): Promise<SignInOutcome> {
  try {
    await attempt();
    return { kind: 'signed-in' };
  } catch (error) {
    if (isMultiFactorError(error)) return startSecondFactor(auth, error, container);
    throw error;
  }
}

/**
 * The provider the university's mail runs on. The hint (Google's hosted domain, Microsoft's
 * tenant) only narrows the account chooser: the site server's rule decides who may read.
 */
function universityProvider({ provider, hint }: UniversityAccountConfig) {
  if (provider === 'google') {
    const google = new GoogleAuthProvider();
    google.setCustomParameters({ prompt: 'select_account', ...(hint ? { hd: hint } : {}) });
    return google;
  }
  const microsoft = new OAuthProvider('microsoft.com');
  microsoft.setCustomParameters({ prompt: 'select_account', ...(hint ? { tenant: hint } : {}) });
  return microsoft;
}

let app: FirebaseApp | undefined;

export function createAuthApi(config: FirebaseClientConfig, languageCode: string): AuthApi {
  app ??= initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  // Persistence order: IndexedDB, then local storage, then session storage (the first the browser offers).
  // No popup resolver here: given one, the SDK fetches Google's iframe loader on every page that
  // starts it. Only the GitHub sign-in needs it, so only that call passes it.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (config.emulatorHost) connectAuthEmulator(auth, `http://${config.emulatorHost}`, { disableWarnings: true });
  // The provider's e-mails (link, reset, verification) and pages in the reader's language.
  auth.languageCode = languageCode;
  return {
    subscribe: (listener) => onIdTokenChanged(auth, (user) => listener(snapshot(user))),
    signInWithPassword: (email, password, container) =>
      withSecondFactor(auth, () => signInWithEmailAndPassword(auth, email, password), container),
    signInWithGitHub: (container) =>
      withSecondFactor(
        auth,
        () => signInWithPopup(auth, new GithubAuthProvider(), browserPopupRedirectResolver),
        container,
      ),
    signInWithUniversityAccount: (account, container) =>
      withSecondFactor(
        auth,
        () => signInWithPopup(auth, universityProvider(account), browserPopupRedirectResolver),
        container,
      ),
    sendSignInLink: (email, returnUrl) => sendSignInLinkToEmail(auth, email, { url: returnUrl, handleCodeInApp: true }),
    isSignInLink: (url) => isSignInWithEmailLink(auth, url),
    async signInWithLink(email, url) {
      await signInWithEmailLink(auth, email, url);
    },
    linkCode: (url) => ActionCodeURL.parseLink(url)?.code ?? null,
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    currentReader: () => snapshot(auth.currentUser),
    idToken: async (forceRefresh = false) => (auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null),
    async reload() {
      if (auth.currentUser) {
        await auth.currentUser.reload();
        await auth.currentUser.getIdToken(true);
      }
    },
    signOut: () => signOut(auth),
  };
}
