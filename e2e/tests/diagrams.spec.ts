import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, loadsScriptWith, test, waitForHydration } from './fixtures';
import { signInAt } from './auth';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/docs');

const sources = (readdirSync(docsDir, { recursive: true }) as string[]).filter((file) => /\.mdx?$/.test(file)).sort();
const toUrl = (file: string) =>
  `/docs/${file
    .replace(/\.mdx?$/, '')
    .split(path.sep)
    .join('/')}`;
const diagramCount = (file: string) => readFileSync(path.join(docsDir, file), 'utf8').split('```mermaid').length - 1;
const drawsDiagram = (file: string) => diagramCount(file) > 0;

/** Every documentation page whose source draws a Mermaid diagram, as URLs. */
const diagramPages = sources.filter(drawsDiagram).map(toUrl);
/** A documentation page that draws none. */
const plainPage = toUrl(sources.find((file) => !drawsDiagram(file) && file.includes(path.sep))!);

async function signIn(page: Page): Promise<void> {
  await signInAt(page, diagramPages[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
}

/** The diagrams a reader sees (each is in the page twice, once per colour mode). */
const shownDiagrams = (page: Page) => page.locator('.diagram svg').filter({ visible: true });

/** The smallest label font size of the page's diagrams, in CSS pixels as drawn on screen. */
function smallestLabel(page: Page): Promise<number> {
  return shownDiagrams(page).evaluateAll((svgs) =>
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
      await expect(shownDiagrams(page).first()).toBeVisible();
      if (width === 1280) expect(await smallestLabel(page), url).toBeGreaterThanOrEqual(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(width);
    }
  }
});

test('diagrams come drawn in the page the server sends, in the colour mode shown, and no page loads a diagram library', async ({
  page,
  browser,
}) => {
  // Every page that draws a diagram, without scripts, then three pages until the network is idle.
  test.setTimeout(90_000);
  await signIn(page);
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  try {
    await withoutScripts.addCookies(await page.context().cookies());
    const plain = await withoutScripts.newPage();
    for (const file of sources.filter(drawsDiagram)) {
      expect((await plain.goto(toUrl(file)))?.status(), file).toBe(200);
      const shown = shownDiagrams(plain);
      await expect(shown, file).toHaveCount(diagramCount(file));
      await expect(shown.first().locator('text').filter({ hasText: /\S/ }).first(), file).toBeVisible();
    }
  } finally {
    await withoutScripts.close();
  }

  for (const mode of ['light', 'dark'] as const) {
    // The theme's own URL switch sets the colour mode for the page it opens.
    await page.goto(`${diagramPages[0]!}?docusaurus-theme=${mode}`);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const ids = await shownDiagrams(page).evaluateAll((svgs) => svgs.map((svg) => svg.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(new RegExp(`^diagram-[0-9a-f]{16}-${mode}$`));
  }

  // The library is recognised by its own API's name.
  for (const url of [diagramPages[0]!, plainPage, '/'])
    expect(await loadsScriptWith(page, url, 'mermaidAPI'), url).toBe(false);
});

/** Which edges of the page's first diagram box are shaded, read from the drawn pseudo-elements. */
function shadedEdges(page: Page): Promise<{ before: boolean; after: boolean }> {
  return page
    .locator('.diagram .scroll-box-frame')
    .first()
    .evaluate((frame) => ({
      before: getComputedStyle(frame, '::before').opacity === '1',
      after: getComputedStyle(frame, '::after').opacity === '1',
    }));
}

test('a diagram wider than a phone shades the edge it scrolls towards, in both colour modes; one that fits shades none', async ({
  page,
}) => {
  await signIn(page);
  const wide = '/docs/IntrusionSentinel/architecture/diagram';
  for (const mode of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${wide}?docusaurus-theme=${mode}`);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const box = page.getByRole('group', { name: 'Diagram' }).first();
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect.poll(() => shadedEdges(page)).toEqual({ before: false, after: true });
    await box.evaluate((element) => {
      element.scrollLeft = element.scrollWidth / 3;
    });
    await expect.poll(() => shadedEdges(page)).toEqual({ before: true, after: true });
    await box.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect.poll(() => shadedEdges(page)).toEqual({ before: true, after: false });
    await expect(shownDiagrams(page).first()).toHaveAttribute('id', new RegExp(`-${mode}$`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(wide);
  await waitForHydration(page);
  const fits = await page
    .locator('.diagram .scroll-box')
    .evaluateAll((boxes) => boxes.findIndex((box) => box.scrollWidth <= box.clientWidth));
  expect(fits).toBeGreaterThanOrEqual(0);
  const frame = page.locator('.diagram .scroll-box-frame').nth(fits);
  await expect(frame).not.toHaveAttribute('data-hidden-after');
  await expect(frame).not.toHaveAttribute('data-hidden-before');
});
