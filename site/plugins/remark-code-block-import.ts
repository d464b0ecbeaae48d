/**
 * Makes each Markdown file that has a fenced code block import the code block itself, and leaves
 * every other file without it. The theme draws fenced code through its Markdown components, which
 * import the code block (and with it the Prism highlighter, about 130 KB before compression) into a
 * chunk every page with Markdown loads: the blog list, posts and documentation pages without code
 * paid for it. Here each fenced block becomes `<CodeBlock className metastring>{code}</CodeBlock>`
 * with an import of `@theme/CodeBlock` at the top of that file, so the highlighter comes with the
 * pages that show code, is preloaded with them before hydration, and is rendered on the server.
 *
 * It runs after the diagram step (remark-diagrams.ts), so Mermaid blocks have already become
 * diagrams.
 */
import { importDefault, jsxElement, replaceFencedBlocks, type MarkdownNode } from './mdxAst';

const COMPONENT = 'FencedCodeBlock';

function codeBlockElement(code: MarkdownNode): MarkdownNode {
  return jsxElement(
    COMPONENT,
    {
      ...(code.lang ? { className: `language-${code.lang}` } : {}),
      ...(code.meta ? { metastring: code.meta } : {}),
      children: code.value ?? '',
    },
    code,
  );
}

export default function remarkCodeBlockImport() {
  return (root: MarkdownNode): void => {
    if (replaceFencedBlocks(root, codeBlockElement))
      root.children!.unshift(importDefault(COMPONENT, '@theme/CodeBlock'));
  };
}
