import type { ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { SEARCH_PATH, localePrefix } from '@trust/access-policy';
import styles from './styles.module.css';

/**
 * Shown when a search finds nothing: what to try next. On the English site it adds that the
 * blog's posts are written in Spanish, so an English query about their subjects finds none of
 * them, and offers the same search on the Spanish site, whose pages and posts are indexed as
 * Spanish.
 */
export default function BlogLanguageHint({ query }: { query: string }): ReactNode {
  const { i18n } = useDocusaurusContext();
  const tryAgain = (
    <Translate id="search.tryAgain" description="After a search that found nothing: what to try next">
      Check the spelling, or try a shorter or different word.
    </Translate>
  );
  if (i18n.currentLocale !== 'en') return <p className={styles.hint}>{tryAgain}</p>;
  const spanishSearch = (
    <a href={`${localePrefix('es')}${SEARCH_PATH}?q=${encodeURIComponent(query.trim())}`} hrefLang="es">
      <Translate
        id="search.blogLanguage.link"
        description="Link from an English search that found nothing to the same search on the Spanish site"
      >
        search the Spanish site
      </Translate>
    </a>
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
