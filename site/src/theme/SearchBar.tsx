import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import styles from '../search/styles.module.css';

// The dialog and the engine load only when a reader opens search.
const SearchDialog = lazy(() => import('../search/SearchDialog'));

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** The navbar's search: a button, Ctrl/Cmd+K and `/` open the search dialog. */
export default function SearchBar(): ReactNode {
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      const isShortcut =
        (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) ||
        (event.key === '/' && !isTyping(event.target));
      if (!isShortcut) return;
      event.preventDefault();
      setOpen(true);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
      >
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.4 12.9l4.4 4.4-1.5 1.5-4.4-4.4a7.5 7.5 0 111.5-1.5zM8.5 14a5.5 5.5 0 100-11 5.5 5.5 0 000 11z"
            fill="currentColor"
          />
        </svg>
        <span className={styles.triggerLabel}>
          <Translate id="search.button" description="Label of the navbar search button">
            Search
          </Translate>
        </span>
        <kbd className={styles.triggerKey}>Ctrl K</kbd>
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <SearchDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
