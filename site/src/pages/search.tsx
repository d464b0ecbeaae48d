import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import Interpolate from '@docusaurus/Interpolate';
import Translate, { translate } from '@docusaurus/Translate';
import { usePluralForm } from '@docusaurus/theme-common';
import { useHistory, useLocation } from '@docusaurus/router';
import BlogLanguageHint from '../search/BlogLanguageHint';
import Hit, { mixesKinds } from '../search/Hit';
import MembersHint from '../search/MembersHint';
import SearchForm from '../search/SearchForm';
import { useSearch } from '../search/useSearch';
import styles from '../search/styles.module.css';

/** `/search?q=…`: the full list of results. The form also works before scripts have loaded. */
export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const query = new URLSearchParams(location.search).get('q') ?? '';
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);
  const { status, hits, includesMembers } = useSearch(query, 50);
  const { selectMessage } = usePluralForm();

  function submit(event: FormEvent): void {
    event.preventDefault();
    history.push(`${location.pathname}?q=${encodeURIComponent(draft.trim())}`);
  }

  return (
    <Layout
      title={translate({ id: 'search.pageTitle', message: 'Search', description: 'Title of the search results page' })}
      description={translate({
        id: 'search.pageDescription',
        message: 'Search the pages of the UAI Trustworthy Systems Centre.',
        description: 'Meta description of the search page',
      })}
    >
      <main className="container margin-vert--lg">
        <Heading as="h1">
          <Translate id="search.pageHeading" description="Main heading of the search results page">
            Search
          </Translate>
        </Heading>
        <SearchForm value={draft} onChange={setDraft} onSubmit={submit} />
        <div aria-live="polite">
          {status === 'done' && (
            <p>
              {hits.length === 0 ? (
                <Translate
                  id="search.noResults"
                  description="Shown when a search finds nothing"
                  values={{ query: <strong>{query}</strong> }}
                >
                  {'No results for {query}.'}
                </Translate>
              ) : (
                <Interpolate values={{ count: hits.length, query: <strong>{query}</strong> }}>
                  {selectMessage(
                    hits.length,
                    translate({
                      id: 'search.count',
                      message: 'One result for {query}.|{count} results for {query}.',
                      description:
                        'How many results a search found (plural forms separated by |, as the locale has them)',
                    }),
                  )}
                </Interpolate>
              )}
            </p>
          )}
          {status === 'failed' && (
            <p>
              <Translate id="search.failed" description="Shown when the search engine could not load">
                Search is unavailable right now. Please try again later.
              </Translate>
            </p>
          )}
        </div>
        <ol className={styles.pageResults}>
          {hits.map((hit) => (
            <li key={hit.url}>
              <Link to={hit.url} autoAddBaseUrl={false} className={styles.pageHit}>
                <Hit hit={hit} showsKind={mixesKinds(hits)} />
              </Link>
            </li>
          ))}
        </ol>
        {status === 'done' && hits.length === 0 && <BlogLanguageHint query={query} isDocs={includesMembers} />}
        {!includesMembers && <MembersHint />}
      </main>
    </Layout>
  );
}
