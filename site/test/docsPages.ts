import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder } from '../../testkit/files';

export const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const docsRoots = {
  en: path.join(site, 'docs'),
  es: path.join(site, 'i18n/es/docusaurus-plugin-content-docs/current'),
} as const;

export interface Page {
  locale: 'en' | 'es';
  /** Path relative to the locale's docs folder, with extension. */
  file: string;
  text: string;
}

export function markdownFiles(dir: string): string[] {
  return filesUnder(dir, { keep: (name) => /\.mdx?$/.test(name) });
}

export function docsPages(): Page[] {
  return (Object.keys(docsRoots) as Array<keyof typeof docsRoots>).flatMap((locale) =>
    markdownFiles(docsRoots[locale]).map((full) => ({
      locale,
      file: path.relative(docsRoots[locale], full),
      text: readFileSync(full, 'utf8'),
    })),
  );
}

/** 1-based line of a character offset, for messages that point at the sentence to fix. */
export function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}
