import type { Page } from '@playwright/test';
import { expect, loadsScriptWith, test, waitForHydration } from './fixtures';
import { DEMO_PASSWORD, submitSignIn } from './auth';

const CODE_PAGE = '/docs/documentation/firebase-auth-setup';
const PLAIN_DOCS_PAGE = '/docs/IntrusionSentinel/introduction/audience';

/** The code highlighter is recognised by the class it gives highlighted blocks. */
const loadsHighlighter = (page: Page, url: string) => loadsScriptWith(page, url, 'prism-code');

test('code blocks are highlighted and copyable; the highlighter loads only on pages that show code', async ({
  page,
}) => {
  await page.goto(`/signin?next=${encodeURIComponent(CODE_PAGE)}`);
  await waitForHydration(page);
  await submitSignIn(page, 'en', 'ana.torres@uai.cl', DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${CODE_PAGE}$`));

  expect(await loadsHighlighter(page, CODE_PAGE)).toBe(true);
  const block = page.locator('article .theme-code-block').first();
  await expect(block.locator('pre.prism-code.language-bash')).toBeVisible();
  expect(await block.locator('.token').count()).toBeGreaterThan(1);
  await expect(block.getByRole('button', { name: 'Copy code to clipboard' })).toBeAttached();

  for (const url of ['/', '/blog', '/blog/2025/06/10/prioridades-id-ciberseguridad', '/es/blog', PLAIN_DOCS_PAGE])
    expect(await loadsHighlighter(page, url), url).toBe(false);
});
