import { useEffect, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import { translate } from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { DOCS_HOME_PATH, SESSION_END_PARAMETER, safeReturnPath } from '@trust/access-policy';
import { useAuth } from '../auth/AuthProvider';
import { hasServerSession, mayRetryAutomatically } from '../auth/completeSignIn';
import { describeAuthError } from '../auth/errors';
import { looksLikeSignInLink } from '../auth/emailLink';
import EmailLinkSignIn from '../components/SignIn/EmailLinkSignIn';
import { LoadingOverlay } from '../components/SignIn/MembersGate';
import NotAllowed from '../components/SignIn/NotAllowed';
import SessionEnded, { sessionEndOf } from '../components/SignIn/SessionEnded';
import { lastAddress } from '../auth/readerState';
import SignInForm from '../components/SignIn/SignInForm';

/**
 * Where the server sends a reader without a session who asked for a documentation page
 * (`/signin?next=/docs/…`), and where "Sign in" leads. After signing in, the reader goes back to
 * `next`, which must be a path of this site.
 */
export default function SignInPage(): ReactNode {
  const location = useLocation();
  const fallback = useBaseUrl(DOCS_HOME_PATH);
  const query = new URLSearchParams(location.search);
  const next = safeReturnPath(query.get('next')) ?? fallback;
  // The page the server sent has no query: what the query says shows once the page has hydrated.
  const isBrowser = useIsBrowser();
  const ended = isBrowser ? sessionEndOf(query.get(SESSION_END_PARAMETER)) : null;
  // Read after hydration: the page the server sent has no address in it.
  const [endedAddress, setEndedAddress] = useState<string | null>(null);
  useEffect(() => {
    if (ended && ended !== 'signed-out') setEndedAddress(lastAddress());
  }, [ended]);
  const { status, isRefused, identify, openSession } = useAuth();
  const isRefusedHere = status === 'signed-in' && isRefused;
  // Opened from an e-mailed sign-in link: that link decides who signs in, not an earlier sign-in.
  // Its phase follows in the first effect, after hydration.
  const fromLink = looksLikeSignInLink(location.search);
  const [phase, setPhase] = useState<'checking' | 'link' | 'form' | 'leaving'>('checking');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (fromLink) setPhase((current) => (current === 'checking' ? 'link' : current));
  }, [fromLink]);

  useEffect(() => {
    void identify();
  }, [identify]);

  useEffect(() => {
    if (phase !== 'checking' || fromLink) return;
    if (status === 'signed-out' || (status === 'signed-in' && isRefused)) {
      setPhase('form');
      return;
    }
    if (status !== 'signed-in') return;
    // Signed in already (for example the session cookie expired): reuse the sign-in; the server
    // opens a session or refuses the reader.
    void (async () => {
      try {
        // The server decides first: a reader it refuses (an invitation revoked, say) sees why.
        if (!(await hasServerSession()) && !(await openSession())) {
          setPhase('form');
          return;
        }
        if (!mayRetryAutomatically(next)) {
          setProblem(
            translate({
              id: 'auth.signIn.cookieRefused',
              message: 'Your browser did not keep the session. Allow cookies for this site and sign in again.',
              description: 'Shown when the session cookie does not stick',
            }),
          );
          setPhase('form');
          return;
        }
        setPhase('leaving');
        window.location.assign(next);
      } catch (error) {
        setProblem(describeAuthError(error));
        setPhase('form');
      }
    })();
  }, [status, isRefused, phase, fromLink, next, openSession]);

  return (
    <Layout
      title={translate({ id: 'auth.signIn.pageTitle', message: 'Sign in', description: 'Title of the sign-in page' })}
      description={translate({
        id: 'auth.signIn.pageDescription',
        message: 'Sign in to read the Intrusion Sentinel documentation.',
        description: 'Meta description of the sign-in page',
      })}
      noFooter={false}
    >
      <main className="container margin-vert--lg">
        {ended && phase !== 'link' && <SessionEnded ended={ended} address={endedAddress} />}
        {phase === 'link' ? (
          <EmailLinkSignIn next={next} onRefused={() => setPhase('form')} />
        ) : phase === 'form' ? (
          <>
            {isRefusedHere && <NotAllowed page={next} />}
            {problem && (
              <p className="text--center" role="alert">
                {problem}
              </p>
            )}
            <SignInForm
              returnPath={next}
              initialEmail={endedAddress}
              takesFocus={!ended && !isRefusedHere && !problem}
              isAnotherAddress={isRefusedHere}
              isUnderNotice={Boolean(ended) || isRefusedHere}
              onSignedIn={async () => {
                if (!(await openSession())) return;
                setPhase('leaving');
                window.location.assign(next);
              }}
            />
          </>
        ) : (
          <LoadingOverlay />
        )}
      </main>
    </Layout>
  );
}
