import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { REFUSED_SESSION, expect, test, waitForHydration } from './fixtures';
import { DEMO_PASSWORD, SIGN_IN_TEXT, signInAt, submitSignIn } from './auth';
import { locales, localized, publicRoutes } from './routes';
import { violationsInBothThemes } from './axe';
import { filesUnder } from '../../testkit/files';

const membersDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist/members');

/** One documentation page per section (the first, in path order), read from the build, plus the category index. */
function docsPages(): string[] {
  const found = filesUnder(path.join(membersDir, 'docs'), {
    keep: (name) => name === 'index.html',
    enter: (name) => name !== 'assets' && name !== 'pagefind',
  }).map((file) => `/${path.relative(membersDir, path.dirname(file)).split(path.sep).join('/')}`);
  const bySection = new Map<string, string>();
  for (const page of found) {
    const section = page.replace(/\/[^/]+$/, '');
    if (!bySection.has(section)) bySection.set(section, page);
  }
  return [...bySection.values()];
}

async function settle(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}

test.use({ bypassCSP: true });

const NONE = { light: [], dark: [] };

/**
 * Each view is opened once and read by axe in the light theme and the dark one
 * (`violationsInBothThemes` switches the theme as the toggle does).
 */
for (const { code, prefix } of locales) {
  test(`public pages, sign-in, search results and not-found have no axe violations in either theme (${code})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    consoleErrors.allow(/status of 404 \(Not Found\)/);
    const paths = [
      ...publicRoutes.map((route) => localized(prefix, route.path)),
      localized(prefix, '/signin'),
      localized(prefix, '/search?q=ciberseguridad'),
      localized(prefix, '/no/such/page'),
    ];
    for (const target of paths) {
      await page.goto(target);
      await settle(page);
      if (target.includes('/search?')) await expect(page.locator('ol li').first()).toBeVisible();
      expect.soft(await violationsInBothThemes(page), target).toEqual(NONE);
    }
  });

  test(`Not allowed has no axe violations in either theme (${code})`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(REFUSED_SESSION);
    await page.goto(localized(prefix, '/docs/IntrusionSentinel/architecture/overview'));
    await waitForHydration(page);
    await submitSignIn(page, code, 'visitor@example.org', DEMO_PASSWORD);
    await expect(page.getByText(SIGN_IN_TEXT[code].notAllowed)).toBeVisible();
    expect(await violationsInBothThemes(page)).toEqual(NONE);
  });

  test(`a sign-in link's screens have no axe violations in either theme (${code})`, async ({ page }) => {
    // Opened in a browser that did not ask for it: the address is asked for again.
    await page.goto(localized(prefix, '/signin?next=%2Fdocs&mode=signIn&oobCode=code&apiKey=key'));
    await expect(page.getByRole('heading', { name: SIGN_IN_TEXT[code].confirmTitle })).toBeVisible();
    expect.soft(await violationsInBothThemes(page), 'confirm').toEqual(NONE);
    // Cut short: no code.
    await page.goto(localized(prefix, '/signin?next=%2Fdocs&mode=signIn'));
    await expect(page.getByRole('button', { name: SIGN_IN_TEXT[code].sendNew })).toBeVisible();
    expect.soft(await violationsInBothThemes(page), 'unusable').toEqual(NONE);
  });
}

test('on a phone: the home page, the not-found page, the blog, the open menu, the signed-in header and its panel have no axe violations in either theme', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/status of 404 \(Not Found\)/);
  await page.setViewportSize({ width: 390, height: 850 });
  for (const target of ['/', '/es/no/existe', '/blog', '/es/blog/archive']) {
    await page.goto(target);
    await settle(page);
    expect.soft(await violationsInBothThemes(page), target).toEqual(NONE);
  }
  await page.getByRole('button', { name: 'Abrir o cerrar el menú de navegación' }).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  // Read once the menu has slid in: halfway, its text is drawn over the page and fails contrast.
  await page
    .locator('.navbar-sidebar')
    .evaluate((menu) => Promise.all(menu.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  expect.soft(await violationsInBothThemes(page), 'phone menu').toEqual(NONE);
  await signInAt(page, '/labs');
  await settle(page);
  expect.soft(await violationsInBothThemes(page), 'signed-in header').toEqual(NONE);
  await page
    .locator('.navbar__inner')
    .getByRole('button', { name: /^Account/ })
    .click();
  expect.soft(await violationsInBothThemes(page), 'account panel').toEqual(NONE);
  for (const target of [
    '/docs/documentation/firebase-auth-setup',
    '/es/docs/IntrusionSentinel/operations/hardening',
    '/docs/IntrusionSentinel/architecture/diagram',
  ]) {
    await page.goto(target);
    await settle(page);
    expect.soft(await violationsInBothThemes(page), target).toEqual(NONE);
  }
});

test('search results as a member, labelled documentation or public site, have no axe violations in either theme', async ({
  page,
}) => {
  await signInAt(page, '/search?q=sentinel');
  await expect(page.locator('main ol li').first()).toBeVisible({ timeout: 15_000 });
  await settle(page);
  expect.soft(await violationsInBothThemes(page), 'results page').toEqual(NONE);
  await page.getByRole('button', { name: 'Search Ctrl K' }).click();
  await page.getByRole('combobox').fill('sentinel');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect.soft(await violationsInBothThemes(page), 'dialog').toEqual(NONE);
});

test('the category index and one page of each docs section have no axe violations in either theme, as a member', async ({
  page,
}) => {
  // Axe runs twice on each of about sixteen pages: a second or two each on a quiet machine, many
  // more while the other browser tests load both cores, so the bound is generous.
  test.setTimeout(300_000);
  const pages = docsPages();
  expect(pages.length).toBeGreaterThan(8);
  await signInAt(page, pages[0]!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
  for (const target of [...pages, '/es/docs/IntrusionSentinel/architecture/overview']) {
    await page.goto(target);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect.soft(await violationsInBothThemes(page), target).toEqual(NONE);
  }
});
