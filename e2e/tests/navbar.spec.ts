import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { createAccountLike, DEMO_PASSWORD, submitSignIn, type Locale } from './auth';
import { locales } from './routes';

const NAME = { en: 'Trustworthy Systems', es: 'Sistemas Confiables' } as const;

/** Signs in as a new student named diego.rojas.<suffix> (initials DR); returns the address. */
async function signIn(page: Page, code: Locale, prefix: string): Promise<string> {
  const email = await createAccountLike('diego.rojas@alumnos.uai.cl');
  await page.goto(`${prefix}/signin?next=${encodeURIComponent(`${prefix}/labs`)}`);
  await waitForHydration(page);
  await submitSignIn(page, code, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix}/labs$`));
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

for (const { code, prefix } of locales) {
  // From 997 px the theme lays the navbar out in full; at 996 px and below its items move to the side menu.
  for (const width of [1280]) {
    test(`signed in at ${width} px (${code}): the site's name is whole and the account menu works by keyboard`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const email = await signIn(page, code, prefix);
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
      await expect(signOut).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(navbar.getByRole('link', { name: code === 'en' ? 'Sign in' : 'Iniciar sesión' })).toBeVisible();
      await expectTitleWhole(page, code);
    });
  }

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
      await page.setViewportSize({ width, height: 740 });
      const email = await signIn(page, code, prefix);
      if (width === 996) await expectTitleWhole(page, code);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page
        .getByRole('button', { name: code === 'en' ? 'Toggle navigation bar' : 'Alternar barra lateral' })
        .click();
      const sidebar = page.locator('.navbar-sidebar');
      await expect(sidebar.getByTestId('account-email')).toHaveText(email);
      await sidebar.getByRole('button', { name: code === 'en' ? 'Sign out' : 'Cerrar sesión', exact: true }).click();
      await expect(page.getByTestId('account-email')).toHaveCount(0);
    });
  }
}
