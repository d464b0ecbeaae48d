import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { useHistory, useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import BlogLanguageHint from './BlogLanguageHint';
import Hit, { mixesKinds } from './Hit';
import MembersHint from './MembersHint';
import { useSearch } from './useSearch';
import styles from './styles.module.css';
import { SEARCH_PATH, isRestrictedPath } from '@trust/access-policy';

const LIMIT = 8;

/**
 * The search dialog: an ARIA combobox whose listbox shows results as the reader types. Arrow
 * keys move through them, Enter opens one (or the full results page), Escape closes.
 */
export default function SearchDialog({ onClose }: { onClose(): void }): ReactNode {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const { status, hits, includesMembers } = useSearch(query, LIMIT);
  const history = useHistory();
  const { pathname } = useLocation();
  const resultsPage = useBaseUrl(SEARCH_PATH);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => setActive(-1), [hits]);

  function open(url: string): void {
    onClose();
    history.push(url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active >= 0 && hits[active]) open(hits[active]!.url);
      else if (query.trim()) open(`${resultsPage}?q=${encodeURIComponent(query.trim())}`);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  }

  const label = translate({
    id: 'search.label',
    message: 'Search the site',
    description: 'Accessible name of the search box',
  });
  const showsKind = mixesKinds(hits);
  const isExpanded = query.trim() !== '' && (hits.length > 0 || status === 'done');
  return (
    <div
      className={styles.backdrop}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      role="presentation"
    >
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-label={label}>
        <div className={styles.inputRow}>
          <input
            ref={input}
            className={styles.input}
            type="search"
            role="combobox"
            aria-label={label}
            aria-expanded={isExpanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            placeholder={translate({
              id: 'search.placeholder',
              message: 'Search labs, projects, blog…',
              description: 'Placeholder of the search box',
            })}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
          />
          <button
            type="button"
            className="clean-btn"
            onClick={onClose}
            aria-label={translate({
              id: 'search.close',
              message: 'Esc: close search',
              description: 'Button that closes the search dialog (its name starts with its visible text, Esc)',
            })}
          >
            {/* A touch screen has no Escape key: there the button says what it does. */}
            <span className={styles.closeKey}>Esc</span>
            <span className={styles.closeWord}>
              <Translate
                id="search.closeTouch"
                description="Visible label of the search dialog's close button on a touch screen"
              >
                Close
              </Translate>
            </span>
          </button>
        </div>
        <div
          id={listId}
          role="listbox"
          className={styles.results}
          aria-label={translate({
            id: 'search.results',
            message: 'Results',
            description: 'Accessible name of the result list',
          })}
        >
          {hits.map((hit, index) => (
            // The combobox owns keyboard interaction; a click on an option follows the same path.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <div
              key={hit.url}
              id={optionId(index)}
              tabIndex={-1}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              onClick={() => open(hit.url)}
              onMouseEnter={() => setActive(index)}
            >
              <Hit hit={hit} showsKind={showsKind} />
            </div>
          ))}
        </div>
        <div className={styles.footer} aria-live="polite">
          {status === 'searching' && hits.length === 0 && (
            <Translate id="search.searching" description="Shown while searching">
              Searching…
            </Translate>
          )}
          {status === 'done' && hits.length === 0 && (
            <Translate
              id="search.noResults"
              description="Shown when a search finds nothing"
              values={{ query: <strong>{query.trim()}</strong> }}
            >
              {'No results for {query}.'}
            </Translate>
          )}
          {status === 'failed' && (
            <Translate id="search.failed" description="Shown when the search engine could not load">
              Search is unavailable right now. Please try again later.
            </Translate>
          )}
          {query.trim() && hits.length > 0 && (
            <Link to={`${SEARCH_PATH}?q=${encodeURIComponent(query.trim())}`} onClick={onClose}>
              <Translate id="search.allResults" description="Link from the search dialog to the full results page">
                See all results
              </Translate>
            </Link>
          )}
        </div>
        {status === 'done' && hits.length === 0 && (
          <BlogLanguageHint query={query} isDocs={includesMembers || isRestrictedPath(pathname)} />
        )}
        {!includesMembers && <MembersHint />}
      </div>
    </div>
  );
}
