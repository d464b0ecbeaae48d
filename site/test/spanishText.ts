import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../../testkit/files';
import { docsRoots, lineOf, markdownFiles, site } from './docsPages';

/** Every Spanish Markdown page the reader sees: the manual and the blog. */
export const spanishMarkdownFiles = [...markdownFiles(docsRoots.es), ...markdownFiles(path.join(site, 'blog'))];

/** Replaces every character but line breaks with a space, so offsets and line numbers stay put. */
export function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/** A Markdown page with its front matter and its fenced and inline code blanked. */
export function withoutCode(markdown: string): string {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, blank)
    .replace(/```[\s\S]*?```/g, blank)
    .replace(/`[^`\n]*`/g, blank);
}

/** Blanks link targets, keeping the link text: `[text](url)` reads as `[text]` and spaces. */
export function withoutLinkTargets(markdown: string): string {
  return markdown.replace(/(?<=\])\([^)\n]*\)/g, blank);
}

/** The reader-facing prose of a Markdown page: no front matter, no code, no link targets. */
export function prose(markdown: string): string {
  return withoutLinkTargets(withoutCode(markdown));
}

export interface SpanishText {
  /** Where the text is, as a message names it: `file:line` or `file › key`. */
  where: string;
  text: string;
  /** The place of an offset in `text`, for the message. */
  at(offset: number): string;
  /** For a Markdown page, its source, from which `text` was taken. */
  markdown?: string;
}

/** The prose of every Spanish Markdown page, one entry per file. */
export function spanishProse(): SpanishText[] {
  return spanishMarkdownFiles.map((file) => {
    const markdown = readFileSync(file, 'utf8');
    const text = prose(markdown);
    const name = path.relative(site, file);
    return { where: name, text, markdown, at: (offset: number) => `${name}:${lineOf(text, offset)}` };
  });
}

/**
 * A Markdown page with everything but the bodies of its Mermaid blocks blanked. Diagram labels
 * have no code spans, so names with a slash in them (PubSub nodes such as `sentinel/heartbeats`,
 * paths such as `/QuickLogin`) are blanked as code.
 */
export function mermaidOnly(markdown: string): string {
  let kept = '';
  let last = 0;
  for (const block of markdown.matchAll(/^```mermaid[^\n]*\n([\s\S]*?)^```/gm)) {
    const start = (block.index ?? 0) + block[0].indexOf('\n') + 1;
    kept += blank(markdown.slice(last, start)) + (block[1] ?? '');
    last = start + (block[1] ?? '').length;
  }
  return (kept + blank(markdown.slice(last))).replace(/[\w.:-]*\/[\w./:-]*/g, blank);
}

/** The labels of the Mermaid diagrams of every Spanish Markdown page, one entry per file. */
export function spanishDiagrams(): SpanishText[] {
  return spanishMarkdownFiles.map((file) => {
    const markdown = readFileSync(file, 'utf8');
    const text = mermaidOnly(markdown);
    const name = path.relative(site, file);
    return { where: name, text, at: (offset: number) => `${name}:${lineOf(text, offset)}` };
  });
}

function jsonFiles(dir: string): string[] {
  return filesUnder(dir, { keep: (name) => name.endsWith('.json') });
}

/** Every Spanish interface translation file: code, theme (navbar, footer), docs sidebar, blog. */
export const spanishJsonFiles = jsonFiles(path.join(site, 'i18n/es'));

/** The `message` of every entry of every Spanish interface translation, one entry per message. */
export function spanishMessages(): SpanishText[] {
  return spanishJsonFiles.flatMap((file) => {
    const name = path.relative(site, file);
    const entries = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, { message?: unknown }>);
    return entries
      .filter(([, entry]) => typeof entry.message === 'string')
      .map(([key, entry]) => {
        const where = `${name} › ${key}`;
        return { where, text: entry.message as string, at: () => where };
      });
  });
}
