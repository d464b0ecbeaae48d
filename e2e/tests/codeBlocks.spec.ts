import type { Page } from '@playwright/test';
import { expect, loadsScriptWith, test, waitForHydration } from './fixtures';
// The site's code themes recolour tokens only; a block's background is the original theme's.
import { themes } from 'prism-react-renderer';
import { signInAt } from './auth';

const CODE_PAGE = '/docs/documentation/firebase-auth-setup';
const PLAIN_DOCS_PAGE = '/docs/IntrusionSentinel/introduction/audience';

/** The code highlighter is recognised by the class it gives highlighted blocks. */
const loadsHighlighter = (page: Page, url: string) => loadsScriptWith(page, url, 'prism-code');

test('code blocks are highlighted and copyable; the highlighter loads only on pages that show code', async ({
  page,
}) => {
  await signInAt(page, CODE_PAGE);

  expect(await loadsHighlighter(page, CODE_PAGE)).toBe(true);
  const block = page.locator('article .theme-code-block').first();
  await expect(block.locator('pre.prism-code.language-bash')).toBeVisible();
  expect(await block.locator('.token').count()).toBeGreaterThan(1);
  await expect(block.getByRole('button', { name: 'Copy code to clipboard' })).toBeAttached();

  for (const url of ['/', '/blog', '/blog/2025/06/10/prioridades-id-ciberseguridad', '/es/blog', PLAIN_DOCS_PAGE])
    expect(await loadsHighlighter(page, url), url).toBe(false);
});

/** The background colour a code theme gives a block, as the browser reports it. */
async function backgroundOf(page: Page, colour: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = value;
    document.body.append(probe);
    const computed = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return computed;
  }, colour);
}

test('a code block is highlighted once in the default colour mode, and drawn again in the colours of the other', async ({
  page,
}) => {
  await signInAt(page, CODE_PAGE);
  // Counts the code blocks taken out of the page: a block drawn again after hydration is replaced.
  await page.addInitScript(() => {
    const counter = window as unknown as { removedCodeBlocks: number };
    counter.removedCodeBlocks = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.removedNodes))
          if (node instanceof Element && (node.matches('pre') || node.querySelector('pre')))
            counter.removedCodeBlocks += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  const removed = () => page.evaluate(() => (window as unknown as { removedCodeBlocks: number }).removedCodeBlocks);
  const block = page.locator('article pre.prism-code').first();
  const blocks = await page.locator('article pre.prism-code').count();
  expect(blocks).toBeGreaterThan(1);

  await page.goto(`${CODE_PAGE}?docusaurus-theme=dark`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(removed).toBe(blocks);
  await expect(block).toHaveCSS('background-color', await backgroundOf(page, themes.dracula.plain.backgroundColor!));

  await page.goto(`${CODE_PAGE}?docusaurus-theme=light`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.waitForLoadState('networkidle');
  await expect(block).toHaveCSS('background-color', await backgroundOf(page, themes.github.plain.backgroundColor!));
  expect(await removed()).toBe(0);
});
