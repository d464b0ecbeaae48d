import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useHistory } from '@docusaurus/router';
import type { Locale } from '@trust/access-policy';
import { useAuth } from '../../auth/AuthProvider';
import { describeAuthError, errorCode } from '../../auth/errors';
import { forgetAddress, rememberedAddress, sendSignInLink, withoutLinkParameters } from '../../auth/emailLink';
import type { FirebaseClientConfig } from '../../config/firebase';
import { LoadingOverlay } from './MembersGate';
import { linkSentText } from './SignInForm';
import { EmailField, Notices, type Notice } from './Fields';
import styles from './styles.module.css';
import forms from '../forms.module.css';

interface EmailLinkSignInProps {
  /** Where to go once the session is open. */
  next: string;
  /** The server refused the reader: the page shows 'Not allowed'. */
  onRefused(): void;
}

type Stage =
  | { kind: 'working' }
  | { kind: 'confirm'; error: string | null }
  | { kind: 'unusable'; reason: 'used' | 'incomplete' | 'failed'; detail: string | null; address: string };

/** Codes the provider gives a link that was used, has expired, or was cut short. */
const UNUSABLE_LINK = new Set(['auth/invalid-action-code', 'auth/expired-action-code', 'auth/argument-error']);

/**
 * The sign-in page as a sign-in link opens it: signs in as the address this browser asked the
 * link for, or asks for the address when the link is opened elsewhere; a link that cannot be
 * used says why and offers a new one.
 */
export default function EmailLinkSignIn({ next, onRefused }: EmailLinkSignInProps): ReactNode {
  const { load, completeEmailLink } = useAuth();
  const history = useHistory();
  const [stage, setStage] = useState<Stage>({ kind: 'working' });
  const [email, setEmail] = useState('');
  const link = useRef<string | null>(null);
  // Through the router, so that links built from the page's address (the navbar's) drop them too.
  const dropLinkParameters = (href: string) => history.replace(withoutLinkParameters(href));

  async function complete(address: string): Promise<void> {
    setStage({ kind: 'working' });
    const href = link.current!;
    try {
      const isOpen = await completeEmailLink(address, href);
      forgetAddress();
      dropLinkParameters(href);
      if (isOpen) window.location.assign(next);
      else onRefused();
    } catch (error) {
      const code = errorCode(error);
      // The link is still good: the provider refused the address before using it.
      if (code === 'auth/invalid-email') {
        setStage({
          kind: 'confirm',
          error: translate({
            id: 'auth.link.otherAddress',
            message: 'This link was sent to another address. Enter the address you asked for the link with.',
            description: 'An e-mailed sign-in link opened with a different address typed',
          }),
        });
        return;
      }
      dropLinkParameters(href);
      setStage(
        UNUSABLE_LINK.has(code)
          ? { kind: 'unusable', reason: 'used', detail: null, address }
          : { kind: 'unusable', reason: 'failed', detail: describeAuthError(error), address },
      );
    }
  }

  useEffect(() => {
    void (async () => {
      const href = window.location.href;
      const api = await load();
      if (!api.isSignInLink(href)) {
        dropLinkParameters(href);
        setStage({ kind: 'unusable', reason: 'incomplete', detail: null, address: rememberedAddress() ?? '' });
        return;
      }
      link.current = href;
      const remembered = rememberedAddress();
      if (remembered) await complete(remembered);
      else setStage({ kind: 'confirm', error: null });
    })();
    // Once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (stage.kind === 'working') return <LoadingOverlay />;

  if (stage.kind === 'confirm') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      void complete(email.trim());
    };
    return (
      <section className={styles.card} aria-labelledby="link-confirm-title">
        <h2 id="link-confirm-title">
          <Translate id="auth.link.confirmTitle" description="Heading when a sign-in link asks for the address again">
            Confirm your e-mail address
          </Translate>
        </h2>
        <p>
          <Translate id="auth.link.confirmText" description="Why the address is asked for again">
            This browser did not ask for the link. For your security, enter the address it was sent to.
          </Translate>
        </p>
        <form onSubmit={submit} className={forms.form}>
          <EmailField id="link-email" value={email} onChange={setEmail} />
          <button type="submit" className="button button--primary">
            <Translate id="auth.link.continue" description="Button that signs in with the link and the address typed">
              Continue
            </Translate>
          </button>
        </form>
        <Notices notice={stage.error ? { kind: 'error', text: stage.error } : null} />
      </section>
    );
  }

  return <UnusableLink reason={stage.reason} detail={stage.detail} address={stage.address} next={next} />;
}

/** A link that cannot sign anyone in: why, and a new one. */
function UnusableLink({
  reason,
  detail,
  address,
  next,
}: {
  reason: 'used' | 'incomplete' | 'failed';
  detail: string | null;
  /** The address last tried or asked for, to send the new link to. */
  address: string;
  next: string;
}): ReactNode {
  const { i18n, siteConfig } = useDocusaurusContext();
  const { emulatorHost } = siteConfig.customFields!.firebase as FirebaseClientConfig;
  const { load } = useAuth();
  const [email, setEmail] = useState(address);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const explanation =
    reason === 'used'
      ? translate({
          id: 'auth.link.used',
          message: 'This sign-in link has already been used or has expired. Each link works once.',
          description: 'A sign-in link that was used or expired',
        })
      : reason === 'incomplete'
        ? translate({
            id: 'auth.link.incomplete',
            message:
              'This sign-in link is incomplete: part of it may have been cut off when it was copied. Ask for a new one.',
            description: 'A sign-in link with missing or damaged parameters',
          })
        : (detail ?? '');

  const resend = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    void (async () => {
      try {
        await sendSignInLink(await load(), email.trim(), next, i18n.currentLocale as Locale);
        setNotice({ kind: 'info', text: linkSentText(email.trim(), emulatorHost !== null) });
      } catch (error) {
        setNotice({ kind: 'error', text: describeAuthError(error) });
      } finally {
        setBusy(false);
      }
    })();
  };

  return (
    <section className={styles.card} aria-labelledby="link-unusable-title">
      <h2 id="link-unusable-title">
        <Translate id="auth.link.unusableTitle" description="Heading when a sign-in link cannot be used">
          This link cannot sign you in
        </Translate>
      </h2>
      <p role="alert">{explanation}</p>
      <form onSubmit={resend} className={forms.form}>
        <EmailField id="link-resend-email" value={email} onChange={setEmail} />
        <button type="submit" className="button button--primary" disabled={busy}>
          <Translate id="auth.link.sendNew" description="Button that e-mails a new sign-in link">
            E-mail me a new link
          </Translate>
        </button>
      </form>
      <Notices notice={notice} />
    </section>
  );
}
