import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { Props } from '@theme/CodeBlock/Line';
import LineToken from '@theme/CodeBlock/Line/Token';
// The theme's own rules for numbered and highlighted lines, which these lines keep.
import themeStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
import styles from './styles.module.css';

/**
 * A code block's line as a `span`, where the theme writes a `div`: lines sit inside `<code>`,
 * which may hold only phrasing content, so a `div` there is invalid HTML. Shown as a block, the
 * line lays out as before; its closing `<br>` keeps an empty line's height and the line breaks
 * where styles do not apply (reader modes, copied HTML).
 */
export default function CodeBlockLine({
  line,
  classNames,
  showLineNumbers,
  getLineProps,
  getTokenProps,
}: Props): ReactNode {
  // A line holding only its line break shows it through the `<br>`, not twice.
  const tokens = line.length === 1 && line[0]!.content === '\n' ? [{ ...line[0]!, content: '' }] : line;
  const lineProps = getLineProps({
    line: tokens,
    className: clsx(classNames, showLineNumbers ? themeStyles.codeLine : styles.line),
  });
  const lineTokens = tokens.map((token, key) => {
    const tokenProps = getTokenProps({ token });
    return (
      <LineToken key={key} {...tokenProps} line={tokens} token={token}>
        {tokenProps.children}
      </LineToken>
    );
  });
  return (
    <span {...lineProps}>
      {showLineNumbers ? (
        <>
          <span className={themeStyles.codeLineNumber} />
          <span className={themeStyles.codeLineContent}>{lineTokens}</span>
        </>
      ) : (
        lineTokens
      )}
      <br />
    </span>
  );
}
