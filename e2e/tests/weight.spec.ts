import { expect, test } from './fixtures';
import { signInAt } from './auth';
import { locales } from './routes';
import { builtPages, coldScriptBytes } from './weight';

/**
 * The page-weight budgets, in compressed JavaScript on a cold load with React DOM in the browser:
 * a public page at most 150 KB, a documentation page (signed in, its content chunks and the
 * sign-in state's code included) at most 170 KB. Every page the build wrote is measured, in both
 * locales.
 */
const PUBLIC_JS_BUDGET = 150 * 1024;
const DOCS_JS_BUDGET = 170 * 1024;

const listed = (files: Array<[string, number]>) => files.map(([file, bytes]) => `${file} ${bytes}`).join('\n');

for (const { code, prefix } of locales) {
  test(`every public page loads at most 150 KB of compressed JavaScript (${code})`, async ({ page }) => {
    test.setTimeout(180_000);
    const pages = builtPages('public', prefix);
    expect(pages.length).toBeGreaterThan(10);
    for (const path of pages) {
      const { total, files } = await coldScriptBytes(page, path);
      expect.soft(files.length, path).toBeGreaterThan(1);
      expect.soft(total, `${path}\n${listed(files)}`).toBeLessThanOrEqual(PUBLIC_JS_BUDGET);
    }
  });

  test(`every documentation page loads at most 170 KB of compressed JavaScript, signed in (${code})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const pages = builtPages('members', prefix);
    expect(pages.length).toBeGreaterThan(20);
    await signInAt(page, pages[0]!);
    for (const path of pages) {
      const { total, files } = await coldScriptBytes(page, path);
      await expect.soft(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect.soft(page.locator('#sign-in-title'), path).toHaveCount(0);
      expect.soft(total, `${path}\n${listed(files)}`).toBeLessThanOrEqual(DOCS_JS_BUDGET);
    }
  });
}
