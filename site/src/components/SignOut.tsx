import { useEffect, useRef, useState, type ReactNode } from 'react';
import GoHomeLink from './GoHomeLink';
import Translate from '@docusaurus/Translate';
import { useAuth } from '../auth/AuthProvider';
import { describeAuthError } from '../auth/errors';

interface SignOutProps {
  /** Told the outcome: null on success, the error otherwise. */
  onDone?: (error: unknown) => void;
}

/** Signs the reader out as soon as it is shown, then says how it went. */
export default function SignOut({ onDone }: SignOutProps): ReactNode {
  const { signOut } = useAuth();
  const [outcome, setOutcome] = useState<'pending' | 'done' | { error: unknown }>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then((error) => {
      setOutcome(error === null ? 'done' : { error });
      onDone?.(error);
    });
  }, [signOut, onDone]);

  return (
    <div role="status" aria-live="polite">
      {outcome === 'pending' && (
        <p>
          <Translate id="auth.signOut.pending" description="Shown while signing out">
            Signing you out…
          </Translate>
        </p>
      )}
      {outcome === 'done' && (
        <p>
          <Translate id="auth.signOut.done" description="Shown after signing out">
            You have signed out. This ended your sessions on every device and disconnected every AI assistant you had
            connected; the documentation stays closed until you sign in again.
          </Translate>
        </p>
      )}
      {typeof outcome === 'object' && (
        <p role="alert">
          <Translate
            id="auth.signOut.failed"
            description="Shown when signing out failed"
            values={{ reason: describeAuthError(outcome.error) }}
          >
            {'Signing out did not finish: {reason}'}
          </Translate>
        </p>
      )}
      <GoHomeLink />
    </div>
  );
}
