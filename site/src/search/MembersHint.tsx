import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import { useLocation } from '@docusaurus/router';
import { SIGN_IN_PATH } from '@trust/access-policy';
import styles from './styles.module.css';

/** Tells readers without access that the documentation is searchable after signing in. */
export default function MembersHint(): ReactNode {
  const location = useLocation();
  const signIn = (
    <Link to={`${SIGN_IN_PATH}?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`}>
      <Translate id="search.membersHint.signIn" description="Link in the members' search hint">
        sign in
      </Translate>
    </Link>
  );
  return (
    <p className={styles.hint}>
      <Translate
        id="search.membersHint"
        description="Hint under search results for readers who cannot search the documentation"
        values={{ signIn }}
      >
        {'Members of the university can {signIn} to search the documentation too.'}
      </Translate>
    </p>
  );
}
