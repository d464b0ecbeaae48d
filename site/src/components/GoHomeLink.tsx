import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import clsx from 'clsx';

/** The "Go Home" way out of the sign-in, 'Not allowed' and sign-out screens. */
export default function GoHomeLink({ isSmall = false }: { isSmall?: boolean }): ReactNode {
  return (
    <Link to="/" className={clsx('button button--secondary', isSmall && 'button--sm')}>
      <Translate id="auth.notAllowed.goHome" description="Link back to the home page">
        Go Home
      </Translate>
    </Link>
  );
}
