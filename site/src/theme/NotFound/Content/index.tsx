import { useEffect, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import { DOCS_HOME_PATH, localeOfPath, localePrefix } from '@trust/access-policy';
import SearchForm from '../../../search/SearchForm';
import styles from './styles.module.css';

/** The words of a path that led nowhere, as a first query: `/es/blog/ciberseguridad-chile` → "blog ciberseguridad chile". */
function wordsOfPath(pathname: string): string {
  return pathname
    .slice(localePrefix(localeOfPath(pathname)).length)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !/^(html?|index)$/i.test(word))
    .slice(0, 6)
    .join(' ');
}

/**
 * The not-found page: what happened, the site's search (a plain form, so it works before the
 * page's scripts run) with the address's words as a first query, and the ways back.
 */
export default function NotFoundContent({ className }: { className?: string }): ReactNode {
  // The page is drawn once for every unknown address: the address is known only in the browser.
  const [query, setQuery] = useState('');
  useEffect(() => setQuery(wordsOfPath(window.location.pathname)), []);
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1">
            <Translate id="notFound.title" description="Heading of the not-found page">
              Page not found
            </Translate>
          </Heading>
          <p>
            <Translate id="notFound.explanation" description="What the not-found page means">
              The address you followed does not lead to any page of this site. The page may have moved, or the address
              may be mistyped.
            </Translate>
          </p>
          <SearchForm value={query} onChange={setQuery} className={styles.search} />
          <Heading as="h2" className={styles.waysBack}>
            <Translate id="notFound.waysBack" description="Heading of the not-found page's links back">
              Or go back to
            </Translate>
          </Heading>
          <ul className="link-row">
            <li>
              <Link to="/">
                <Translate id="notFound.home" description="Not-found page link to the home page">
                  the home page
                </Translate>
              </Link>
            </li>
            <li>
              <Link to={DOCS_HOME_PATH}>
                <Translate id="notFound.docs" description="Not-found page link to the documentation">
                  the documentation (members)
                </Translate>
              </Link>
            </li>
            <li>
              <Link to="/blog">
                <Translate id="notFound.blog" description="Not-found page link to the blog">
                  the blog
                </Translate>
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </main>
  );
}
