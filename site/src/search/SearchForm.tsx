import type { FormEvent, ReactNode } from 'react';
import clsx from 'clsx';
import Translate, { translate } from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { SEARCH_PATH } from '@trust/access-policy';
import styles from './styles.module.css';

interface Props {
  value: string;
  onChange(value: string): void;
  /** Without it the form goes to the results page as a plain form would, scripts or not. */
  onSubmit?(event: FormEvent): void;
  className?: string;
}

/** The search box and button of the results page and the not-found page. */
export default function SearchForm({ value, onChange, onSubmit, className }: Props): ReactNode {
  const resultsPage = useBaseUrl(SEARCH_PATH);
  return (
    <form
      role="search"
      method="get"
      action={resultsPage}
      onSubmit={onSubmit}
      className={clsx(styles.pageForm, className)}
    >
      <input
        className={styles.input}
        type="search"
        name="q"
        aria-label={translate({
          id: 'search.label',
          message: 'Search the site',
          description: 'Accessible name of the search box',
        })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className="button button--primary">
        <Translate id="search.submit" description="Button of the search results page">
          Search
        </Translate>
      </button>
    </form>
  );
}
