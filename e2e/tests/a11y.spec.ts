import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { REFUSED_SESSION, expect, test, waitForHydration } from './fixtures';
import { DEMO_PASSWORD, SIGN_IN_TEXT, signInAt, submitSignIn } from './auth';
import { locales, localized, publicRoutes } from './routes';
import { violations } from './axe';
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

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${theme})`, () => {
    /** The theme's own URL switch sets the colour mode for the page it opens. */
    const themed = (target: string) => `${target}${target.includes('?') ? '&' : '?'}docusaurus-theme=${theme}`;

    for (const { code, prefix } of locales) {
      test(`public pages, sign-in, search results and not-found have no axe violations (${code})`, async ({
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
          await page.goto(themed(target));
          await settle(page);
          if (target.includes('/search?')) await expect(page.locator('ol li').first()).toBeVisible();
          expect(await page.locator('html').getAttribute('data-theme'), target).toBe(theme);
          expect.soft(await violations(page), target).toEqual([]);
        }
      });
    }

    for (const { code, prefix } of locales) {
      test(`Not allowed has no axe violations (${code})`, async ({ page, consoleErrors }) => {
        consoleErrors.allow(REFUSED_SESSION);
        await page.goto(themed(localized(prefix, '/docs/IntrusionSentinel/architecture/overview')));
        await waitForHydration(page);
        await submitSignIn(page, code, 'visitor@example.org', DEMO_PASSWORD);
        await expect(page.getByText(SIGN_IN_TEXT[code].notAllowed)).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });

      test(`a sign-in link's screens have no axe violations (${code})`, async ({ page }) => {
        // Opened in a browser that did not ask for it: the address is asked for again.
        await page.goto(themed(localized(prefix, '/signin?next=%2Fdocs&mode=signIn&oobCode=code&apiKey=key')));
        await expect(page.getByRole('heading', { name: SIGN_IN_TEXT[code].confirmTitle })).toBeVisible();
        expect.soft(await violations(page), 'confirm').toEqual([]);
        // Cut short: no code.
        await page.goto(themed(localized(prefix, '/signin?next=%2Fdocs&mode=signIn')));
        await expect(page.getByRole('button', { name: SIGN_IN_TEXT[code].sendNew })).toBeVisible();
        expect.soft(await violations(page), 'unusable').toEqual([]);
      });
    }

    test('on a phone: the home page, the not-found page, the blog, the open menu, the signed-in header and its panel have no axe violations', async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      consoleErrors.allow(/status of 404 \(Not Found\)/);
      await page.setViewportSize({ width: 390, height: 850 });
      for (const target of ['/', '/es/no/existe', '/blog', '/es/blog/archive']) {
        await page.goto(themed(target));
        await settle(page);
        expect.soft(await violations(page), target).toEqual([]);
      }
      await page.getByRole('button', { name: 'Alternar barra lateral' }).click();
      await expect(page.locator('.navbar-sidebar')).toBeVisible();
      // Read once the menu has slid in: halfway, its text is drawn over the page and fails contrast.
      await page
        .locator('.navbar-sidebar')
        .evaluate((menu) => Promise.all(menu.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      expect.soft(await violations(page), 'phone menu').toEqual([]);
      await signInAt(page, themed('/labs'));
      await settle(page);
      expect.soft(await violations(page), 'signed-in header').toEqual([]);
      await page
        .locator('.navbar__inner')
        .getByRole('button', { name: /^Account/ })
        .click();
      expect.soft(await violations(page), 'account panel').toEqual([]);
      for (const target of [
        '/docs/documentation/firebase-auth-setup',
        '/es/docs/IntrusionSentinel/operations/hardening',
        '/docs/IntrusionSentinel/architecture/diagram',
      ]) {
        await page.goto(themed(target));
        await settle(page);
        expect.soft(await violations(page), target).toEqual([]);
      }
    });

    test('search results as a member, labelled documentation or public site, have no axe violations', async ({
      page,
    }) => {
      await signInAt(page, themed('/search?q=sentinel'));
      await expect(page.locator('main ol li').first()).toBeVisible({ timeout: 15_000 });
      await settle(page);
      expect.soft(await violations(page), 'results page').toEqual([]);
      await page.getByRole('button', { name: 'Search Ctrl K' }).click();
      await page.getByRole('combobox').fill('sentinel');
      await expect(page.getByRole('option').first()).toBeVisible();
      expect.soft(await violations(page), 'dialog').toEqual([]);
    });

    test('the category index and one page of each docs section have no axe violations, as a member', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const pages = docsPages();
      expect(pages.length).toBeGreaterThan(8);
      await signInAt(page, pages[0]!);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settle(page);
      for (const target of [...pages, '/es/docs/IntrusionSentinel/architecture/overview']) {
        await page.goto(themed(target));
        await settle(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.locator('html').getAttribute('data-theme'), target).toBe(theme);
        expect.soft(await violations(page), target).toEqual([]);
      }
    });
  });
}
