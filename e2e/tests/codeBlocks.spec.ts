import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { PrismTheme } from 'prism-react-renderer';
import { expect, loadsScriptWith, test, waitForHydration } from './fixtures';
import { signInAt } from './auth';

// The site's code themes, from its (CommonJS) sources.
const { darkCodeTheme, lightCodeTheme } = createRequire(import.meta.url)('../../site/src/config/codeThemes') as {
  darkCodeTheme: PrismTheme;
  lightCodeTheme: PrismTheme;
};

const CODE_PAGE = '/docs/documentation/firebase-auth-setup';
const PLAIN_DOCS_PAGE = '/docs/IntrusionSentinel/introduction/audience';

/** The code of the page's first fenced block, as its Markdown source has it. */
const firstBlockSource = /^```bash[^\n]*\n([\s\S]*?)\n```$/m.exec(
  readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/docs/documentation/firebase-auth-setup.md'),
    'utf8',
  ),
)![1]!;

/** Prism's core, recognised by an option name only it has. */
const loadsHighlighter = (page: Page, url: string) => loadsScriptWith(page, url, 'disableWorkerMessageHandler');

test('code blocks come highlighted, no page loads a highlighter, and the copy button copies by keyboard', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAt(page, CODE_PAGE);

  for (const url of [CODE_PAGE, '/', '/blog', PLAIN_DOCS_PAGE])
    expect(await loadsHighlighter(page, url), url).toBe(false);

  await page.goto(CODE_PAGE);
  await waitForHydration(page);
  const block = page.locator('article .theme-code-block').first();
  await expect(block.locator('pre.prism-code.language-bash')).toBeVisible();
  expect(await block.locator('.token').count()).toBeGreaterThan(1);
  expect(await block.locator('code div').count()).toBe(0);

  const copy = block.getByRole('button', { name: 'Copy code to clipboard' });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(block.getByRole('button', { name: 'Copied' })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstBlockSource);
});

/** The colour a CSS colour value computes to, as the browser reports it. */
async function computed(page: Page, property: 'color' | 'background-color', value: string): Promise<string> {
  return page.evaluate(
    ([name, colour]) => {
      const probe = document.createElement('div');
      probe.style.setProperty(name, colour);
      document.body.append(probe);
      const result = getComputedStyle(probe).getPropertyValue(name);
      probe.remove();
      return result;
    },
    [property, value] as const,
  );
}

const commentColour = (theme: PrismTheme) =>
  theme.styles.find((style) => style.types.includes('comment'))!.style.color!;

/** A block and one of its comments show the colours of the code theme given. */
async function expectColoursOf(page: Page, block: Locator, theme: PrismTheme): Promise<void> {
  await expect(block).toHaveCSS(
    'background-color',
    await computed(page, 'background-color', theme.plain.backgroundColor!),
  );
  await expect(block).toHaveCSS('color', await computed(page, 'color', theme.plain.color!));
  await expect(block.locator('.token', { hasText: /^# / }).first()).toHaveCSS(
    'color',
    await computed(page, 'color', commentColour(theme)),
  );
}

test('a code block is drawn once, in the colours of the mode shown, and takes the other mode’s when the reader switches', async ({
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

  await page.goto(`${CODE_PAGE}?docusaurus-theme=dark`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForLoadState('networkidle');
  await expectColoursOf(page, block, darkCodeTheme);

  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectColoursOf(page, block, lightCodeTheme);
  expect(await removed()).toBe(0);

  await page.goto(`${CODE_PAGE}?docusaurus-theme=light`);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await expectColoursOf(page, block, lightCodeTheme);
  expect(await removed()).toBe(0);
});
