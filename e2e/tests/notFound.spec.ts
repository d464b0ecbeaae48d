import { expect, test, waitForHydration } from './fixtures';

const TEXT = {
  en: {
    heading: 'Page not found',
    explanation:
      'The address you followed does not lead to any page of this site. The page may have moved, or the address may be mistyped.',
    search: 'Search the site',
    submit: 'Search',
    waysBack: 'Or go back to',
    links: [
      ['the home page', '/'],
      ['the documentation (members)', '/docs/documentation/firebase-auth-setup'],
      ['the blog', '/blog'],
    ],
  },
  es: {
    heading: 'Página no encontrada',
    explanation:
      'La dirección que siguió no lleva a ninguna página de este sitio. Puede que la página se haya trasladado o que la dirección tenga un error.',
    search: 'Buscar en el sitio',
    submit: 'Buscar',
    waysBack: 'O vuelva a',
    links: [
      ['la página de inicio', '/es/'],
      ['la documentación (miembros)', '/es/docs/documentation/firebase-auth-setup'],
      ['el blog', '/es/blog'],
    ],
  },
} as const;

for (const [code, prefix] of [
  ['en', ''],
  ['es', '/es'],
] as const) {
  for (const width of [1280, 390]) {
    test(`an unknown address at ${width} px (${code}) says what happened, offers the site's search with the address's words, and ways back`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 404 \(Not Found\)/);
      await page.setViewportSize({ width, height: 800 });
      const text = TEXT[code];
      const response = await page.goto(`${prefix}/proyectos/intrusion-sentinel.html`);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(text.heading);
      await expect(main.getByText(text.explanation, { exact: true })).toBeVisible();
      await expect(main.getByRole('heading', { level: 2 })).toHaveText(text.waysBack);
      const links = main.getByRole('list').getByRole('link');
      await expect(links).toHaveText(text.links.map(([name]) => name));
      for (const [index, [, href]] of text.links.entries())
        await expect(links.nth(index)).toHaveAttribute('href', href);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const box = main.getByRole('search').getByRole('searchbox', { name: text.search });
      await expect(box).toHaveValue('proyectos intrusion sentinel');
      await box.fill('laboratorio');
      await main.getByRole('button', { name: text.submit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/search\\?q=laboratorio$`));
      await expect(page.locator('main ol li').first()).toBeVisible({ timeout: 15_000 });
    });
  }
}
