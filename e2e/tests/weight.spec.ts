import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAt } from './auth';
import { locales } from './routes';
import { builtPages, scriptBytes, withoutCache } from './weight';

/**
 * The page-weight budgets, in compressed JavaScript on a cold load: a public page at most 120 KB,
 * a documentation page (signed in, its content chunks and the sign-in state's code included) at
 * most 150 KB. Every page the build wrote is measured, in both locales.
 */
const PUBLIC_JS_BUDGET = 120 * 1024;
const DOCS_JS_BUDGET = 150 * 1024;

/**
 * Pages measured at once, each lane in a browser context of its own with the caches off, so every
 * load is cold: most of a measure is the wait for the network to go quiet, which the lanes spend
 * together.
 */
const LANES = 4;

const listed = (files: Array<[string, number]>) => files.map(([file, bytes]) => `${file} ${bytes}`).join('\n');

type Measure = { path: string; total: number; files: Array<[string, number]>; page: Page };

/**
 * Measures every page cold, `LANES` at a time; `check` runs on each page right after its measure.
 * Each measure opens a tab of its own, with the caches off: nothing of the page before it (its
 * memory cache, its history) can serve this one.
 */
async function measureAll(
  browser: Browser,
  baseURL: string | undefined,
  paths: string[],
  check: (measure: Measure) => Promise<void>,
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<number> {
  let measured = 0;
  await Promise.all(
    Array.from({ length: LANES }, async (_, lane) => {
      const context = await browser.newContext({ baseURL });
      const first = await context.newPage();
      await prepare(first);
      await first.close();
      for (const path of paths.filter((_, index) => index % LANES === lane)) {
        const page = await context.newPage();
        await withoutCache(page);
        await check({ path, page, ...(await scriptBytes(page, path)) });
        await page.close();
        measured += 1;
      }
      await context.close();
    }),
  );
  return measured;
}

for (const { code, prefix } of locales) {
  test(`every public page loads at most 120 KB of compressed JavaScript (${code})`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const pages = builtPages('public', prefix);
    expect(pages.length).toBeGreaterThan(10);
    const measured = await measureAll(browser, baseURL, pages, async ({ path, total, files }) => {
      expect.soft(files.length, path).toBeGreaterThan(1);
      expect.soft(total, `${path}\n${listed(files)}`).toBeLessThanOrEqual(PUBLIC_JS_BUDGET);
    });
    expect(measured).toBe(pages.length);
  });

  test(`every documentation page loads at most 150 KB of compressed JavaScript, signed in (${code})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const pages = builtPages('members', prefix);
    expect(pages.length).toBeGreaterThan(20);
    const measured = await measureAll(
      browser,
      baseURL,
      pages,
      async ({ path, total, files, page }) => {
        await expect.soft(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        await expect.soft(page.locator('#sign-in-title'), path).toHaveCount(0);
        expect.soft(total, `${path}\n${listed(files)}`).toBeLessThanOrEqual(DOCS_JS_BUDGET);
      },
      (page) => signInAt(page, pages[0]!),
    );
    expect(measured).toBe(pages.length);
  });
}
