/**
 * `npm run diagrams`: renders every fenced `mermaid` block of the site's Markdown that has no
 * rendering yet, light and dark, into site/diagrams/, tidies a stored rendering that `tidySvg`
 * would change, and removes renderings no block uses any more. It draws them with Mermaid in a
 * headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium), the only place Mermaid can measure
 * its labels.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { findDiagrams, mermaidConfig, RENDERED_DIR, renderedFile, svgId, tidySvg, VARIANTS } from '../plugins/diagrams';

declare const mermaid: {
  initialize(config: Record<string, unknown>): void;
  render(id: string, source: string): Promise<{ svg: string }>;
};

const require = createRequire(import.meta.url);
const mermaidBundle = path.join(path.dirname(require.resolve('mermaid/package.json')), 'dist/mermaid.min.js');

/** Renders what is missing and removes what is unused. */
async function main(): Promise<void> {
  const diagrams = findDiagrams();
  const wanted = new Map(diagrams.map((diagram) => [diagram.key, diagram]));
  const missing = [...wanted.values()].filter((diagram) =>
    VARIANTS.some((variant) => !existsSync(renderedFile(diagram.key, variant))),
  );

  let rendered = 0;
  mkdirSync(RENDERED_DIR, { recursive: true });
  if (missing.length > 0) {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ path: mermaidBundle });
      // A string, not a function: the script runner would wrap a function's inner functions in a
      // helper the page does not have.
      const hasArialMetrics = await page.evaluate(`(() => {
      const context = document.createElement('canvas').getContext('2d');
      const width = (font) => {
        context.font = font;
        return context.measureText('Intrusion Sentinel 5222').width;
      };
      const fallback = width('16px monospace');
      return ['Arial', '"Liberation Sans"'].some((family) => width('16px ' + family + ', monospace') !== fallback);
    })()`);
      if (!hasArialMetrics)
        throw new Error(
          'Neither Arial nor Liberation Sans is installed, so labels would be measured with another font ' +
            'and overflow their boxes on readers’ screens. Install fonts-liberation and run again.',
        );
      for (const diagram of missing) {
        for (const variant of VARIANTS) {
          const id = svgId(diagram.key, variant);
          const svg = await page
            .evaluate(
              async ({ config, id, source }) => {
                mermaid.initialize(config);
                return (await mermaid.render(id, source)).svg;
              },
              { config: mermaidConfig(variant, diagram.key), id, source: diagram.source },
            )
            .catch((error: Error) => {
              throw new Error(`${diagram.file}: Mermaid could not draw a diagram: ${error.message}`);
            });
          if (!svg.startsWith(`<svg id="${id}"`)) throw new Error(`${diagram.file}: Mermaid did not draw the diagram.`);
          writeFileSync(renderedFile(diagram.key, variant), `${tidySvg(svg, id)}\n`);
        }
        rendered += 1;
        console.log(`rendered ${diagram.key} (${diagram.file})`);
      }
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    } finally {
      await browser.close();
    }
  }

  let tidied = 0;
  for (const { key } of wanted.values())
    for (const variant of VARIANTS) {
      const file = renderedFile(key, variant);
      if (!existsSync(file)) continue;
      const svg = readFileSync(file, 'utf8');
      const tidy = tidySvg(svg, svgId(key, variant));
      if (tidy === svg) continue;
      writeFileSync(file, tidy);
      tidied += 1;
    }

  for (const name of readdirSync(RENDERED_DIR)) {
    const key = name.replace(/-(light|dark)\.svg$/, '');
    if (!wanted.has(key)) {
      rmSync(path.join(RENDERED_DIR, name));
      console.log(`removed ${name}, which no diagram uses`);
    }
  }
  console.log(
    `${wanted.size} diagrams in ${diagrams.length} blocks; ${rendered} rendered now, ${tidied} renderings tidied.`,
  );
}

void main();
