import { useEffect, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useAuth } from '../../auth/AuthProvider';
import { isServedPage } from '../../auth/readerState';
import NotAllowed from './NotAllowed';
import SignInForm from './SignInForm';
import styles from './styles.module.css';

export function LoadingOverlay(): ReactNode {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className="loading-spinner" aria-hidden="true" />
      <Translate id="auth.loading" description="Shown while the sign-in state is being checked">
        Checking your access…
      </Translate>
    </div>
  );
}

interface MembersGateProps {
  /** What an allowed reader sees. */
  children: ReactNode;
  /** Called once the server has issued the session, after a sign-in from this form. */
  onSessionCreated(): void;
}

/**
 * The browser side of the documentation lock (the server enforces it). The page the server sent
 * shows at once, in its HTML and while the reader is identified: the server sent it only after
 * verifying an allowed reader's session. After an in-site navigation the loading overlay shows
 * until the reader is known (children stay rendered, hidden). Once known: the sign-in form when
 * signed out (also after signing out on this page), 'Not allowed' with the form when the account
 * may not read, the content otherwise.
 */
export default function MembersGate({ children, onSessionCreated }: MembersGateProps): ReactNode {
  const { status, isRefused, identify, openSession } = useAuth();
  const { pathname, search } = useLocation();
  const isBrowser = useIsBrowser();
  useEffect(() => {
    void identify();
  }, [identify]);

  const isKnown = isBrowser && (status === 'signed-in' || status === 'signed-out');
  if (!isKnown || (status === 'signed-in' && !isRefused)) {
    const isShown = isKnown || !isBrowser || isServedPage(pathname);
    return (
      <>
        {!isShown && <LoadingOverlay />}
        <div hidden={!isShown}>{children}</div>
      </>
    );
  }
  return (
    <main className="container margin-vert--lg">
      {status === 'signed-in' && <NotAllowed page={`${pathname}${search}`} />}
      <SignInForm
        returnPath={`${pathname}${search}`}
        isAnotherAddress={status === 'signed-in'}
        isUnderNotice={status === 'signed-in'}
        onSignedIn={async () => {
          if (await openSession()) onSessionCreated();
        }}
      />
    </main>
  );
}
