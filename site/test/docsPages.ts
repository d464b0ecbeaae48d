import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.mdx?$/.test(name) ? [full] : [];
  });
}

export function markdownFiles(dir: string): string[] {
  return walk(dir);
}

export function docsPages(): Page[] {
  return (Object.keys(docsRoots) as Array<keyof typeof docsRoots>).flatMap((locale) =>
    walk(docsRoots[locale]).map((full) => ({
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
