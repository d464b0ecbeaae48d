import { expect, test, waitForHydration } from './fixtures';
import { locales, localized, publicRoutes } from './routes';

/** The centre's name, which ends every page's title in the page's language. */
const CENTRE = { en: 'UAI Trustworthy Systems Centre', es: 'Centro de Sistemas Confiables UAI' };

for (const { code, prefix } of locales) {
  test.describe(`public routes (${code})`, () => {
    for (const route of publicRoutes) {
      test(`${localized(prefix, route.path)} answers 200 and shows its heading`, async ({ page }) => {
        const response = await page.goto(localized(prefix, route.path));
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expect(page.getByRole('heading', { name: route.heading[code] }).first()).toBeVisible();
        await waitForHydration(page);
        await expect(page).toHaveTitle(/^.+ \| (.+)$/);
        expect((await page.title()).split(' | ').at(-1)).toBe(CENTRE[code]);
      });
    }
  });
}

test('an unknown path shows the not-found page with status 404, in each locale', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404 \(Not Found\)/);
  const english = await page.goto('/no/such/page');
  expect(english?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  const spanish = await page.goto('/es/no/existe');
  expect(spanish?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
});

test('/x, /x/, /x.html and /x/index reach the same page', async ({ request }) => {
  const bodies = await Promise.all(
    ['/labs', '/labs/', '/labs.html', '/labs/index', '/labs/index.html'].map(async (path) => {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      return response.text();
    }),
  );
  expect(new Set(bodies).size).toBe(1);
});

test('the navbar entries lead where they should', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const navbar = page.getByRole('navigation', { name: 'Main' });
  for (const [label, path] of [
    ['Labs', '/labs'],
    ['Projects', '/projects'],
    ['Blog', '/blog'],
  ] as const) {
    await navbar.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(navbar.getByRole('link', { name: 'Documentation', exact: true })).toHaveAttribute(
    'href',
    '/docs/documentation/firebase-auth-setup',
  );
  await navbar.getByRole('button', { name: 'Software' }).hover();
  const product = navbar.getByRole('link', { name: /Intrusion Sentinel/ });
  await expect(product).toHaveAttribute('href', /^https:\/\//);
  await expect(product).toHaveAttribute('target', '_blank');
});

test('the language switch keeps the reader on the same page', async ({ page }) => {
  await page.goto('/projects');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'English' }).hover();
  await page.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/projects$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proyectos');
  await page.getByRole('button', { name: 'Español' }).hover();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
});

test('the colour mode is light by default, and the reader’s choice persists across reloads', async ({ page }) => {
  await page.goto('/labs');
  await waitForHydration(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(html).toHaveAttribute('data-theme-choice', 'light');
  const toggle = page.getByRole('button', { name: /dark mode|Switch between dark and light mode/i });
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => Object.values(localStorage))).toContain('dark');
});

test('the announcement bar stays closed after a reload', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const bar = page.getByRole('banner').filter({ hasText: 'Ley 21.719' });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Close' }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('applies from 1 December 2026')).toBeHidden();
});

test('the announcement bar speaks the page’s language, links to the post in it, and hides on that post', async ({
  page,
}) => {
  for (const [path, text, blog] of [
    [
      '/',
      'Ley 21.719, which reforms Chile’s personal data law, applies from 1 December 2026: read on the blog what it requires after a security breach (in Spanish).',
      '/blog/2026/11/25/ley-21719-datos-personales',
    ],
    [
      '/es/',
      'La Ley 21.719, que reforma la ley de datos personales, rige a partir del 1 de diciembre de 2026: lea en el blog qué exige ante una vulneración de seguridad.',
      '/es/blog/2026/11/25/ley-21719-datos-personales',
    ],
  ] as const) {
    await page.goto(path);
    const bar = page.getByRole('banner').filter({ has: page.getByRole('link', { name: 'blog', exact: true }) });
    await expect(bar.locator('.announcement--long')).toHaveText(text);
    await expect(bar.locator('.announcement--short')).toBeHidden();
    await expect(bar.getByRole('link', { name: 'blog', exact: true })).toHaveAttribute('href', blog);
    await page.goto(blog);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ley 21\.719/);
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar.getByRole('link', { name: 'Labs', exact: true })).toBeVisible();
    await sidebar.getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(sidebar.getByRole('link', { name: 'Labs', exact: true })).toBeHidden();
  });
});

test('the blog offers RSS and Atom feeds', async ({ request }) => {
  for (const feed of ['/blog/rss.xml', '/blog/atom.xml']) {
    const response = await request.get(feed);
    expect(response.status(), feed).toBe(200);
    expect(await response.text()).toContain('Desafíos futuros de la ciberseguridad en Chile');
  }
});

test.describe('on a device set to dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the site opens light, the default, and in dark mode the announcement bar is dark', async ({ page }) => {
    await page.goto('/labs');
    await waitForHydration(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: /dark mode|Switch between dark and light mode/i }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toHaveCSS('background-color', 'rgb(15, 45, 58)');
    await expect(bar).toHaveCSS('color', 'rgb(232, 244, 249)');
    await expect(bar.getByRole('button', { name: 'Close' })).toHaveCSS('color', 'rgb(232, 244, 249)');
    await page.getByRole('button', { name: /dark mode|Switch between dark and light mode/i }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });
});

test('in light mode the announcement bar has the light tint', async ({ page }) => {
  await page.goto('/labs');
  const bar = page.locator('.theme-announcement-bar');
  expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(230, 241, 246)');
  expect(await bar.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(7, 55, 75)');
});

for (const [path, short] of [
  ['/', 'Ley 21.719 on personal data: what it requires, on the blog (in Spanish).'],
  ['/es/', 'Ley 21.719 de datos personales: lo que exige, en el blog.'],
] as const) {
  test(`on a 390 px phone the announcement bar says it shortly, in two lines at most (${path})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(path);
    const content = page.locator('.theme-announcement-bar [class*="announcementBarContent"]');
    await expect(content.locator('.announcement--short')).toHaveText(short);
    await expect(content.locator('.announcement--long')).toBeHidden();
    // One box per line and per piece of text around the link: lines are the distinct tops.
    const lines = await content.evaluate(
      (element) =>
        new Set(
          Array.from(element.querySelector('.announcement--short')!.getClientRects()).map((box) => Math.round(box.top)),
        ).size,
    );
    expect(lines).toBeLessThanOrEqual(2);
    const fontSize = await content.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(13);
  });
}
