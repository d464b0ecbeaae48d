/**
 * On a page whose front matter says `site_address: true`, the site's own address in place of the
 * placeholder its source uses (`https://<your-site>`, `https://<su-sitio>`): in text, inline code
 * and code blocks, so the reader copies the address of the site they are reading, as this build
 * was configured with it. The Markdown copies of the page for AI assistants get the same
 * substitution (llms-files.ts).
 */
import type { MarkdownNode } from './mdxAst';

const PLACEHOLDER = /https:\/\/<(?:your-site|su-sitio)>/g;

/** The front matter key a page sets to have its placeholder replaced. */
export const SITE_ADDRESS_KEY = 'site_address';

export function withSiteAddress(text: string, siteUrl: string): string {
  return text.replace(PLACEHOLDER, siteUrl.replace(/\/$/, ''));
}

function replaceIn(node: MarkdownNode & { url?: string }, siteUrl: string): void {
  if (typeof node.value === 'string' && ['text', 'inlineCode', 'code'].includes(node.type))
    node.value = withSiteAddress(node.value, siteUrl);
  if (typeof node.url === 'string') node.url = withSiteAddress(node.url, siteUrl);
  for (const child of node.children ?? []) replaceIn(child, siteUrl);
}

export default function remarkSiteAddress({ siteUrl }: { siteUrl: string }) {
  return (root: MarkdownNode, file: { data?: { frontMatter?: Record<string, unknown> } }): void => {
    if (file.data?.frontMatter?.[SITE_ADDRESS_KEY] === true) replaceIn(root, siteUrl);
  };
}
