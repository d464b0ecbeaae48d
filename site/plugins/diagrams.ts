/**
 * Diagrams are written as fenced `mermaid` blocks in the Markdown and drawn ahead of time: each one
 * is rendered to SVG, once with the light theme and once with the dark one, by
 * `npm run diagrams` (site/scripts/renderDiagrams.ts, in a headless Chromium), and the SVGs are
 * committed in `site/diagrams/`. The build puts them into the page's own HTML and chunk
 * (remark-diagrams.ts), so a page with diagrams loads no diagram library: drawing them in the
 * browser cost a documentation page about 170 KB of compressed JavaScript and over a second of
 * main-thread work on a mid-range phone, and members' diagrams stay behind the same lock as the
 * page's text.
 *
 * A rendering is named after a hash of its source, the settings below and the Mermaid version, so
 * any change to one of them asks for a new rendering; a unit test checks that every block has its
 * two and that no file is left over.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const RENDERED_DIR = path.join(siteDir, 'diagrams');

/** The Markdown the site is built from, where diagrams may be written. */
const CONTENT_DIRS = ['docs', 'blog', 'src/pages', 'i18n'].map((dir) => path.join(siteDir, dir));

export const VARIANTS = ['light', 'dark'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * Labels use Arial's metrics: Liberation Sans (which renders here) has the same widths as Arial
 * (Windows, macOS) and Helvetica is within a pixel, so the boxes measured at rendering time fit the
 * text on the reader's screen. Labels are SVG text rather than HTML, so a wider fallback font
 * overflows a box's edge instead of wrapping and being cut off.
 */
const FONT_FAMILY = 'Arial, "Liberation Sans", Helvetica, sans-serif';

/** The Mermaid configuration a diagram is rendered with in one variant. */
export function mermaidConfig(variant: Variant, key: string): Record<string, unknown> {
  // Drawn at their natural size (labels at 16 px) and scrolled sideways where wider than the
  // column, rather than shrunk to fit until the labels cannot be read.
  const natural = { useMaxWidth: false };
  return {
    startOnLoad: false,
    theme: variant === 'light' ? 'neutral' : 'dark',
    fontFamily: FONT_FAMILY,
    htmlLabels: false,
    securityLevel: 'strict',
    deterministicIds: true,
    deterministicIDSeed: key,
    flowchart: { ...natural, htmlLabels: false },
    // Mermaid's default participant box (150 px) and gap (50 px) made an eight-participant sequence
    // diagram at least 1,550 px wide before any message; boxes still grow to fit their name.
    sequence: { ...natural, width: 110, actorMargin: 30 },
    state: natural,
    class: natural,
  };
}

function mermaidVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('mermaid/package.json') as { version: string }).version;
}

/** The name a diagram's renderings share, from everything that shapes them. */
export function diagramKey(source: string): string {
  const settings = VARIANTS.map((variant) => mermaidConfig(variant, ''));
  return createHash('sha256')
    .update(JSON.stringify({ mermaid: mermaidVersion(), settings, source: source.trim() }))
    .digest('hex')
    .slice(0, 16);
}

/** The element id of a rendering's `<svg>`, unique on a page that shows both variants. */
export const svgId = (key: string, variant: Variant) => `diagram-${key}-${variant}`;

export const renderedFile = (key: string, variant: Variant) => path.join(RENDERED_DIR, `${key}-${variant}.svg`);

export interface DiagramSource {
  /** The Markdown file, relative to the site's folder. */
  file: string;
  source: string;
  key: string;
}

function markdownFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names.filter((name) => /\.mdx?$/.test(name)).map((name) => path.join(dir, name));
}

/** Every fenced `mermaid` block in the site's Markdown, in both languages. */
export function findDiagrams(): DiagramSource[] {
  return CONTENT_DIRS.flatMap(markdownFiles)
    .sort()
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^```mermaid[^\n]*\n([\s\S]*?)^```\s*$/gm)].map((match) => ({
        file: path.relative(siteDir, file),
        source: match[1]!,
        key: diagramKey(match[1]!),
      })),
    );
}

/**
 * Attributes Mermaid writes that SVG does not define on these elements (it keeps a sequence
 * diagram's participant in `name`, copies a marker's size onto its `circle` and a message's start
 * onto its `path`). Browsers ignore them; an HTML validator refuses the page.
 */
const FOREIGN_ATTRIBUTES: Record<string, readonly string[]> = {
  rect: ['name'],
  line: ['name'],
  g: ['name'],
  circle: ['width', 'height'],
  path: ['x1', 'y1', 'x2', 'y2'],
};

/**
/**
 * A rendering made fit to sit in a page beside others: every id starts with the drawing's own id
 * and is used once (Mermaid prefixes most of them, but names a sequence diagram's actors alike in
 * every diagram, so two on one page, or one diagram's two variants, repeat them, and repeats a
 * stick figure's ids where it draws the figure twice), and only attributes SVG allows remain.
 * Nothing refers to the ids it renames. Applying it twice changes nothing.
 */
export function tidySvg(svg: string, id: string): string {
  const renamed = new Map<string, number>();
  const rename = (value: string) => {
    const seen = (renamed.get(value) ?? 0) + 1;
    renamed.set(value, seen);
    return `${id}-${value}${seen > 1 ? `-${seen}` : ''}`;
  };
  return svg.replace(/<([a-zA-Z][\w:-]*)(\s[^>]*?)?(\/?)>/g, (_tag, name: string, attributes = '', selfClosing) => {
    const foreign = FOREIGN_ATTRIBUTES[name] ?? [];
    const kept = attributes.replace(
      /(\s)([\w:-]+)="([^"]*)"/g,
      (attribute: string, space: string, attributeName: string, value: string) => {
        if (foreign.includes(attributeName)) return '';
        if (attributeName === 'id' && !value.startsWith(id)) return `${space}id="${rename(value)}"`;
        return attribute;
      },
    );
    return `<${name}${kept}${selfClosing}>`;
  });
}
