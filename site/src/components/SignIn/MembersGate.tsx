import { useEffect, useState, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import { useAuth } from '../../auth/AuthProvider';
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
 * The browser side of the documentation lock (the server enforces it): the loading overlay
 * while the reader is unknown, the sign-in form when signed out, 'Not allowed' with the form
 * when the account may not read, the content otherwise. Children stay rendered (hidden) while
 * loading so that server-rendered HTML keeps the page's text.
 */
export default function MembersGate({ children, onSessionCreated }: MembersGateProps): ReactNode {
  const { status, isAllowed, load, openSession } = useAuth();
  const [isMounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    void load();
  }, [load]);

  const isKnown = isMounted && (status === 'signed-in' || status === 'signed-out');
  if (!isKnown || (status === 'signed-in' && isAllowed)) {
    return (
      <>
        {!isKnown && <LoadingOverlay />}
        <div hidden={!isKnown}>{children}</div>
      </>
    );
  }
  return (
    <main className="container margin-vert--lg">
      {status === 'signed-in' && <NotAllowed />}
      <SignInForm
        onSignedIn={async () => {
          if (await openSession()) onSessionCreated();
        }}
      />
    </main>
  );
}
