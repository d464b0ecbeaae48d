import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useSiteIdentity } from '../../hooks/useSiteIdentity';
import { useAuth } from '../../auth/AuthProvider';
import { CodedError, describeAuthError } from '../../auth/errors';
import { sendSignInLink } from '../../auth/emailLink';
import type { SecondFactorChallenge, SignInOutcome } from '../../auth/sdk';
import type { FirebaseClientConfig } from '../../config/firebase';
import type { Locale } from '@trust/access-policy';
import {
  EmailField,
  FieldError,
  Notices,
  addressProblem,
  checkFields,
  errorAbout,
  fieldOf,
  invalidProps,
  passwordProblem,
  type FieldName,
  type FieldProblems,
  type Notice,
} from './Fields';
import { destinationOf, useDestinationWords } from './destination';
import LinkSent from './LinkSent';
import styles from './styles.module.css';
import forms from '../forms.module.css';

interface SignInFormProps {
  /** Called after the identity provider has signed the reader in (both factors). */
  onSignedIn(): Promise<void>;
  /** The page to come back to from an e-mailed sign-in link (a path of this site). */
  returnPath: string;
  /** An address to fill in (the reader's, when the server ended their session). */
  initialEmail?: string | null;
  /** Whether the form's heading takes focus when it shows: nothing else on the page needs it first. */
  takesFocus?: boolean;
  /** Shown under 'Not allowed': the form is for signing in with another address. */
  isAnotherAddress?: boolean;
  /** Whether a notice above the form (a session that ended, 'Not allowed') holds the page's h1. */
  isUnderNotice?: boolean;
}

/**
 * The sign-in screen: the university's own account, a sign-in link by e-mail (which also makes
 * the account of a member who has none), e-mail and password, GitHub, password reset, second factor.
 */
export default function SignInForm({
  onSignedIn,
  returnPath,
  initialEmail = null,
  takesFocus = false,
  isAnotherAddress = false,
  isUnderNotice = false,
}: SignInFormProps): ReactNode {
  const Title = isUnderNotice ? 'h2' : 'h1';
  const { i18n, siteConfig } = useDocusaurusContext();
  const { universityAccount } = siteConfig.customFields!.firebase as FirebaseClientConfig;
  const identity = useSiteIdentity();
  const { load } = useAuth();
  const [mode, setMode] = useState<'link' | 'password'>('link');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const recaptcha = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // On the way to the documentation's home, whom it is for matters more than where the reader goes:
  // an outsider learns it before trying to sign in. From one of its pages, the reader learns they
  // come back to it (never by its title, which is for members).
  const destination = useDestinationWords(returnPath);
  const isFromDocsPage = destinationOf(returnPath).kind === 'documentation';

  // The heading rather than the e-mail field: university members' first way in is the button
  // above that field, a screen reader says where the reader is, and a phone keeps its keyboard
  // closed over a page the reader has not seen yet. One Tab reaches the first way in. A reader who
  // already moved focus (tabbing into the navbar while the page loaded) keeps their place.
  useEffect(() => {
    const isFocusFree = document.activeElement === null || document.activeElement === document.body;
    if (takesFocus && isFocusFree) heading.current?.focus();
    // Once, when the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The identity SDK (about 30 KB) loads once the reader turns to the form, not with the page, and
  // is ready by the click: a popup opened after a longer wait for it could be blocked.
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const prepare = () => void load();
    element.addEventListener('focusin', prepare, { once: true });
    element.addEventListener('pointerover', prepare, { once: true });
    return () => {
      element.removeEventListener('focusin', prepare);
      element.removeEventListener('pointerover', prepare);
    };
  }, [load]);

  useEffect(() => {
    if (initialEmail) setEmail((typed) => typed || initialEmail);
  }, [initialEmail]);

  const errorOf = (field: FieldName) => problems[field] ?? errorAbout(notice, field);

  /** Whether the form's own check of these fields passes; if not, their errors show and nothing is sent. */
  function passes(checks: Array<[FieldName, string, string | null]>): boolean {
    const found = checkFields(checks);
    setProblems(found ?? {});
    if (found) setNotice(null);
    return !found;
  }

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setNotice(null);
    setProblems({});
    try {
      await action();
    } catch (error) {
      setNotice({ kind: 'error', text: describeAuthError(error), field: fieldOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function finish(outcome: SignInOutcome): Promise<void> {
    if (outcome.kind === 'second-factor') {
      setChallenge(outcome.challenge);
      return;
    }
    // Signed in with the provider: the form has done its work, and if the server refuses the
    // address it stays on screen for another one, so it keeps neither the address nor its password.
    setEmail('');
    setPassword('');
    await onSignedIn();
  }

  const send = async (address: string) =>
    sendSignInLink(await load(), address, returnPath, i18n.currentLocale as Locale);

  const emailLink = (event: FormEvent) => {
    event.preventDefault();
    if (!passes([['email', 'sign-in-email', addressProblem(email)]])) return;
    void run(async () => {
      const address = email.trim();
      await send(address);
      setSentTo(address);
    });
  };

  const signInWithPassword = (event: FormEvent) => {
    event.preventDefault();
    const checks: Array<[FieldName, string, string | null]> = [
      ['email', 'sign-in-email', addressProblem(email)],
      ['password', 'sign-in-password', passwordProblem(password)],
    ];
    if (!passes(checks)) return;
    void run(async () => finish(await (await load()).signInWithPassword(email.trim(), password, recaptcha.current!)));
  };

  const signInWithGitHub = () =>
    void run(async () => finish(await (await load()).signInWithGitHub(recaptcha.current!)));

  const signInWithUniversityAccount = () =>
    void run(async () =>
      finish(await (await load()).signInWithUniversityAccount(universityAccount!, recaptcha.current!)),
    );

  const resetPassword = () => {
    // An empty address here asks for one "first": the reader pressed the reset, not the form's button.
    if (email.trim() && !passes([['email', 'sign-in-email', addressProblem(email)]])) return;
    void run(async () => {
      if (!email.trim()) throw new CodedError('auth/missing-email');
      await (await load()).sendPasswordReset(email.trim());
      setNotice({
        kind: 'info',
        text: translate({
          id: 'auth.signIn.resetSent',
          message: 'If an account exists for this address, we have sent it a link to choose a new password.',
          description: 'Confirmation after asking for a password reset',
        }),
      });
    });
  };

  const switched = useRef(false);
  const switchMode = () => {
    switched.current = true;
    setMode((current) => (current === 'link' ? 'password' : 'link'));
    setNotice(null);
    setProblems({});
  };
  // The other form replaces the one the reader was in: focus goes to its first field still to
  // fill, not left on the switch below it.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    const isAddressTyped = (document.getElementById('sign-in-email') as HTMLInputElement | null)?.value.trim();
    document.getElementById(mode === 'password' && isAddressTyped ? 'sign-in-password' : 'sign-in-email')?.focus();
  }, [mode]);

  let body: ReactNode;
  if (challenge) {
    body = (
      <SecondFactorStep
        challenge={challenge}
        onDone={async () => {
          setChallenge(null);
          setEmail('');
          setPassword('');
          await onSignedIn();
        }}
        onCancel={() => {
          setChallenge(null);
          setPassword('');
          setNotice(null);
        }}
      />
    );
  } else if (sentTo) {
    body = <LinkSent address={sentTo} onResend={() => send(sentTo)} onOtherAddress={() => setSentTo(null)} />;
  } else {
    body = (
      <>
        {universityAccount && (
          <>
            {/* The first way in, until the reader turns to a password: then "Sign in" is the one. Under
                'Not allowed' the page's main action is the request for access, whichever way the
                refused address came in. */}
            <button
              type="button"
              className={`button ${mode === 'password' || isAnotherAddress ? 'button--secondary' : 'button--primary'} button--block`}
              disabled={busy}
              onClick={signInWithUniversityAccount}
            >
              <Translate
                id="auth.signIn.university"
                description="Button that signs in with the university's own account"
              >
                Sign in with your UAI account
              </Translate>
            </button>
            <p className={styles.separator}>
              <Translate
                id="auth.signIn.orEmail"
                description="Separates the university-account button from the e-mail form"
              >
                or with your e-mail address
              </Translate>
            </p>
          </>
        )}
        {mode === 'link' ? (
          <form onSubmit={emailLink} className={forms.form} aria-describedby="sign-in-link-hint" noValidate>
            <EmailField id="sign-in-email" value={email} onChange={setEmail} error={errorOf('email')} />
            <p id="sign-in-link-hint" className={styles.hint}>
              <Translate id="auth.signIn.linkHint" description="Under the e-mail field of the sign-in-link form">
                No password needed: we e-mail you a link that signs you in. The first time, it also opens your account.
              </Translate>
            </p>
            <button
              type="submit"
              className={`button ${universityAccount ? 'button--secondary' : 'button--primary'}`}
              disabled={busy}
            >
              <Translate
                id="auth.signIn.emailLink"
                description="Button that e-mails a sign-in link to the address typed"
              >
                E-mail me a sign-in link
              </Translate>
            </button>
          </form>
        ) : (
          <form onSubmit={signInWithPassword} className={forms.form} noValidate>
            <EmailField id="sign-in-email" value={email} onChange={setEmail} error={errorOf('email')} />
            <label htmlFor="sign-in-password">
              <Translate id="auth.signIn.password" description="Label of the password field">
                Password
              </Translate>
            </label>
            <input
              id="sign-in-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...invalidProps('sign-in-password', errorOf('password'))}
            />
            <FieldError id="sign-in-password" error={errorOf('password')} />
            <button type="submit" className="button button--primary" disabled={busy}>
              <Translate id="auth.signIn.submit" description="Button that signs in with e-mail and password">
                Sign in
              </Translate>
            </button>
            <button type="button" className={`clean-btn ${styles.linkButton}`} disabled={busy} onClick={resetPassword}>
              <Translate id="auth.signIn.forgot" description="Button that sends a password-reset e-mail">
                Forgot password?
              </Translate>
            </button>
          </form>
        )}
        <Notices notice={notice} />
        <div className={styles.otherWays}>
          <button type="button" className={`clean-btn ${styles.linkButton}`} disabled={busy} onClick={switchMode}>
            {mode === 'link' ? (
              <Translate id="auth.signIn.usePassword" description="Shows the e-mail and password form">
                Use a password
              </Translate>
            ) : (
              <Translate id="auth.signIn.useLink" description="Goes back to the sign-in-link form">
                Use a sign-in link instead
              </Translate>
            )}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={signInWithGitHub}>
            <Translate id="auth.signIn.github" description="Button that signs in with GitHub">
              Sign in with GitHub
            </Translate>
          </button>
        </div>
      </>
    );
  }

  return (
    <section ref={card} className={styles.card} aria-labelledby="sign-in-title">
      <p className={styles.centre}>{i18n.currentLocale === 'es' ? identity.centreNameEs : identity.centreName}</p>
      <Title id="sign-in-title" ref={heading} tabIndex={-1} className={styles.title}>
        {challenge ? (
          <Translate id="auth.signIn.codeTitle" description="Heading of the sign-in form at the SMS code step">
            Enter the code from your phone
          </Translate>
        ) : isAnotherAddress ? (
          <Translate id="auth.signIn.anotherAddressTitle" description="Heading of the sign-in form under 'Not allowed'">
            Sign in with another address
          </Translate>
        ) : (
          <Translate id="auth.signIn.title" description="Heading of the sign-in form">
            Sign in to your account
          </Translate>
        )}
      </Title>
      {!challenge && (
        <p className={`${styles.hint} ${styles.next}`} data-testid="sign-in-next">
          {isFromDocsPage ? (
            <Translate
              id="auth.signIn.backToDocs"
              description="Under the sign-in heading, coming from a documentation page (never named: its title is for members)"
            >
              After signing in, you go back to the documentation page you opened.
            </Translate>
          ) : destination === null ? (
            <Translate
              id="auth.signIn.documentationFor"
              description="Under the sign-in heading, on the way to the documentation: whom the documentation is for"
            >
              The documentation is for members of the university and readers the centre invites.
            </Translate>
          ) : (
            <Translate
              id="auth.signIn.goesOnTo"
              description="Where the reader goes after signing in; {destination} names the page in words with its preposition ('to the blog'), never by its address"
              values={{ destination }}
            >
              {'After signing in, you go on {destination}.'}
            </Translate>
          )}
        </p>
      )}
      {body}
      <div ref={recaptcha} />
    </section>
  );
}

/**
 * The second sign-in step: the code field takes focus; a new code can be sent, and the step can
 * be left to sign in another way.
 */
function SecondFactorStep({
  challenge,
  onDone,
  onCancel,
}: {
  challenge: SecondFactorChallenge;
  onDone(): Promise<void>;
  onCancel(): void;
}): ReactNode {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const field = useRef<HTMLInputElement>(null);
  const digits = lastDigits(challenge.phoneHint);

  useEffect(() => {
    field.current?.focus();
  }, []);

  async function run(action: () => Promise<void>, done?: Notice): Promise<void> {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      if (done) setNotice(done);
    } catch (error) {
      setNotice({ kind: 'error', text: describeAuthError(error), field: fieldOf(error) });
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const typed = code.replace(/\s/g, '');
      if (!typed) throw new CodedError('auth/missing-verification-code');
      // The provider's codes are six digits: anything else is a typing slip, not a wrong code.
      if (!/^\d{6}$/.test(typed)) throw new CodedError('app/malformed-verification-code');
      await challenge.complete(typed);
      await onDone();
    });
  };

  const resend = () =>
    void run(
      async () => {
        await challenge.resend();
        setCode('');
        field.current?.focus();
      },
      {
        kind: 'info',
        text: translate(
          {
            id: 'auth.signIn.codeResent',
            message: 'We sent a new code to the phone ending in {digits}. The earlier code no longer works.',
            description: 'After sending a new second-factor code; {digits} are the last digits of the phone number',
          },
          { digits },
        ),
      },
    );

  return (
    <>
      <form onSubmit={submit} className={forms.form} noValidate>
        <p>
          <Translate
            id="auth.signIn.codeSent"
            description="Explains the second sign-in step; {digits} are the last digits of the phone number"
            values={{ digits }}
          >
            {'We sent a code by text message to the phone ending in {digits}. Enter it to finish signing in.'}
          </Translate>
        </p>
        <label htmlFor="sign-in-code">
          <Translate id="auth.signIn.code" description="Label of the second-factor code field">
            Verification code
          </Translate>
        </label>
        <input
          ref={field}
          id="sign-in-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...invalidProps('sign-in-code', errorAbout(notice, 'code'))}
        />
        <FieldError id="sign-in-code" error={errorAbout(notice, 'code')} />
        <div className={styles.stack}>
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            <Translate id="auth.signIn.verify" description="Button that submits the second-factor code">
              Verify
            </Translate>
          </button>
          <button type="button" className="button button--secondary button--block" disabled={busy} onClick={resend}>
            <Translate id="auth.signIn.resendCode" description="Button that sends a new second-factor code">
              Send a new code
            </Translate>
          </button>
          <button type="button" className="button button--secondary button--block" disabled={busy} onClick={onCancel}>
            <Translate id="auth.signIn.cancelCode" description="Button that leaves the second sign-in step">
              Cancel and sign in another way
            </Translate>
          </button>
        </div>
      </form>
      <Notices notice={notice} />
    </>
  );
}

/**
 * The last digits of the phone a code went to, as the reader knows it ("the phone ending in
 * 0100"): the provider gives the number masked but for them ("+*******0100"), which reads as a code.
 */
const lastDigits = (phoneHint: string) => phoneHint.replace(/\D/g, '').slice(-4);
