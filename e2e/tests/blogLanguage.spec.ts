import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

const POST = '/blog/2025/06/10/prioridades-id-ciberseguridad';

/** The language a screen reader takes for each element: that of its nearest `lang`, by its text. */
function languagesOf(page: Page, selectors: Record<string, string>): Promise<Record<string, string | null>> {
  return page.evaluate(
    (entries) =>
      Object.fromEntries(
        Object.entries(entries).map(([name, selector]) => [
          name,
          document.querySelector(selector)?.closest('[lang]')?.getAttribute('lang') ?? null,
        ]),
      ),
    selectors,
  );
}

const PARTS = {
  title: 'article header h1',
  text: 'article .markdown p',
  author: 'article .avatar__intro small',
  tag: 'article footer a[href*="/blog/tags/"]',
  tableOfContents: 'nav a.table-of-contents__link',
  sidebarPost: 'aside nav a[href*="/blog/20"]',
  date: 'article header time',
  sidebarHeading: 'aside nav > div',
  navbar: '.navbar__items a[href$="/labs"]',
};

test('a Spanish post under the English site is marked Spanish where it is, and the interface around it stays English', async ({
  page,
}) => {
  await page.goto(POST);
  await waitForHydration(page);
  expect(await languagesOf(page, PARTS)).toEqual({
    title: 'es',
    text: 'es',
    author: 'es',
    tag: 'es',
    tableOfContents: 'es',
    sidebarPost: 'es',
    date: 'en',
    sidebarHeading: 'en',
    navbar: 'en',
  });
});

test('the Spanish site marks no passage of its blog (only the language menu names its languages): the whole page is Spanish', async ({
  page,
}) => {
  await page.goto(`/es${POST}`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await page.locator('body [lang]:not(.dropdown__link)').evaluateAll((marked) => marked.length)).toBe(0);
});
