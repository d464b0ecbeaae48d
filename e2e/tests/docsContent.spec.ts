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

test('every checkbox of the hardening checklist is labelled with its item, in both locales', async ({ page }) => {
  await signInAt(page, '/docs/IntrusionSentinel/operations/hardening');
  for (const path of [
    '/docs/IntrusionSentinel/operations/hardening',
    '/es/docs/IntrusionSentinel/operations/hardening',
  ]) {
    await page.goto(path);
    const boxes = page.getByRole('main').getByRole('checkbox');
    await expect(boxes).toHaveCount(20);
    const names = await boxes.evaluateAll((inputs) =>
      inputs.map((input) => ({
        label: (input as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '',
        item: input.closest('li')!.textContent!.trim(),
      })),
    );
    for (const { label, item } of names) {
      expect(label.length, path).toBeGreaterThan(20);
      expect(item.startsWith(label), path).toBe(true);
    }
    await expect(boxes.first()).toHaveAccessibleName(
      path.startsWith('/es')
        ? /^Las páginas de administración/
        : /^The admin pages are reachable only from the administrators' networks/,
    );
  }
});
