import { expect, test } from './fixtures';
import { scriptBytes } from './weight';

/** The page-weight budget: a public page transfers at most 170 KB of compressed JavaScript. */
const PUBLIC_JS_BUDGET = 170 * 1024;

for (const path of ['/', '/labs', '/es/blog']) {
  test(`${path} loads at most 170 KB of compressed JavaScript`, async ({ page }) => {
    const { total, files } = await scriptBytes(page, path);
    expect(files.length).toBeGreaterThan(1);
    expect(total, files.map(([file, bytes]) => `${file} ${bytes}`).join('\n')).toBeLessThanOrEqual(PUBLIC_JS_BUDGET);
  });
}
