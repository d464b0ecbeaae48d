import { useEffect, useRef, useState, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { describeAuthError } from '../../auth/errors';
import type { FirebaseClientConfig } from '../../config/firebase';
import { Notices, type Notice } from './Fields';
import { Address } from './BreakAfter';
import styles from './styles.module.css';

interface LinkSentProps {
  /** The address the link went to. */
  address: string;
  /** Sends the same link again. */
  onResend(): Promise<void>;
  /** Goes back to the form to type another address; without it, no such button. */
  onOtherAddress?(): void;
  /** Whether the panel is all the page shows, its heading then the page's h1. */
  isPageHeading?: boolean;
}

/**
 * What the reader sees once a sign-in link is on its way: where it went, how long it lasts, and
 * what to do if it does not arrive. Focus moves to its heading, so a screen reader says it and a
 * phone scrolls to it.
 */
export default function LinkSent({
  address,
  onResend,
  onOtherAddress,
  isPageHeading = false,
}: LinkSentProps): ReactNode {
  const Title = isPageHeading ? 'h1' : 'h2';
  const { siteConfig, i18n } = useDocusaurusContext();
  const { emulatorHost } = siteConfig.customFields!.firebase as FirebaseClientConfig;
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [address]);

  const resend = async () => {
    setBusy(true);
    setNotice(null);
    try {
      await onResend();
      setNotice({
        kind: 'info',
        text: translate(
          {
            id: 'auth.linkSent.again',
            message: 'Sent again at {time}. Use the newest e-mail.',
            description: 'After sending the sign-in link a second time',
          },
          {
            time: new Date().toLocaleTimeString(i18n.currentLocale, {
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
            }),
          },
        ),
      });
    } catch (error) {
      setNotice({ kind: 'error', text: describeAuthError(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.sent} data-testid="link-sent">
      <Title ref={heading} tabIndex={-1} className={styles.sentTitle}>
        <Translate id="auth.linkSent.title" description="Heading once a sign-in link is on its way">
          Check your e-mail
        </Translate>
      </Title>
      <p>
        <Translate
          id="auth.linkSent.where"
          description="Where the sign-in link went and what opening it does"
          values={{ email: <Address email={address} /> }}
        >
          {'We sent a sign-in link to {email}. Open it on this device and you will come straight back here, signed in.'}
        </Translate>
      </p>
      <p>
        <Translate id="auth.linkSent.lifetime" description="How long a sign-in link lasts and what to do if it is late">
          The link works once and expires after a few hours. If it has not arrived within a few minutes, look in your
          spam folder or send it again.
        </Translate>
      </p>
      {emulatorHost !== null && (
        <p>
          <Translate
            id="auth.signIn.linkSentDemo"
            description="Where the sign-in link is in the local demo (Auth emulator)"
          >
            Demo: no e-mail leaves this computer; the link is printed in the terminal running npm start.
          </Translate>
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="button button--secondary" disabled={busy} onClick={resend}>
          <Translate id="auth.linkSent.resend" description="Button that sends the same sign-in link again">
            Send the link again
          </Translate>
        </button>
        {onOtherAddress && (
          <button type="button" className="button button--secondary" onClick={onOtherAddress}>
            <Translate id="auth.linkSent.otherAddress" description="Button that goes back to type another address">
              Use another address
            </Translate>
          </button>
        )}
      </div>
      <Notices notice={notice} />
    </div>
  );
}
