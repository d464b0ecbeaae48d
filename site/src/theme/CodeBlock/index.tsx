import { Children, isValidElement, useMemo, type ReactNode } from 'react';
import {
  CodeBlockContextProvider,
  parseCodeBlockTitle,
  type CodeBlockMetadata,
} from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/CodeBlock';
import CodeBlockLayout from '@theme/CodeBlock/Layout';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import DeferredHydration from '../../components/DeferredHydration';
import { HighlightedHtml } from './highlightedHtml';
import { useWordWrap } from './wordWrap';

/** Plain-string children joined into one string (so the block can be copied), others as they are. */
function stringifiedChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

interface HighlightedProps extends Omit<Props, 'children'> {
  children: string;
  html: string;
}

/**
 * A block highlighted at build time. Its metadata is made here rather than by the theme, which
 * looks for magic comments in every line with a pattern it compiles for each block (about 45 ms of
 * a simulated phone's hydration on a page of twenty blocks): the build refused blocks that number
 * or highlight lines, so the code is what the block shows and copies.
 */
function HighlightedCodeBlock({ children: code, html, className, language, metastring, title }: HighlightedProps) {
  const wordWrap = useWordWrap();
  const metadata = useMemo(
    (): CodeBlockMetadata => ({
      codeInput: code,
      code,
      className: className ?? '',
      language: language ?? 'text',
      title: parseCodeBlockTitle(metastring) || title,
      lineNumbersStart: undefined,
      lineClassNames: {},
    }),
    [code, className, language, metastring, title],
  );
  return (
    <HighlightedHtml.Provider value={html}>
      <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
        <CodeBlockLayout />
      </CodeBlockContextProvider>
    </HighlightedHtml.Provider>
  );
}

/**
 * The theme's code block, given its code already highlighted (`html`, made when the Markdown is
 * compiled) instead of highlighting it in the browser; its colours come from the stylesheet, in
 * either colour mode. The theme instead remounts every block after hydration so that it takes the
 * colours of the mode shown, which highlights all the code a second time. A block written as a
 * component, with no `html`, is the theme's, shown unhighlighted.
 */
export default function CodeBlock({ children, html, ...props }: Props & { html?: string }): ReactNode {
  const content = stringifiedChildren(children);
  if (typeof content !== 'string') return <ElementContent {...props}>{content}</ElementContent>;
  if (html === undefined) return <StringContent {...props}>{content}</StringContent>;
  return (
    <DeferredHydration>
      <HighlightedCodeBlock {...props} html={html}>
        {content}
      </HighlightedCodeBlock>
    </DeferredHydration>
  );
}
