import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useHistory } from '@docusaurus/router';
import Link from '@docusaurus/Link';
import { ACCESS_GRANTED_PARAMETER, type Locale } from '@trust/access-policy';
import { useAuth } from '../../auth/AuthProvider';
import { describeAuthError, errorCode } from '../../auth/errors';
import { forgetAddress, rememberedAddress, sendSignInLink, withoutLinkParameters } from '../../auth/emailLink';
import { readServerSession } from '../../auth/session';
import { LoadingOverlay } from './MembersGate';
import LinkSent from './LinkSent';
import { EmailField, Notices, addressProblem, checkFields, type Notice } from './Fields';
import { Address } from './BreakAfter';
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
  | { kind: 'signed-in'; email: string | null }
  | { kind: 'unusable'; reason: 'used' | 'incomplete' | 'failed'; detail: string | null; address: string };

/** Codes the provider gives a link that was used, has expired, or was cut short. */
const UNUSABLE_LINK = new Set(['auth/invalid-action-code', 'auth/expired-action-code', 'auth/argument-error']);

/**
 * The sign-in page as a sign-in link opens it: signs in as the address this browser asked the
 * link for (or, failing that, the one it is signed in with), or asks for the address when the link
 * is opened elsewhere; a link that cannot be used says why and offers a new one.
 */
export default function EmailLinkSignIn({ next, onRefused }: EmailLinkSignInProps): ReactNode {
  const { load, completeEmailLink, reader } = useAuth();
  const history = useHistory();
  const [stage, setStage] = useState<Stage>({ kind: 'working' });
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const link = useRef<string | null>(null);
  // Through the router, so that links built from the page's address (the navbar's) drop them too.
  const dropLinkParameters = (href: string) => history.replace(withoutLinkParameters(href));

  /**
   * Signs in with the link as `address`. `isGuess`: the address is only the one this browser is
   * signed in with; should the link be another address's, the page asks for it without calling
   * that a mistake of the reader's.
   */
  async function complete(address: string, isGuess = false): Promise<void> {
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
        if (isGuess) {
          setStage({ kind: 'confirm', error: null });
          return;
        }
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
      if (remembered) {
        await complete(remembered);
        return;
      }
      // No address waiting for this link here, yet a session is open: most likely the link was
      // used here already and opened again from the mailbox.
      const session = await readServerSession().catch(() => null);
      if (session?.active) {
        dropLinkParameters(href);
        setStage({ kind: 'signed-in', email: session.email });
        return;
      }
      // Signed in here without a session (refused, say, before the centre approved a request): the
      // link was most likely sent to that address. The provider checks it against the link, so
      // trying it asks nothing of the reader and risks nothing.
      const signedIn = api.currentReader()?.email;
      if (signedIn) await complete(signedIn, true);
      else setStage({ kind: 'confirm', error: null });
    })();
    // Once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A reader already signed in here most likely opened a link sent to that same address: it is
  // offered, not assumed (the provider still checks it against the link).
  const signedInAddress = reader?.email ?? null;
  const isConfirming = stage.kind === 'confirm';
  useEffect(() => {
    if (isConfirming && signedInAddress) setEmail((typed) => typed || signedInAddress);
  }, [isConfirming, signedInAddress]);

  if (stage.kind === 'working') return <LoadingOverlay />;

  if (stage.kind === 'signed-in') return <AlreadySignedIn email={stage.email} next={next} />;

  if (stage.kind === 'confirm') {
    const isGrant = new URLSearchParams(window.location.search).get(ACCESS_GRANTED_PARAMETER) === '1';
    const submit = (event: FormEvent) => {
      event.preventDefault();
      // Checked here first: an address the provider refuses would be taken for another one.
      const problem = checkFields([['email', 'link-email', addressProblem(email)]])?.email ?? null;
      setEmailError(problem);
      if (problem) setStage({ kind: 'confirm', error: null });
      else void complete(email.trim());
    };
    return (
      <section className={styles.card} aria-labelledby="link-confirm-title">
        <h1 id="link-confirm-title">
          <Translate id="auth.link.confirmTitle" description="Heading when a sign-in link asks for the address again">
            Confirm your e-mail address
          </Translate>
        </h1>
        <p>
          {isGrant ? (
            <Translate
              id="auth.link.grantedText"
              description="A link the centre sent on approving a request for access"
            >
              The centre has granted you access to the documentation. This browser does not know your address yet; to
              protect your account, type the address this link was sent to.
            </Translate>
          ) : (
            <Translate id="auth.link.confirmText" description="Why the address is asked for again">
              You opened this link in a different browser from the one you asked from; to protect your account, type the
              address the link was sent to.
            </Translate>
          )}
        </p>
        <form onSubmit={submit} className={forms.form} noValidate>
          <EmailField id="link-email" value={email} onChange={setEmail} error={emailError} />
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
  const { i18n } = useDocusaurusContext();
  const { load } = useAuth();
  const [email, setEmail] = useState(address);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
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

  const send = async (to: string) => sendSignInLink(await load(), to, next, i18n.currentLocale as Locale);

  const resend = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkFields([['email', 'link-resend-email', addressProblem(email)]])?.email ?? null;
    setEmailError(problem);
    if (problem) return;
    setBusy(true);
    setNotice(null);
    void (async () => {
      try {
        await send(email.trim());
        setSentTo(email.trim());
      } catch (error) {
        setNotice({ kind: 'error', text: describeAuthError(error) });
      } finally {
        setBusy(false);
      }
    })();
  };

  if (sentTo)
    return (
      <div className={styles.card}>
        <LinkSent address={sentTo} onResend={() => send(sentTo)} onOtherAddress={() => setSentTo(null)} isPageHeading />
      </div>
    );

  return (
    <section className={styles.card} aria-labelledby="link-unusable-title">
      <h1 id="link-unusable-title">
        <Translate id="auth.link.unusableTitle" description="Heading when a sign-in link cannot be used">
          This link cannot sign you in
        </Translate>
      </h1>
      <p role="alert">{explanation}</p>
      <form onSubmit={resend} className={forms.form} noValidate>
        <EmailField id="link-resend-email" value={email} onChange={setEmail} error={emailError} />
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

/** A sign-in link opened again while its reader is signed in: nothing to do but go on. */
function AlreadySignedIn({ email, next }: { email: string | null; next: string }): ReactNode {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="link-signed-in-title">
      <h1 id="link-signed-in-title" ref={heading} tabIndex={-1}>
        <Translate id="auth.link.alreadyTitle" description="Heading when a used sign-in link is opened while signed in">
          You are already signed in
        </Translate>
      </h1>
      <p>
        {email ? (
          <Translate
            id="auth.link.alreadyAs"
            description="A used sign-in link opened while signed in, with the reader's address"
            values={{ email: <Address email={email} /> }}
          >
            {'This sign-in link has been used already, and you are signed in as {email}. Nothing more to do.'}
          </Translate>
        ) : (
          <Translate id="auth.link.already" description="A used sign-in link opened while signed in">
            This sign-in link has been used already, and you are signed in. Nothing more to do.
          </Translate>
        )}
      </p>
      <Link className="button button--primary" to={next}>
        <Translate id="auth.link.goOn" description="Button that goes on to the page the reader asked for">
          Go on to the page
        </Translate>
      </Link>
    </section>
  );
}
