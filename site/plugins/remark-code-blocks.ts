/**
 * Makes each fenced code block a `<FencedCodeBlock className language metastring html>{code}</…>` with an
 * import of `@theme/CodeBlock` at the top of that file, and leaves files without one alone.
 *
 * `html` is the block already highlighted (highlighter/), so neither the server's rendering nor
 * the browser highlights anything. And the import is per file because the theme draws fenced code
 * through its Markdown components, which would put the code block into a chunk every page with
 * Markdown loads (the blog list, posts and documentation pages without code).
 *
 * It runs after the diagram step (remark-diagrams.ts), so Mermaid blocks have already become
 * diagrams.
 */
import { darkCodeTheme, lightCodeTheme } from '../src/config/codeThemes';
import { highlightedHtml } from './highlighter';
import { importDefault, jsxElement, replaceFencedBlocks, type MarkdownNode } from './mdxAst';

const COMPONENT = 'FencedCodeBlock';

export class UnsupportedCodeBlockError extends Error {}

/**
 * What the theme's code block can do to lines and the markup made here does not: number them, or
 * highlight some (by range in the metastring, or by a `highlight-…` comment in the code).
 */
function unsupportedFeature(code: MarkdownNode): string | undefined {
  if (/\bshowLineNumbers\b/.test(code.meta ?? '')) return 'line numbers (showLineNumbers)';
  if (/\{[\d,-]+\}/.test(code.meta ?? '')) return 'highlighted lines ({…} in the metastring)';
  if (/\bhighlight-(?:next-line|start|end)\b/.test(code.value ?? '')) return 'highlighted lines (highlight-… comments)';
  return undefined;
}

function codeBlockElement(code: MarkdownNode, where: string): MarkdownNode {
  const unsupported = unsupportedFeature(code);
  if (unsupported)
    throw new UnsupportedCodeBlockError(
      `${where}: this code block asks for ${unsupported}, which the site's pre-highlighted code blocks do not draw.`,
    );
  // As the theme does: no trailing line break, and `text` when no language is given.
  const value = (code.value ?? '').replace(/\r?\n$/, '');
  const language = (code.lang ?? 'text').toLowerCase();
  return jsxElement(
    COMPONENT,
    {
      className: `language-${language}`,
      language,
      ...(code.meta ? { metastring: code.meta } : {}),
      html: highlightedHtml(value, language, { light: lightCodeTheme, dark: darkCodeTheme }),
      children: value,
    },
    code,
  );
}

export default function remarkCodeBlocks() {
  return (root: MarkdownNode, file: { path?: string }): void => {
    const replaced = replaceFencedBlocks(root, (code) => {
      const line = (code.position as { start?: { line?: number } } | undefined)?.start?.line ?? '?';
      return codeBlockElement(code, `${file.path ?? 'Markdown'}:${line}`);
    });
    if (replaced) root.children!.unshift(importDefault(COMPONENT, '@theme/CodeBlock'));
  };
}
