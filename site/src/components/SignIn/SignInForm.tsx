import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useSiteIdentity } from '../../hooks/useSiteIdentity';
import { useAuth } from '../../auth/AuthProvider';
import { CodedError, describeAuthError } from '../../auth/errors';
import { sendSignInLink } from '../../auth/emailLink';
import type { SecondFactorChallenge, SignInOutcome } from '../../auth/sdk';
import type { FirebaseClientConfig } from '../../config/firebase';
import type { Locale } from '@trust/access-policy';
import { EmailField, Notices, type Notice } from './Fields';
import styles from './styles.module.css';
import forms from '../forms.module.css';

interface SignInFormProps {
  /** Called after the identity provider has signed the reader in (both factors). */
  onSignedIn(): Promise<void>;
  /** The page to come back to from an e-mailed sign-in link (a path of this site). */
  returnPath: string;
}

/**
 * The sign-in screen: the university's own account, a sign-in link by e-mail (which also makes
 * the account of a member who has none), e-mail and password, GitHub, password reset, second factor.
 */
export default function SignInForm({ onSignedIn, returnPath }: SignInFormProps): ReactNode {
  const { i18n, siteConfig } = useDocusaurusContext();
  const { universityAccount, emulatorHost } = siteConfig.customFields!.firebase as FirebaseClientConfig;
  const identity = useSiteIdentity();
  const { load } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const recaptcha = useRef<HTMLDivElement>(null);

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setNotice({ kind: 'error', text: describeAuthError(error) });
    } finally {
      setBusy(false);
    }
  }

  async function finish(outcome: SignInOutcome): Promise<void> {
    if (outcome.kind === 'second-factor') {
      setChallenge(outcome.challenge);
      return;
    }
    await onSignedIn();
  }

  const signInWithPassword = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => finish(await (await load()).signInWithPassword(email.trim(), password, recaptcha.current!)));
  };

  const signInWithGitHub = () =>
    void run(async () => finish(await (await load()).signInWithGitHub(recaptcha.current!)));

  const signInWithUniversityAccount = () =>
    void run(async () =>
      finish(await (await load()).signInWithUniversityAccount(universityAccount!, recaptcha.current!)),
    );

  const emailLink = () =>
    void run(async () => {
      const address = email.trim();
      if (!address) throw new CodedError('auth/missing-email');
      await sendSignInLink(await load(), address, returnPath, i18n.currentLocale as Locale);
      setNotice({ kind: 'info', text: linkSentText(address, emulatorHost !== null) });
    });

  const resetPassword = () =>
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

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!code.trim()) throw new CodedError('auth/missing-verification-code');
      await challenge!.complete(code.trim());
      setChallenge(null);
      await onSignedIn();
    });
  };

  return (
    <section className={styles.card} aria-labelledby="sign-in-title">
      <p className={styles.centre}>{i18n.currentLocale === 'es' ? identity.centreNameEs : identity.centreName}</p>
      <h2 id="sign-in-title">
        <Translate id="auth.signIn.title" description="Heading of the sign-in form">
          Sign in to your account
        </Translate>
      </h2>
      {challenge ? (
        <form onSubmit={submitCode} className={forms.form}>
          <p>
            <Translate
              id="auth.signIn.codeSent"
              description="Explains the second sign-in step"
              values={{ phone: challenge.phoneHint }}
            >
              {'We sent a code by text message to {phone}. Enter it to finish signing in.'}
            </Translate>
          </p>
          <label htmlFor="sign-in-code">
            <Translate id="auth.signIn.code" description="Label of the second-factor code field">
              Verification code
            </Translate>
          </label>
          <input
            id="sign-in-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            <Translate id="auth.signIn.verify" description="Button that submits the second-factor code">
              Verify
            </Translate>
          </button>
        </form>
      ) : (
        <form onSubmit={signInWithPassword} className={forms.form}>
          {universityAccount && (
            <>
              <button
                type="button"
                className="button button--primary"
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
          <EmailField id="sign-in-email" value={email} onChange={setEmail} />
          <button
            type="button"
            className={`button ${universityAccount ? 'button--secondary' : 'button--primary'}`}
            disabled={busy}
            onClick={emailLink}
          >
            <Translate id="auth.signIn.emailLink" description="Button that e-mails a sign-in link to the address typed">
              E-mail me a sign-in link
            </Translate>
          </button>
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
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            <Translate id="auth.signIn.submit" description="Button that signs in with e-mail and password">
              Sign in
            </Translate>
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={signInWithGitHub}>
            <Translate id="auth.signIn.github" description="Button that signs in with GitHub">
              Sign in with GitHub
            </Translate>
          </button>
          <button type="button" className={`clean-btn ${styles.linkButton}`} disabled={busy} onClick={resetPassword}>
            <Translate id="auth.signIn.forgot" description="Button that sends a password-reset e-mail">
              Forgot password?
            </Translate>
          </button>
        </form>
      )}
      <div ref={recaptcha} />
      <Notices notice={notice} />
    </section>
  );
}

/** What the reader is told once a link is on its way (and, in the demo, where to find it). */
export function linkSentText(address: string, isDemo: boolean): string {
  const sent = translate(
    {
      id: 'auth.signIn.linkSent',
      message:
        'We sent a sign-in link to {email}. Open it on this device and you will come straight back here, signed in. It works once.',
      description: 'Confirmation after e-mailing a sign-in link',
    },
    { email: address },
  );
  if (!isDemo) return sent;
  return `${sent} ${translate({
    id: 'auth.signIn.linkSentDemo',
    message: 'Demo: no e-mail leaves this computer; the link is printed in the terminal running npm start.',
    description: 'Where the sign-in link is in the local demo (Auth emulator)',
  })}`;
}
