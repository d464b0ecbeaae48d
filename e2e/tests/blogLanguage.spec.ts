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

const NOTE = 'The posts on this blog are written in Spanish.';

for (const width of [1280, 390]) {
  test(`every English blog page says the posts are in Spanish, before them; the Spanish blog does not (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 850 });
    for (const path of ['/blog', POST, '/blog/archive', '/blog/tags/intrusion-sentinel', '/blog/authors']) {
      await page.goto(path);
      const note = page.locator('.blog-language-note');
      await expect(note, path).toHaveText(NOTE);
      await expect(note, path).toBeVisible();
      expect(await note.evaluate((element) => element.closest('[lang]')?.getAttribute('lang')), path).toBe('en');
      const firstPost = page.locator('article').first();
      if ((await firstPost.count()) > 0) {
        await expect(firstPost.locator('[lang="es"]').first()).toBeAttached();
        const [noteBox, postBox] = [await note.boundingBox(), await firstPost.boundingBox()];
        expect(noteBox!.y, path).toBeLessThan(postBox!.y);
      }
    }
    for (const path of ['/es/blog', `/es${POST}`, '/es/blog/archive']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('.blog-language-note'), path).toHaveCount(0);
    }
  });
}
