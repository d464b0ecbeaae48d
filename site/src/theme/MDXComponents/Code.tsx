import type { ComponentProps, ReactNode } from 'react';
import CodeInline from '@theme/CodeInline';

/**
 * Inline code only. Fenced code blocks never reach the Markdown components: each file that has one
 * imports the code block itself (`plugins/remark-code-blocks.ts`), so this component does
 * not pull the highlighter into every page that renders Markdown, as the theme's own does.
 */
export default function MDXCode(props: ComponentProps<'code'>): ReactNode {
  return <CodeInline {...props} />;
}
