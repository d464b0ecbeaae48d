import { createContext } from 'react';

/**
 * The markup of a code block's `<code>`, highlighted at build time (plugins/remark-code-blocks.ts),
 * passed from the code block to its content past the theme's layout between them.
 */
export const HighlightedHtml = createContext<string | undefined>(undefined);
