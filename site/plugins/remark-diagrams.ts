/**
 * Puts each fenced `mermaid` block's committed renderings (see diagrams.ts) in its place, as
 * `<Diagram light dark source />` with an import of the component at the top of that file. A block
 * with no rendering stops the build and says how to make one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { diagramKey, renderedFile, type Variant } from './diagrams';
import { importDefault, jsxElement, replaceFencedBlocks, type MarkdownNode } from './mdxAst';

const COMPONENT = 'Diagram';

export class MissingDiagramError extends Error {}

function readRendering(key: string, variant: Variant, where: string): string {
  const file = renderedFile(key, variant);
  if (!existsSync(file))
    throw new MissingDiagramError(
      `${where}: this Mermaid diagram has no ${variant} rendering (${path.basename(file)}). ` +
        'Run `npm run diagrams` and commit the files it writes in site/diagrams/.',
    );
  return readFileSync(file, 'utf8');
}

export default function remarkDiagrams() {
  return (root: MarkdownNode, file: { path?: string }): void => {
    const drawn = replaceFencedBlocks(root, (code) => {
      if (code.lang !== 'mermaid') return undefined;
      const source = code.value ?? '';
      const key = diagramKey(source);
      const where = `${file.path ?? 'Markdown'}:${(code.position as { start?: { line?: number } })?.start?.line ?? '?'}`;
      return jsxElement(
        COMPONENT,
        {
          light: readRendering(key, 'light', where),
          dark: readRendering(key, 'dark', where),
          source,
        },
        code,
      );
    });
    if (drawn) root.children!.unshift(importDefault(COMPONENT, '@site/src/components/Diagram'));
  };
}
