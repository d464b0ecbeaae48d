import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { createAccountLike, expectSignedOutPage, signInAt, type Locale } from './auth';
import { locales } from './routes';

const NAME = { en: 'Trustworthy Systems', es: 'Sistemas Confiables' } as const;

/** Signs in as a new student named diego.rojas.<suffix> (initials DR); returns the address. */
async function signIn(page: Page, prefix: string): Promise<string> {
  const email = await createAccountLike('diego.rojas@alumnos.uai.cl');
  await signInAt(page, `${prefix}/labs`, email);
  await waitForHydration(page);
  return email;
}

/** The brand title shows its whole text: nothing clipped, no ellipsis. */
async function expectTitleWhole(page: Page, code: Locale) {
  const title = page.locator('.navbar__items .navbar__title');
  await expect(title).toHaveText(NAME[code]);
  const { scrollWidth, clientWidth } = await title.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The widths at which the theme lays the navbar out in full, from its breakpoint up. */
const FULL_NAVBAR_WIDTHS = [997, 1100, 1279, 1280];

/** The navbar's groups (brand, links, right-hand items) side by side, at least 8 px apart. */
async function expectItemsApart(page: Page, label: string) {
  const edges = await page.evaluate(() => {
    const shown = (selector: string) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector))
        .filter((element) => element.offsetParent !== null)
        .map((element) => element.getBoundingClientRect());
    const links = shown('.navbar__items:not(.navbar__items--right) > .navbar__item');
    const right = shown('.navbar__items--right > *');
    const brand = shown('.navbar__brand')[0]!;
    return {
      brandRight: brand.right,
      linksLeft: Math.min(...links.map((box) => box.left)),
      linksRight: Math.max(...links.map((box) => box.right)),
      rightLeft: Math.min(...right.map((box) => box.left)),
    };
  });
  expect(edges.linksLeft - edges.brandRight, `${label}: brand to links`).toBeGreaterThanOrEqual(0);
  expect(edges.rightLeft - edges.linksRight, `${label}: links to the right-hand items`).toBeGreaterThanOrEqual(8);
}

for (const { code, prefix } of locales) {
  // From 997 px the theme lays the navbar out in full; at 996 px and below its items move to the side menu.
  for (const width of [1280]) {
    test(`signed in at ${width} px (${code}): the site's name is whole and the account menu works by keyboard`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const email = await signIn(page, prefix);
      await expectTitleWhole(page, code);
      const navbar = page.getByRole('navigation', { name: code === 'en' ? 'Main' : 'Principal' });
      const account = navbar.getByRole('button', {
        name: `${code === 'en' ? 'Account' : 'Cuenta'} DR: ${email}`,
        exact: true,
      });
      await expect(account).toHaveText('DR');
      await expect(account).toHaveAttribute('aria-expanded', 'false');
      const signOut = navbar.getByRole('button', { name: code === 'en' ? 'Sign out' : 'Cerrar sesión', exact: true });
      await expect(signOut).toBeHidden();
      const navbarBox = (await navbar.boundingBox())!;
      const accountBox = (await account.boundingBox())!;
      expect(accountBox.x + accountBox.width).toBeLessThanOrEqual(navbarBox.x + navbarBox.width);
      expect(accountBox.y + accountBox.height).toBeLessThanOrEqual(navbarBox.y + navbarBox.height);

      await account.focus();
      await page.keyboard.press('Enter');
      await expect(account).toHaveAttribute('aria-expanded', 'true');
      await expect(navbar.getByTestId('account-email')).toBeVisible();
      await expect(navbar.getByTestId('account-email')).toHaveText(email);
      await page.keyboard.press('Escape');
      await expect(signOut).toBeHidden();
      await expect(account).toBeFocused();

      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await expect(
        navbar.getByRole('link', {
          name: code === 'en' ? 'Connected assistants' : 'Asistentes conectados',
          exact: true,
        }),
      ).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(signOut).toBeFocused();
      const left = page.url();
      await page.keyboard.press('Enter');
      await expectSignedOutPage(page, left);
      await expect(navbar.getByRole('link', { name: code === 'en' ? 'Sign in' : 'Iniciar sesión' })).toBeVisible();
      await expectTitleWhole(page, code);
    });
  }

  test(`from 997 px up (${code}): the navbar's items never overlap, signed out or in`, async ({ page }) => {
    await page.goto(`${prefix}/labs`);
    await waitForHydration(page);
    for (const state of ['signed out', 'signed in']) {
      if (state === 'signed in') await signIn(page, prefix);
      for (const width of FULL_NAVBAR_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await expectTitleWhole(page, code);
        await expectItemsApart(page, `${state} at ${width} px`);
      }
    }
  });

  test(`signed out at 996 px (${code}): the site's name is whole`, async ({ page }) => {
    await page.setViewportSize({ width: 996, height: 800 });
    await page.goto(`${prefix}/`);
    await waitForHydration(page);
    await expectTitleWhole(page, code);
  });

  for (const width of [996, 375]) {
    test(`signed in at ${width} px (${code}): the side menu shows the address and Sign out, and the page does not scroll sideways`, async ({
      page,
    }) => {
      // Signing in, then out (which opens the sign-in page), is two full page loads and a session.
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 740 });
      const email = await signIn(page, prefix);
      if (width === 996) await expectTitleWhole(page, code);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page
        .getByRole('button', { name: code === 'en' ? 'Toggle navigation bar' : 'Abrir o cerrar el menú de navegación' })
        .click();
      const sidebar = page.locator('.navbar-sidebar');
      await expect(sidebar.getByTestId('account-email')).toHaveText(email);
      const left = page.url();
      await sidebar.getByRole('button', { name: code === 'en' ? 'Sign out' : 'Cerrar sesión', exact: true }).click();
      await expectSignedOutPage(page, left);
      await expect(page.getByTestId('account-email')).toHaveCount(0);
    });
  }
}

const TOGGLE = { en: 'Toggle navigation bar', es: 'Abrir o cerrar el menú de navegación' } as const;

for (const { code, prefix } of locales) {
  test(`at 390 px (${code}): Escape closes the phone menu and gives focus back to its button`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${prefix}/labs`);
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: TOGGLE[code], exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sidebar = page.locator('.navbar-sidebar');
    const projects = sidebar.getByRole('link', { name: code === 'en' ? 'Projects' : 'Proyectos', exact: true });
    await projects.focus();
    await page.keyboard.press('Escape');
    await expect(projects).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${prefix}/labs$`));
  });

  for (const width of [390, 375]) {
    test(`signed in at ${width} px (${code}): the header shows the account button beside the site's name and search, which opens the address`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const email = await signIn(page, prefix);
      const header = page.locator('.navbar__inner');
      const account = header.getByRole('button', {
        name: `${code === 'en' ? 'Account' : 'Cuenta'} DR: ${email}`,
        exact: true,
      });
      await expect(account).toBeVisible();
      await expect(account).toHaveText('DR');
      const brand = (await header.locator('.navbar__brand').boundingBox())!;
      const button = (await account.boundingBox())!;
      const search = (await header.getByRole('button', { name: /^(Search|Buscar)/ }).boundingBox())!;
      expect(button.x, 'account after the name').toBeGreaterThanOrEqual(brand.x + brand.width);
      expect(button.x + button.width, 'account before search').toBeLessThanOrEqual(search.x);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await account.click();
      await expect(header.getByTestId('account-email')).toHaveText(email);
      await page.keyboard.press('Escape');
      await expect(header.getByTestId('account-email')).toBeHidden();
      await expect(account).toBeFocused();
    });
  }

  test(`signed out at 390 px (${code}): the header has no account button`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${prefix}/labs`);
    await waitForHydration(page);
    await expect(page.locator('.navbar__inner').getByRole('button', { name: /^(Account|Cuenta)/ })).toHaveCount(0);
  });
}
