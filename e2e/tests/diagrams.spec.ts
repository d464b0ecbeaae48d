import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, loadsScriptWith, test, waitForHydration } from './fixtures';
import { DEMO_PASSWORD, submitSignIn } from './auth';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/docs');

const sources = (readdirSync(docsDir, { recursive: true }) as string[]).filter((file) => /\.mdx?$/.test(file)).sort();
const toUrl = (file: string) =>
  `/docs/${file
    .replace(/\.mdx?$/, '')
    .split(path.sep)
    .join('/')}`;
const drawsDiagram = (file: string) => readFileSync(path.join(docsDir, file), 'utf8').includes('```mermaid');

/** Every documentation page whose source draws a Mermaid diagram, as URLs. */
const diagramPages = sources.filter(drawsDiagram).map(toUrl);
/** A documentation page that draws none. */
const plainPage = toUrl(sources.find((file) => !drawsDiagram(file) && file.includes(path.sep))!);

async function signIn(page: Page): Promise<void> {
  await page.goto(`/signin?next=${encodeURIComponent(diagramPages[0]!)}`);
  await waitForHydration(page);
  await submitSignIn(page, 'en', 'ana.torres@uai.cl', DEMO_PASSWORD);
  // The sign-in page has a heading of its own: wait until it has moved on to the page asked for.
  // The gate there loads the identity SDK before it shows the page, which has taken over 5 s with
  // both test workers busy.
  await expect(page).toHaveURL(new RegExp(`${diagramPages[0]!}$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
}

/** The smallest label font size of the page's diagrams, in CSS pixels as drawn on screen. */
function smallestLabel(page: Page): Promise<number> {
  return page.locator('.docusaurus-mermaid-container svg').evaluateAll((svgs) =>
    Math.min(
      ...svgs.flatMap((svg) => {
        const scale = (svg as SVGSVGElement).getScreenCTM()?.a ?? 1;
        return Array.from(svg.querySelectorAll('text, foreignObject div, foreignObject span'))
          .filter((label) => (label.textContent ?? '').trim() !== '')
          .map((label) => parseFloat(getComputedStyle(label).fontSize) * scale);
      }),
    ),
  );
}

test('diagrams are drawn with labels of at least 12 px at 1280 px, and scroll inside their box on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(diagramPages.length).toBeGreaterThan(3);
  await signIn(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of diagramPages) {
      await page.goto(url);
      await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
      if (width === 1280) expect(await smallestLabel(page), url).toBeGreaterThanOrEqual(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(width);
    }
  }
});

/** The diagram library is recognised by its own API's name. */
const loadsDiagramLibrary = (page: Page, url: string) => loadsScriptWith(page, url, 'mermaidAPI');

test('the diagram library loads on a page that draws a diagram and on no other', async ({ page }) => {
  await signIn(page);
  await page.goto('/labs');
  expect(await loadsDiagramLibrary(page, plainPage)).toBe(false);
  expect(await loadsDiagramLibrary(page, '/')).toBe(false);
  expect(await loadsDiagramLibrary(page, diagramPages[0]!)).toBe(true);
});
