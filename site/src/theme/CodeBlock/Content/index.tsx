import { useContext, type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/CodeBlock/Content';
// The theme's own rules for a block's `<pre>` and `<code>`, which this one keeps.
import themeStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import { HighlightedHtml } from '../highlightedHtml';
import styles from './styles.module.css';

/**
 * A code block's `<pre>`, holding the markup highlighted at build time as it is: hydration keeps
 * the server's markup of an element given as HTML, so a page of code hydrates as quickly as a page
 * of text. A block given no markup (written as a component rather than fenced) shows its code
 * unhighlighted.
 */
export default function CodeBlockContent({ className }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const html = useContext(HighlightedHtml);
  const codeClassName = clsx(themeStyles.codeBlockLines, styles.lines);
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // A block wider than the page scrolls, and the keyboard scrolls what it can focus.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={clsx(
        className,
        'prism-code',
        `language-${metadata.language}`,
        themeStyles.codeBlock,
        'thin-scrollbar',
      )}
    >
      {html === undefined ? (
        <code className={codeClassName}>{metadata.code}</code>
      ) : (
        <code className={codeClassName} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </pre>
  );
}
