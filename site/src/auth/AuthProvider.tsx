import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { FirebaseClientConfig } from '../config/firebase';
import type { AuthApi, ReaderSnapshot } from './sdk';
import { completeLinkSignIn, createSessionFromCurrentUser } from './completeSignIn';
import { deleteServerSession, hasServerSession, readServerSession, type Refusal } from './session';
import { isReturningReader, rememberAddress, rememberReturningReader, setAccess } from './readerState';

export type AuthStatus = 'idle' | 'loading' | 'signed-out' | 'signed-in';

export interface AuthContextValue {
  /** `idle`: the SDK is not loaded (nobody has needed it yet); `loading`: state still unknown. */
  status: AuthStatus;
  reader: ReaderSnapshot | null;
  /**
   * The server refused to open a session for the signed-in reader: the access rule does not
   * admit them. The browser does not hold the rule; until the server has answered, nobody is.
   */
  isRefused: boolean;
  /** What the server said when it refused: the address it saw and why; null otherwise. */
  refusal: Refusal | null;
  /** Holding a server session: documentation files (and its search index) may be fetched. */
  hasMembersAccess: boolean;
  /** Loads the SDK if needed and resolves once the reader's state is known. */
  load(): Promise<AuthApi>;
  /**
   * Finds out who the reader is, asking the site server before loading the SDK: a reader whose
   * session is open needs no SDK until signing out.
   */
  identify(): Promise<void>;
  /** Ends the session on the server and in the browser; resolves to null or the error. */
  signOut(): Promise<unknown>;
  /** After sign-in: opens the server session; false when the server refuses the reader. */
  openSession(): Promise<boolean>;
  /**
   * Signs in with an e-mail link (as the address typed, which must be the one it was sent to)
   * and opens the session; false when the server refuses the reader.
   */
  completeEmailLink(email: string, url: string): Promise<boolean>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }): ReactNode {
  const { siteConfig, i18n } = useDocusaurusContext();
  const firebaseConfig = siteConfig.customFields!.firebase as FirebaseClientConfig;
  const [status, setStatus] = useState<AuthStatus>('idle');
  const [reader, setReader] = useState<ReaderSnapshot | null>(null);
  // Whether the server holds a session for this browser; only then may docs chunks be fetched.
  const [hasSession, setHasSession] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const isRefused = refusal !== null;
  const readerEmail = useRef<string | null>(null);
  const apiPromise = useRef<Promise<AuthApi> | null>(null);
  const identifyPromise = useRef<Promise<void> | null>(null);

  const load = useCallback((): Promise<AuthApi> => {
    apiPromise.current ??= (async () => {
      setStatus((current) => (current === 'idle' ? 'loading' : current));
      const { createAuthApi } = await import('./sdk');
      const api = createAuthApi(firebaseConfig, i18n.currentLocale);
      await new Promise<void>((resolve) => {
        api.subscribe((next) => {
          // Another reader (or none): whatever the server said of the previous one no longer holds.
          if (readerEmail.current !== (next?.email ?? null)) setRefusal(null);
          readerEmail.current = next?.email ?? null;
          setReader(next);
          setStatus(next ? 'signed-in' : 'signed-out');
          resolve();
        });
      });
      return api;
    })();
    return apiPromise.current;
  }, [firebaseConfig, i18n.currentLocale]);

  // The SDK is about 30 KB of compressed JavaScript and, on a mid-range phone, some 80 ms of
  // main-thread work on every documentation page. The site server already knows a reader whose
  // session is open (it gives one only to a verified address the access rule allows), so that
  // reader's pages do without the SDK until it is needed: to sign out, or to sign in again. Once
  // loaded, the SDK's answer is the one that counts.
  const identify = useCallback((): Promise<void> => {
    identifyPromise.current ??= (async () => {
      setStatus((current) => (current === 'idle' ? 'loading' : current));
      const session = await readServerSession().catch(() => null);
      if (session?.active && apiPromise.current === null) {
        setReader({ email: session.email, emailVerified: true });
        setHasSession(true);
        setStatus('signed-in');
        return;
      }
      if (session) setHasSession(false);
      // No session, and this browser never kept a sign-in: the reader is signed out, and the SDK
      // waits until they start signing in.
      if (apiPromise.current === null && !isReturningReader()) {
        setStatus((current) => (current === 'loading' ? 'signed-out' : current));
        return;
      }
      // No session, but a sign-in this browser kept: the SDK tells a signed-out reader from one
      // who has to open a session again.
      await load();
    })();
    return identifyPromise.current;
  }, [load]);

  useEffect(() => {
    if (isReturningReader()) void identify();
  }, [identify]);

  useEffect(() => {
    if (status !== 'signed-in' || isRefused || hasSession !== null) return;
    let isCurrent = true;
    hasServerSession()
      .then((active) => isCurrent && setHasSession(active))
      .catch(() => isCurrent && setHasSession(false));
    return () => {
      isCurrent = false;
    };
  }, [status, isRefused, hasSession]);

  useEffect(() => {
    if (status === 'signed-in' || status === 'signed-out') {
      setAccess(
        status === 'signed-in' && hasSession === true
          ? 'allowed'
          : status === 'signed-in' && !isRefused && hasSession === null
            ? 'unknown'
            : 'not-allowed',
      );
      rememberReturningReader(status === 'signed-in');
      if (status === 'signed-in' && hasSession === true && reader?.email) rememberAddress(reader.email);
    } else if (status === 'idle') {
      setAccess(isReturningReader() ? 'unknown' : 'not-allowed');
    }
  }, [status, isRefused, hasSession, reader]);

  const signOut = useCallback(async (): Promise<unknown> => {
    try {
      // The provider's sign-out first: ending the server session revokes the account's tokens,
      // and an SDK still holding them would fail its next refresh. A browser that never kept a
      // sign-in, and has not loaded the SDK, has nothing there to sign out of.
      if (apiPromise.current !== null || isReturningReader()) await (await load()).signOut();
      await deleteServerSession();
      setHasSession(false);
      rememberReturningReader(false);
      rememberAddress(null);
      return null;
    } catch (error) {
      console.error('Signing out failed.', error);
      return error;
    }
  }, [load]);

  const openSession = useCallback(async (): Promise<boolean> => {
    const refused = await createSessionFromCurrentUser(await load());
    setRefusal(refused);
    if (!refused) setHasSession(true);
    return !refused;
  }, [load]);

  const completeEmailLink = useCallback(
    async (email: string, url: string): Promise<boolean> => {
      await completeLinkSignIn(await load(), email, url);
      return openSession();
    },
    [load, openSession],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      reader,
      isRefused,
      refusal,
      hasMembersAccess: status === 'signed-in' && hasSession === true,
      load,
      identify,
      signOut,
      openSession,
      completeEmailLink,
    }),
    [status, reader, isRefused, refusal, hasSession, load, identify, signOut, openSession, completeEmailLink],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider> (src/theme/Root).');
  return value;
}
