import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * WCAG 2.1 A and AA and axe's best practices; the page's violations as readable lines. The test
 * must bypass the page's Content-Security-Policy (`test.use({ bypassCSP: true })`) for axe to load.
 */
export async function violations(page: Page): Promise<string[]> {
  // Once a page holds axe, a second look (the other theme, another width) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: unknown): Promise<AxeResult> } }).axe;
    interface AxeResult {
      violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>;
    }
    const { violations: found } = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
  return result;
}

/**
 * `violations` of the view as it is, in the light theme and in the dark one, keyed by theme. The
 * theme's colour transitions are turned off first, so axe never measures a colour half-way.
 */
export async function violationsInBothThemes(page: Page): Promise<Record<'light' | 'dark', string[]>> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const found = { light: [] as string[], dark: [] as string[] };
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((mode) => document.documentElement.setAttribute('data-theme', mode), theme);
    found[theme] = await violations(page);
  }
  return found;
}
