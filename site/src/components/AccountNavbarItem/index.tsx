import { Fragment, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import clsx from 'clsx';
import { ASSISTANTS_PATH, SIGN_IN_PATH, sessionEndedUrl } from '@trust/access-policy';
import { useAuth } from '../../auth/AuthProvider';
import { piecesAfter } from '../SignIn/piecesAfter';
import styles from './styles.module.css';

interface Props {
  mobile?: boolean;
  className?: string;
}

/** Two letters for the account button: the first letters of the address's name parts ("ana.torres" → "AT"). */
function initialsOf(email: string): string {
  const parts = (email.split('@')[0] ?? '').split(/[._+-]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0]![0]! + parts[1]![0]! : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** The reader's address, which a narrow menu may break after its "@" and nowhere else. */
function Address({ email }: { email: string }): ReactNode {
  return piecesAfter(email, '@').map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      <span className={styles.unbroken}>{piece}</span>
    </Fragment>
  ));
}

/**
 * Signs out, then opens the sign-in page saying so (with the way back to this page): the page
 * in front of the reader may be one only members see, and a phone's menu closes with it.
 */
function SignOutButton({ className }: { className?: string }): ReactNode {
  const { signOut } = useAuth();
  const { pathname, search } = useLocation();
  const [isSigningOut, setSigningOut] = useState(false);
  const hintId = useId();
  return (
    <>
      <button
        type="button"
        className={clsx('button button--outline button--primary button--block', className)}
        aria-describedby={hintId}
        disabled={isSigningOut}
        onClick={async () => {
          setSigningOut(true);
          if ((await signOut()) === null) window.location.assign(sessionEndedUrl(pathname, search, 'signed-out'));
          else setSigningOut(false);
        }}
      >
        <Translate id="auth.navbar.signOut" description="Navbar button that signs the reader out">
          Sign out
        </Translate>
      </button>
      {/* Said before, not only after: a reader on a phone expects to be signed out on that phone alone.
          A span: in the phone menu the button sits inside one. */}
      <span id={hintId} className={styles.signOutHint}>
        <Translate id="auth.navbar.signOutHint" description="Under the navbar's Sign out button: what signing out ends">
          Signs you out on every device and disconnects your AI assistants.
        </Translate>
      </span>
    </>
  );
}

/** The member's own page of connected AI assistants, where they see and disconnect each. */
function AssistantsLink({ className }: { className?: string }): ReactNode {
  return (
    <Link className={className} to={ASSISTANTS_PATH}>
      <Translate id="auth.navbar.assistants" description="Account menu link to the member's connected AI assistants">
        Connected assistants
      </Translate>
    </Link>
  );
}

/**
 * The signed-in reader's control on a wide navbar: a round button with their initials that opens
 * a small panel with the address, "Connected assistants" and "Sign out", so the site's name keeps
 * its room. Escape, a click elsewhere or focus leaving the panel closes it.
 */
function AccountMenu({ email }: { email: string }): ReactNode {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Before the open panel is painted, not after: an Escape or a click that comes at once is heard.
  useLayoutEffect(() => {
    if (!isOpen) return undefined;
    const isInside = (target: EventTarget | null) => Boolean(root.current?.contains(target as Node | null));
    const onPointerDown = (event: PointerEvent) => !isInside(event.target) && setOpen(false);
    const onFocusIn = (event: FocusEvent) => !isInside(event.target) && setOpen(false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const label = translate(
    {
      id: 'auth.navbar.account',
      message: 'Account {initials}: {email}',
      description: 'Accessible name of the account button',
    },
    { email, initials: initialsOf(email) },
  );
  return (
    <div ref={root} className={clsx('navbar__item', styles.account)}>
      <button
        ref={button}
        type="button"
        className={styles.avatar}
        aria-label={label}
        title={email}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        <span aria-hidden="true">{initialsOf(email)}</span>
      </button>
      <div id={panelId} className={styles.panel} hidden={!isOpen}>
        <p className={styles.email} data-testid="account-email">
          <Address email={email} />
        </p>
        <AssistantsLink className={styles.menuLink} />
        <SignOutButton />
      </div>
    </div>
  );
}

/** "Sign in" for visitors; once signed in, the account button (or, in the phone menu, the address and "Sign out"). */
export default function AccountNavbarItem({ mobile = false, className }: Props): ReactNode {
  const { status, reader } = useAuth();
  const location = useLocation();
  const linkClass = clsx(mobile ? 'menu__link' : 'navbar__item navbar__link', className);
  const wrap = (node: ReactNode) => (mobile ? <li className="menu__list-item">{node}</li> : node);

  if (status === 'loading') return null;
  if (status === 'signed-in' && reader) {
    const email = reader.email ?? '';
    if (!mobile) return <AccountMenu email={email} />;
    return wrap(
      <span className={clsx('menu__link', styles.mobile, className)}>
        <span className={styles.signedInAs}>
          <Translate id="auth.navbar.signedInAs" description="Phone menu: label above the signed-in reader's address">
            Signed in as
          </Translate>
        </span>
        <span className={styles.email} data-testid="account-email">
          <Address email={email} />
        </span>
        <AssistantsLink className={styles.menuLink} />
        <SignOutButton />
      </span>,
    );
  }
  const isSignInPage = location.pathname.replace(/\/$/, '').endsWith(SIGN_IN_PATH);
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return wrap(
    <Link
      className={linkClass}
      to={isSignInPage ? `${location.pathname}${location.search}` : `${SIGN_IN_PATH}?next=${next}`}
    >
      <Translate id="auth.navbar.signIn" description="Navbar link to the sign-in page">
        Sign in
      </Translate>
    </Link>,
  );
}
