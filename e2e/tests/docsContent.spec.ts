import { expect, test } from './fixtures';
import { signInAt } from './auth';

test('the architecture diagram page shows its four diagrams, in both locales', async ({ page }) => {
  await signInAt(page, '/docs/IntrusionSentinel/architecture/diagram');
  const diagrams = page.locator('.diagram svg').filter({ visible: true });
  await expect(diagrams.first()).toBeVisible();
  expect(await diagrams.count()).toBe(4);
  expect(await diagrams.first().locator('g.node').count()).toBeGreaterThan(3);
  await page.goto('/es/docs/IntrusionSentinel/architecture/diagram');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const spanish = page.locator('.diagram svg').filter({ visible: true }).first();
  await expect(spanish).toBeVisible();
  expect(await page.locator('.diagram svg').filter({ visible: true }).count()).toBe(4);
  await expect(spanish.locator('.cluster-label', { hasText: /^Red monitoreada$/ })).toHaveCount(1);
});

test('the generated category index lists the sections of the documentation', async ({ page }) => {
  await signInAt(page, '/docs/category/intrusion-sentinel', 'diego.rojas@alumnos.uai.cl');
  await expect(page.getByRole('heading', { level: 1, name: 'Intrusion Sentinel' })).toBeVisible();
  for (const section of ['Introduction', 'Architecture', 'Installation', 'Usage', 'Troubleshooting']) {
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(section) })
        .first(),
    ).toBeVisible();
  }
});
