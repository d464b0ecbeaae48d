import type { Page } from '@playwright/test';
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

/** Whether the page is still the document it was when `markDocument` ran (a client-side navigation). */
const sameDocument = (page: Page) => page.evaluate(() => 'marked' in window);
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { marked: true }));

for (const { device, viewport } of [
  { device: 'a phone', viewport: { width: 390, height: 844 } },
  { device: 'a desktop', viewport: { width: 1280, height: 800 } },
])
  test(`on ${device}, the blog's list hydrates post by post on the nodes the server sent, and every post's links work afterwards`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        Object.assign(window, {
          servedPosts: Array.from(document.querySelectorAll('main article')),
          servedSidebar: document.querySelector('aside nav'),
        });
      });
    });
    await page.goto('/es/blog');
    await waitForHydration(page);

    const kept = await page.evaluate(() => {
      const { servedPosts, servedSidebar } = window as unknown as { servedPosts: Element[]; servedSidebar: Element };
      const posts = Array.from(document.querySelectorAll('main article'));
      const sidebar = document.querySelector('aside nav');
      return {
        posts: servedPosts.length,
        same: posts.length === servedPosts.length && posts.every((post, index) => post === servedPosts[index]),
        sidebar: sidebar === null ? 'gone' : sidebar === servedSidebar ? 'kept' : 'replaced',
      };
    });
    // The desktop sidebar is drawn by the server for every screen; on a phone the page drops it
    // once it knows the screen, and the phone menu lists the posts instead.
    expect(kept).toEqual({ posts: 4, same: true, sidebar: viewport.width < 997 ? 'gone' : 'kept' });

    // The last post hydrates last: its title's link now navigates inside the app.
    await markDocument(page);
    const last = page.locator('main article').last().locator('header h2 a');
    const title = await last.innerText();
    await last.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);

    if (viewport.width >= 997) {
      await page.goBack();
      await waitForHydration(page);
      await page.locator('aside nav a').last().click();
      await expect(page.locator('article header h1')).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
    }
  });
