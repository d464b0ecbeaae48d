import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The members' built files, where each documentation page's Markdown is. */
export const membersDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist/members');

/** One documentation page in each language: the assistants' tests find it and read it. */
export const PAGES = {
  en: '/docs/IntrusionSentinel/introduction/description-intrusion-sentinel',
  es: '/es/docs/IntrusionSentinel/introduction/description-intrusion-sentinel',
} as const;

/** A built page's Markdown, as an assistant reads it. */
export const markdownOf = (pagePath: string): string => readFileSync(path.join(membersDir, `${pagePath}.md`), 'utf8');

/** The first sentence of a built page's Markdown, as its reader sees it: the search must find the page by it. */
export function openingSentence(pagePath: string): string {
  const paragraph = markdownOf(pagePath)
    .split('\n\n')
    .find((block) => !/^(#|Canonical URL|URL canónica)/.test(block))!;
  return paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[_*`]/g, '')
    .split(/(?<=\.)\s/)[0]!;
}
