import { expect, literal, test, waitForHydration } from './fixtures';
import { signInAt } from './auth';

test('the architecture diagram page shows its four diagrams, in both locales', async ({ page }) => {
  await signInAt(page, '/docs/IntrusionSentinel/architecture/diagram');
  const diagrams = page.locator('.diagram svg').filter({ visible: true });
  await expect(diagrams.first()).toBeVisible();
  await expect(diagrams).toHaveCount(4);
  expect(await diagrams.first().locator('g.node').count()).toBeGreaterThan(3);
  await page.goto('/es/docs/IntrusionSentinel/architecture/diagram');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const spanish = page.locator('.diagram svg').filter({ visible: true }).first();
  await expect(spanish).toBeVisible();
  await expect(page.locator('.diagram svg').filter({ visible: true })).toHaveCount(4);
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

const LANDING = {
  en: {
    path: '/docs/documentation/firebase-auth-setup',
    opening: 'Members have nothing to set up: this page is for the people who deploy and operate the site.',
    openingTitle: 'Here to read the documentation?',
    overview: 'What is Intrusion Sentinel',
    overviewHeading: 'What is Intrusion Sentinel',
    access: 'Access to this documentation',
    documentation: 'Documentation',
  },
  es: {
    path: '/es/docs/documentation/firebase-auth-setup',
    opening: 'Los miembros no tienen nada que configurar: esta página es para quienes despliegan y operan el sitio.',
    openingTitle: '¿Viene a leer la documentación?',
    overview: 'Qué es Intrusion Sentinel',
    overviewHeading: 'Qué es Intrusion Sentinel',
    access: 'Acceso a esta documentación',
    documentation: 'Documentación',
  },
} as const;

for (const code of ['en', 'es'] as const) {
  for (const width of [1280, 390]) {
    test(`the documentation's landing page opens with a reader's orientation that leads to the overview, at ${width} px (${code})`, async ({
      page,
    }) => {
      const text = LANDING[code];
      await page.setViewportSize({ width, height: 850 });
      await signInAt(page, code === 'en' ? '/labs' : '/es/labs');
      await waitForHydration(page);
      if (width === 390)
        await page
          .getByRole('button', { name: /^(Toggle navigation bar|Abrir o cerrar el menú de navegación)$/ })
          .click();
      await page.getByRole('link', { name: text.documentation, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`${text.path}$`));
      // A reader's orientation comes first, set apart from the operators' page it opens.
      const opening = page.locator('.theme-doc-markdown > .theme-admonition').first();
      await expect(opening).toBeInViewport();
      await expect(opening.locator('p').first()).toHaveText(new RegExp(`^${literal(text.opening)} `));
      await expect(opening).toContainText(text.openingTitle);
      if (width === 1280) {
        const sidebar = page.getByRole('navigation', {
          name: code === 'en' ? 'Docs sidebar' : 'Barra lateral de la documentación',
        });
        const topLevel = sidebar.locator(':scope > ul > li > div > a, :scope > ul > li > a');
        await expect(topLevel).toHaveText(['Intrusion Sentinel', text.access]);
        await expect(
          page
            .getByRole('navigation', { name: code === 'en' ? 'Main' : 'Principal' })
            .getByRole('link', { name: text.documentation, exact: true }),
        ).toHaveClass(/navbar__link--active/);
      }
      await opening.getByRole('link', { name: text.overview, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.overviewHeading);
    });
  }
}

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

test('on a phone a documentation table keeps each column readable and scrolls inside its box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, '/docs/IntrusionSentinel/architecture/overview');
  await waitForHydration(page);
  const table = page.locator('article .scroll-box > table').first();
  await expect(table).toBeVisible();
  const widths = await table
    .locator('tr')
    .first()
    .locator('th, td')
    .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
  // 9.5rem: a few words a line, not one.
  expect(Math.min(...widths)).toBeGreaterThanOrEqual(152);
  const overflowing = await table
    .locator('td')
    .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length);
  expect(overflowing).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
