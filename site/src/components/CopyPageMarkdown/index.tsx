import { createContext, useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import { translate } from '@docusaurus/Translate';
import styles from './styles.module.css';

/** The page's Markdown address: its path with `.md` (the build writes one beside each page). */
export function markdownAddress(pathname: string): string {
  return `${pathname.replace(/\/+$/, '')}.md`;
}

async function fetchMarkdown(address: string): Promise<string> {
  const response = await fetch(address, { credentials: 'same-origin', headers: { Accept: 'text/markdown' } });
  if (!response.ok) throw new Error(`${address} answered ${response.status}`);
  return response.text();
}

/**
 * Copies the page's Markdown. The clipboard is handed a promise at once, while the click still
 * counts as the reader's gesture: Safari refuses a write that only starts after the fetch. A browser
 * whose clipboard takes no promise gets the text once it has arrived.
 */
async function copyMarkdown(address: string): Promise<void> {
  const markdown = fetchMarkdown(address);
  try {
    const blob = markdown.then((text) => new Blob([text], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
  } catch {
    await navigator.clipboard.writeText(await markdown);
  }
}

/**
 * Set around a documentation page's article: its title (`@theme/Heading` at level 1) is followed by
 * the button on a phone, where the bar above the title would stand alone between the table of
 * contents and the title.
 */
export const CopyAfterTitle = createContext(false);

/**
 * "Copy page as Markdown", with its outcome said in a live region for screen readers: `top`, a
 * small button above the title on a wide screen; `title`, under the title at the page's own button
 * size on a phone. Each shows at its widths only.
 */
export default function CopyPageMarkdown({ placement }: { placement: 'top' | 'title' }): ReactNode {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const copy = async () => {
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      await copyMarkdown(markdownAddress(pathname));
      setMessage(
        translate({
          id: 'docs.copyMarkdown.copied',
          message: 'Page copied as Markdown.',
          description: 'Said once the documentation page has been copied to the clipboard as Markdown',
        }),
      );
    } catch {
      setMessage(
        translate({
          id: 'docs.copyMarkdown.failed',
          message: 'The page could not be copied. Reload the page and try again.',
          description: 'Said when copying the documentation page as Markdown failed',
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={placement === 'top' ? styles.bar : styles.underTitle} data-pagefind-ignore="all">
      <button
        type="button"
        className={placement === 'top' ? 'button button--secondary button--sm' : 'button button--secondary'}
        onClick={copy}
        aria-disabled={busy}
      >
        {translate({
          id: 'docs.copyMarkdown.button',
          message: 'Copy page as Markdown',
          description: 'Button on documentation pages that copies the page to the clipboard as Markdown',
        })}
      </button>
      <span className={styles.message} role="status">
        {message}
      </span>
    </div>
  );
}
