import { Children, isValidElement, type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import { HighlightedHtml } from './highlightedHtml';

/** Plain-string children joined into one string (so the block can be copied), others as they are. */
function stringifiedChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * The theme's code block, given its code already highlighted (`html`, made when the Markdown is
 * compiled) instead of highlighting it in the browser; its colours come from the stylesheet, in
 * either colour mode. The theme instead remounts every block after hydration so that it takes the
 * colours of the mode shown, which highlights all the code a second time.
 */
export default function CodeBlock({ children, html, ...props }: Props & { html?: string }): ReactNode {
  const content = stringifiedChildren(children);
  if (typeof content !== 'string') return <ElementContent {...props}>{content}</ElementContent>;
  return (
    <HighlightedHtml.Provider value={html}>
      <StringContent {...props}>{content}</StringContent>
    </HighlightedHtml.Provider>
  );
}
