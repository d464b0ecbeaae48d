import { useState, type ReactNode } from 'react';
import GoHomeLink from '../GoHomeLink';
import Translate from '@docusaurus/Translate';
import { useAuth } from '../../auth/AuthProvider';
import { describeAuthError } from '../../auth/errors';
import styles from './styles.module.css';

/** The 'Not allowed' screen, with a way to verify an unverified address. */
export default function NotAllowed(): ReactNode {
  const { reader, load } = useAuth();
  const [sent, setSent] = useState<'idle' | 'sent' | string>('idle');
  const isUnverified = reader !== null && !reader.emailVerified && reader.email !== null;

  async function sendVerification(): Promise<void> {
    try {
      await (await load()).sendVerification();
      setSent('sent');
    } catch (error) {
      setSent(describeAuthError(error));
    }
  }

  return (
    <section className={styles.notAllowed} aria-labelledby="not-allowed-title">
      <h2 id="not-allowed-title" className={styles.notAllowedTitle}>
        <Translate id="auth.notAllowed.title" description="Heading of the 'Not allowed' screen">
          Not allowed
        </Translate>
      </h2>
      <p>
        <Translate id="auth.notAllowed.message" description="The 'Not allowed' text: who may read, and whom to ask">
          You are not allowed to access this page. Please sign in with your UAI email or Whitelisted email. For more
          information, please contact the administrator.
        </Translate>
      </p>
      {reader?.email && (
        <p>
          <Translate
            id="auth.notAllowed.signedInAs"
            description="Which account is signed in on the 'Not allowed' screen"
            values={{ email: <strong>{reader.email}</strong> }}
          >
            {'You are signed in as {email}.'}
          </Translate>
        </p>
      )}
      {isUnverified && (
        <div className={styles.verify}>
          <p>
            <Translate id="auth.notAllowed.unverified" description="Explains that the address must be verified">
              This address has not been verified yet. Members of the university must verify their address before reading
              the documentation.
            </Translate>
          </p>
          {sent === 'sent' ? (
            <p role="status">
              <Translate
                id="auth.notAllowed.verificationSent"
                description="Confirmation after sending the verification e-mail"
              >
                We sent you a verification link. Open it, then sign in again here.
              </Translate>
            </p>
          ) : (
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => void sendVerification()}
            >
              <Translate id="auth.notAllowed.sendVerification" description="Button that sends a verification e-mail">
                Send verification e-mail
              </Translate>
            </button>
          )}
          {sent !== 'idle' && sent !== 'sent' && (
            <p className={styles.error} role="alert">
              {sent}
            </p>
          )}
        </div>
      )}
      <GoHomeLink isSmall />
    </section>
  );
}
