import { violationsInBothThemes } from './axe';
import { signInAt } from './auth';
import { expect, test, waitForHydration } from './fixtures';

test.use({ bypassCSP: true });

const PAGES = {
  en: {
    path: '/docs/IntrusionSentinel/architecture/diagram',
    button: 'Copy page as Markdown',
    copied: 'Page copied as Markdown.',
  },
  es: {
    path: '/es/docs/IntrusionSentinel/architecture/diagram',
    button: 'Copiar página como Markdown',
    copied: 'Página copiada como Markdown.',
  },
} as const;

for (const [locale, { path, button, copied }] of Object.entries(PAGES)) {
  test(`"${button}" copies the page's Markdown by keyboard and says so (${locale})`, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAt(page, path);
    await waitForHydration(page);

    // The button follows the breadcrumbs in the tab order.
    await page.locator('nav.theme-doc-breadcrumbs a').last().focus();
    await page.keyboard.press('Tab');
    const copy = page.getByRole('button', { name: button, exact: true });
    await expect(copy).toBeFocused();
    expect(await copy.evaluate((element) => getComputedStyle(element).outlineWidth)).toBe('2px');

    // The live region is there, empty, before anything is said in it.
    const status = copy.locator('..').getByRole('status');
    await expect(status).toHaveText('');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(copied);
    const markdown = await page.request.get(`${path}.md`);
    expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await markdown.text());

    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
  });
}

test('when the Markdown cannot be had, the button says the page could not be copied', async ({
  page,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 401/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAt(page, PAGES.en.path);
  await waitForHydration(page);
  await page.route(`**${PAGES.en.path}.md`, (route) => route.fulfill({ status: 401, body: 'Sign-in required.' }));
  await page.getByRole('button', { name: PAGES.en.button, exact: true }).click();
  await expect(page.getByRole('button', { name: PAGES.en.button }).locator('..').getByRole('status')).toHaveText(
    'The page could not be copied. Reload the page and try again.',
  );
});

for (const [locale, { path, button }] of Object.entries(PAGES)) {
  for (const page of [
    path,
    path.replace('IntrusionSentinel/architecture/diagram', 'documentation/firebase-auth-setup'),
  ]) {
    test(`on a phone, "${button}" follows the page's title at the page's own button size (${locale}, ${page})`, async ({
      page: tab,
    }) => {
      await tab.setViewportSize({ width: 390, height: 844 });
      await signInAt(tab, page);
      await waitForHydration(tab);
      const copy = tab.getByRole('button', { name: button, exact: true });
      await expect(copy).toHaveCount(1);
      const title = tab.getByRole('heading', { level: 1 });
      const [titleBox, copyBox] = [(await title.boundingBox())!, (await copy.boundingBox())!];
      expect(copyBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
      // Nothing stands between the title and the button.
      expect(copyBox.y - (titleBox.y + titleBox.height)).toBeLessThanOrEqual(40);
      // The size of a standard button of the theme, as the forms' buttons are.
      const standard = await tab.evaluate(() => {
        const probe = document.createElement('button');
        probe.className = 'button button--secondary';
        probe.textContent = 'Probe';
        document.querySelector('.theme-layout-main')!.append(probe);
        const size = [getComputedStyle(probe).fontSize, probe.getBoundingClientRect().height];
        probe.remove();
        return size;
      });
      expect(
        await copy.evaluate((element) => [getComputedStyle(element).fontSize, element.getBoundingClientRect().height]),
      ).toEqual(standard);
      expect(await violationsInBothThemes(tab)).toEqual({ light: [], dark: [] });
      await tab.screenshot({ path: `test-results/screens/copy-markdown-phone-${locale}-${page.split('/').pop()}.png` });
    });
  }
}
