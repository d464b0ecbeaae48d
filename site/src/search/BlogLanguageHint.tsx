import type { ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { SEARCH_PATH, localePrefix, type Locale } from '@trust/access-policy';
import styles from './styles.module.css';

/**
 * Shown when a search finds nothing: what to try next. Where the documentation is searched
 * (`isDocs`), that it is written in both languages, with the same search on the other language's
 * site. Elsewhere, on the English site, that the blog's posts are written in Spanish, so an English
 * query about their subjects finds none of them, with the same search on the Spanish site, whose
 * pages and posts are indexed as Spanish.
 */
export default function BlogLanguageHint({ query, isDocs }: { query: string; isDocs: boolean }): ReactNode {
  const { i18n } = useDocusaurusContext();
  const other: Locale = i18n.currentLocale === 'es' ? 'en' : 'es';
  const otherSearch = (words: ReactNode) => (
    <a href={`${localePrefix(other)}${SEARCH_PATH}?q=${encodeURIComponent(query.trim())}`} hrefLang={other}>
      {words}
    </a>
  );
  if (isDocs)
    return (
      <p className={styles.hint}>
        <Translate
          id="search.docsLanguage"
          description="Hint of a search of the documentation that found nothing: the documentation is also in the other language"
          values={{
            otherSearch: otherSearch(
              <Translate
                id="search.docsLanguage.link"
                description="Link from a documentation search that found nothing to the same search on the other language's site"
              >
                search the Spanish site
              </Translate>,
            ),
          }}
        >
          {
            'Check the spelling or try a shorter or different word; the documentation is also in Spanish: {otherSearch}.'
          }
        </Translate>
      </p>
    );
  const tryAgain = (
    <Translate id="search.tryAgain" description="After a search that found nothing: what to try next">
      Check the spelling, or try a shorter or different word.
    </Translate>
  );
  if (i18n.currentLocale !== 'en') return <p className={styles.hint}>{tryAgain}</p>;
  const spanishSearch = otherSearch(
    <Translate
      id="search.blogLanguage.link"
      description="Link from an English search that found nothing to the same search on the Spanish site"
    >
      search the Spanish site
    </Translate>,
  );
  return (
    <p className={styles.hint}>
      {tryAgain}{' '}
      <Translate
        id="search.blogLanguage"
        description="Hint of the English site's search when it finds nothing: the blog is in Spanish"
        values={{ spanishSearch }}
      >
        {
          'The blog’s posts are written in Spanish: try Spanish words (for example “datos personales” for personal data, “ley” for law), or {spanishSearch}.'
        }
      </Translate>
    </p>
  );
}
