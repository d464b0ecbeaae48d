import { expect, test, waitForHydration } from './fixtures';
import { signInAt } from './auth';

const PAGE = '/docs/IntrusionSentinel/installation/webapp_installation';

/** The parts of a documentation page that hydrate in tasks of their own, by a selector of each. */
const PARTS = {
  navbar: 'nav.navbar',
  sidebar: 'aside.theme-doc-sidebar-container',
  main: 'main',
  tocMobile: '.theme-doc-toc-mobile',
  article: '.theme-doc-markdown',
  footer: 'footer.footer',
} as const;

test('a documentation page hydrates part by part on the nodes the server sent, and every part works afterwards', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAt(page, PAGE);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((parts) => {
    document.addEventListener('DOMContentLoaded', () => {
      const served = Object.fromEntries(
        Object.entries(parts).map(([name, selector]) => [name, document.querySelector(selector)]),
      );
      Object.assign(window, { served, servedArticle: Array.from(served.article?.querySelectorAll('*') ?? []) });
    });
  }, PARTS);
  await page.goto(PAGE);
  await waitForHydration(page);

  const kept = await page.evaluate((parts) => {
    const { served, servedArticle } = window as unknown as {
      served: Record<string, Element | null>;
      servedArticle: Element[];
    };
    return {
      same: Object.fromEntries(
        Object.entries(parts).map(([name, selector]) => [
          name,
          served[name] !== null && served[name] === document.querySelector(selector),
        ]),
      ),
      // Every element of the article the server sent is still in the page (hydration adds the
      // word-wrap buttons of the blocks that scroll).
      articleKept: servedArticle.length > 1000 && servedArticle.every((element) => element.isConnected),
    };
  }, PARTS);
  expect(kept).toEqual({
    same: { navbar: true, sidebar: true, main: true, tocMobile: true, article: true, footer: true },
    articleKept: true,
  });

  const block = page.locator('article .theme-code-block').first();
  await block.hover();
  await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
  await expect(block.getByRole('button', { name: 'Copied' })).toBeAttached();

  // The phone menu, drawn only now, opens on the documentation's sidebar, at this page.
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  await expect(
    page
      .locator('.navbar-sidebar')
      .getByRole('link', { name: await page.locator('article h1').innerText(), exact: true }),
  ).toBeVisible();
});
