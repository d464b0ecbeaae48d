import { useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import clsx from 'clsx';
import { SIGN_IN_PATH } from '@trust/access-policy';
import { useAuth } from '../../auth/AuthProvider';

interface Props {
  mobile?: boolean;
  className?: string;
}

/** "Sign in" for visitors; the reader's e-mail and "Sign out" once signed in. */
export default function AccountNavbarItem({ mobile = false, className }: Props): ReactNode {
  const { status, reader, signOut } = useAuth();
  const location = useLocation();
  const [isSigningOut, setSigningOut] = useState(false);
  const linkClass = clsx(mobile ? 'menu__link' : 'navbar__item navbar__link', className);
  const wrap = (node: ReactNode) => (mobile ? <li className="menu__list-item">{node}</li> : node);

  if (status === 'loading') return null;
  if (status === 'signed-in' && reader) {
    return wrap(
      <span className={clsx(mobile ? 'menu__link' : 'navbar__item', className)}>
        <span
          className={clsx('margin-right--sm', !mobile && 'account-email')}
          data-testid="account-email"
          title={reader.email ?? undefined}
        >
          {reader.email}
        </span>
        <button
          type="button"
          className="button button--sm button--outline button--primary"
          disabled={isSigningOut}
          onClick={async () => {
            setSigningOut(true);
            await signOut();
            setSigningOut(false);
          }}
        >
          <Translate id="auth.navbar.signOut" description="Navbar button that signs the reader out">
            Sign out
          </Translate>
        </button>
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
