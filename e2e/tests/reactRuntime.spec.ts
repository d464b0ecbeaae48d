import type { Page } from '@playwright/test';
import { expect, literal, test, waitForHydration } from './fixtures';
import { DOCS_PAGE, signInAt, type Locale } from './auth';
import { locales, localized } from './routes';

/** Parts of every page the server sends, by a selector of each. */
const PARTS = {
  navbar: 'nav.navbar',
  content: '#__docusaurus_skipToContent_fallback',
  footer: 'footer.footer',
} as const;

const TEXT = {
  en: { navbar: 'Main', toggle: 'Switch between dark and light mode', account: 'Account' },
  es: { navbar: 'Principal', toggle: 'Cambiar entre modo oscuro y claro', account: 'Cuenta' },
} as const;

/**
 * Keeps, at DOMContentLoaded of every document the page opens, the element of each part the
 * server sent, so that after hydration the test can tell the same node from one drawn anew.
 */
async function rememberServedParts(page: Page): Promise<void> {
  await page.addInitScript((parts) => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, {
        servedParts: Object.fromEntries(
          Object.entries(parts).map(([name, selector]) => [name, document.querySelector(selector)]),
        ),
      });
    });
  }, PARTS);
}

/**
 * For each part: `kept` when the element the server sent is still the one in the page and React DOM
 * holds its fiber on it (React's own key, `__reactFiber$` and a random suffix), which no other
 * runtime writes; otherwise what is wrong with it.
 */
function partsAfterHydration(page: Page): Promise<Record<string, string>> {
  return page.evaluate((parts) => {
    const served = (window as unknown as { servedParts: Record<string, Element | null> }).servedParts;
    return Object.fromEntries(
      Object.entries(parts).map(([name, selector]) => {
        const element = document.querySelector(selector);
        if (served[name] === null || element === null) return [name, 'missing'];
        if (served[name] !== element) return [name, 'drawn anew'];
        const fiber = Object.keys(element).some((key) => /^__reactFiber\$[a-z0-9]+$/.test(key));
        return [name, fiber ? 'kept' : 'no React fiber'];
      }),
    );
  }, PARTS);
}

/** Opens the page, waits for its hydration, and checks React DOM hydrated it on the server's nodes. */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+${literal(path)}$`));
  await waitForHydration(page);
  expect(await partsAfterHydration(page), path).toEqual({ navbar: 'kept', content: 'kept', footer: 'kept' });
}

async function searchDialogOpens(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Search|Buscar)/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The toggle switches between the two modes, light first. */
async function colourToggleSwitches(page: Page, locale: Locale): Promise<void> {
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: new RegExp(`^${literal(TEXT[locale].toggle)}`) });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme-choice', 'dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme-choice', 'light');
  await expect(html).toHaveAttribute('data-theme', 'light');
}

async function accountMenuOpens(page: Page, locale: Locale): Promise<void> {
  const navbar = page.getByRole('navigation', { name: TEXT[locale].navbar, exact: true });
  const account = navbar.getByRole('button', {
    name: new RegExp(`^${TEXT[locale].account} AT: ana\\.torres@uai\\.cl$`),
  });
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await expect(navbar.getByTestId('account-email')).toHaveText('ana.torres@uai.cl');
  await page.keyboard.press('Escape');
  await expect(account).toHaveAttribute('aria-expanded', 'false');
}

for (const { code, prefix } of locales) {
  test(`React DOM hydrates a public page, the blog, the sign-in page, a documentation page and the admin page on the server's nodes, and their controls work (${code})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await rememberServedParts(page);

    // The sign-in page also as a signed-out reader reaches it, its query saying why.
    for (const path of ['/', '/blog', '/signin', '/signin?ended=signed-out'].map((path) => localized(prefix, path))) {
      await openHydrated(page, path);
      await searchDialogOpens(page);
      await colourToggleSwitches(page, code);
    }

    const docs = DOCS_PAGE[code].path;
    await signInAt(page, docs);
    for (const path of [docs, localized(prefix, '/admin')]) {
      await openHydrated(page, path);
      await searchDialogOpens(page);
      await colourToggleSwitches(page, code);
      await accountMenuOpens(page, code);
    }
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: code === 'en' ? 'Access to the documentation' : 'Acceso a la documentación',
      }),
    ).toBeVisible();
  });
}
