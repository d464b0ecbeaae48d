import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { findDiagrams, RENDERED_DIR, renderedFile, svgId, tidySvg, VARIANTS } from '../plugins/diagrams';
import remarkDiagrams, { MissingDiagramError } from '../plugins/remark-diagrams';
import type { MarkdownNode } from '../plugins/mdxAst';

const diagrams = findDiagrams();

describe('diagrams drawn ahead of time', () => {
  it('finds the diagrams of both languages', () => {
    assert.ok(diagrams.length >= 20, `only ${diagrams.length} Mermaid blocks found`);
    assert.ok(diagrams.some((diagram) => diagram.file.startsWith('i18n/es/')));
    assert.ok(diagrams.some((diagram) => diagram.file.startsWith('docs/')));
  });

  it('has a current light and dark rendering of every Mermaid block (else run `npm run diagrams`)', () => {
    for (const { file, key } of diagrams)
      for (const variant of VARIANTS) {
        let svg: string;
        try {
          svg = readFileSync(renderedFile(key, variant), 'utf8');
        } catch {
          assert.fail(`${file}: no ${variant} rendering ${key}; run \`npm run diagrams\``);
        }
        assert.match(svg, new RegExp(`^<svg id="diagram-${key}-${variant}" `), `${file} (${variant})`);
        assert.match(svg, /<\/svg>\n$/, `${file} (${variant})`);
      }
  });

  it('stores every rendering tidy: ids its own and each used once, no attribute SVG does not define', () => {
    for (const { file, key } of diagrams)
      for (const variant of VARIANTS) {
        const svg = readFileSync(renderedFile(key, variant), 'utf8');
        const id = svgId(key, variant);
        const ids = [...svg.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!);
        assert.deepEqual(
          ids.filter((value, index) => !value.startsWith(id) || ids.indexOf(value) !== index),
          [],
          `${file} (${variant})`,
        );
        assert.doesNotMatch(
          svg,
          /<(?:rect|line|g)\s[^>]*\bname="|<circle\s[^>]*\b(?:width|height)="|<path\s[^>]*\sx1="/,
        );
        assert.equal(tidySvg(svg, id), svg, `${file} (${variant}): run \`npm run diagrams\``);
      }
  });

  it('keeps no rendering that no block uses', () => {
    const used = new Set(
      diagrams.flatMap(({ key }) => VARIANTS.map((variant) => path.basename(renderedFile(key, variant)))),
    );
    assert.deepEqual(
      readdirSync(RENDERED_DIR).filter((name) => !used.has(name)),
      [],
    );
  });
});

describe('a rendering made fit for a page', () => {
  const drawn =
    '<svg id="diagram-a-light" width="9"><g name="A"><rect id="root-1" name="A" width="3"/>' +
    '<line id="actor-man-torso1" name="A" x1="0"/><line id="actor-man-torso1" x1="1"/></g>' +
    '<circle id="diagram-a-light-dot" cx="5" width="10" height="10"/>' +
    '<path d="M 1,1" marker-end="url(#diagram-a-light-dot)" x1="4"/><text name="kept">Name="A"</text></svg>';
  const tidy =
    '<svg id="diagram-a-light" width="9"><g><rect id="diagram-a-light-root-1" width="3"/>' +
    '<line id="diagram-a-light-actor-man-torso1" x1="0"/><line id="diagram-a-light-actor-man-torso1-2" x1="1"/></g>' +
    '<circle id="diagram-a-light-dot" cx="5"/>' +
    '<path d="M 1,1" marker-end="url(#diagram-a-light-dot)"/><text name="kept">Name="A"</text></svg>';

  it('prefixes ids with its own, numbers repeats, and drops the attributes SVG does not define there', () => {
    assert.equal(tidySvg(drawn, 'diagram-a-light'), tidy);
  });

  it('changes nothing the second time', () => {
    assert.equal(tidySvg(tidy, 'diagram-a-light'), tidy);
  });
});

const transform = remarkDiagrams();
const fenced = (lang: string, value: string): MarkdownNode => ({
  type: 'code',
  lang,
  value,
  position: { start: { line: 7 } },
});
const tree = (...children: MarkdownNode[]): MarkdownNode => ({
  type: 'root',
  children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Intro' }] }, ...children],
});

describe('the diagram step of the Markdown build', () => {
  it('puts the committed renderings and the source in place of a Mermaid block, and imports the component once', () => {
    const [first, second] = diagrams;
    const root = tree(
      fenced('mermaid', first!.source.trimEnd()),
      fenced('bash', 'ls'),
      fenced('mermaid', second!.source.trimEnd()),
    );
    transform(root, { path: 'page.md' });
    const [esm, , diagram, code, other] = root.children!;
    assert.equal(esm!.type, 'mdxjsEsm');
    assert.equal(esm!.value, "import Diagram from '@site/src/components/Diagram';");
    assert.equal(root.children!.filter((node) => node.type === 'mdxjsEsm').length, 1);
    const attributes = Object.fromEntries(
      (diagram as unknown as { attributes: Array<{ name: string; value: string }> }).attributes.map((attribute) => [
        attribute.name,
        attribute.value,
      ]),
    );
    assert.equal((diagram as unknown as { name: string }).name, 'Diagram');
    assert.equal(attributes.light, readFileSync(renderedFile(first!.key, 'light'), 'utf8'));
    assert.equal(attributes.dark, readFileSync(renderedFile(first!.key, 'dark'), 'utf8'));
    assert.equal(attributes.source, first!.source.trimEnd());
    assert.deepEqual(code, fenced('bash', 'ls'));
    assert.equal((other as unknown as { name: string }).name, 'Diagram');
  });

  it('leaves a file without diagrams as it was', () => {
    const root = tree(fenced('bash', 'ls'));
    const before = structuredClone(root);
    transform(root, { path: 'page.md' });
    assert.deepEqual(root, before);
  });

  it('stops the build at a Mermaid block with no rendering, naming the file, the line and the command', () => {
    assert.throws(
      () => transform(tree(fenced('mermaid', 'flowchart LR\n  A --> B')), { path: 'docs/new.md' }),
      (error: Error) =>
        error instanceof MissingDiagramError &&
        /^docs\/new\.md:7: this Mermaid diagram has no light rendering \([0-9a-f]{16}-light\.svg\)\. Run `npm run diagrams`/.test(
          error.message,
        ),
    );
  });
});
