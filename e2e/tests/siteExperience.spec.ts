import type { Page } from '@playwright/test';
import { expect, literal, test, waitForHydration } from './fixtures';
import { signInAt } from './auth';
import { locales, localized } from './routes';

const WIDTHS = [1280, 390] as const;
const TOGGLE = {
  en: { menu: 'Toggle navigation bar', colour: 'Switch between dark and light mode' },
  es: { menu: 'Abrir o cerrar el menú de navegación', colour: 'Cambiar entre modo oscuro y claro' },
} as const;

/** The colour toggle, from the navbar or, on a phone, from the menu it opens. */
async function clickColourToggle(page: Page, code: 'en' | 'es', width: number): Promise<void> {
  if (width < 997) await page.getByRole('button', { name: TOGGLE[code].menu }).click();
  await page
    .getByRole('button', { name: new RegExp(`^${literal(TOGGLE[code].colour)}`) })
    .locator('visible=true')
    .first()
    .click();
  if (width < 997) await page.keyboard.press('Escape');
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 997 ? 844 : 800 } });

    test('the colour mode is light on a dark device until the reader chooses, each click shows the other mode, and both languages keep the choice', async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/labs');
      await waitForHydration(page);
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'light');
      await clickColourToggle(page, 'en', width);
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await clickColourToggle(page, 'en', width);
      await expect(html).toHaveAttribute('data-theme', 'light');
      await clickColourToggle(page, 'en', width);
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await page.goto('/es/labs');
      await waitForHydration(page);
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await clickColourToggle(page, 'es', width);
      await expect(html).toHaveAttribute('data-theme', 'light');
      await page.goto('/labs');
      await expect(html).toHaveAttribute('data-theme', 'light');
    });

    test('a closed announcement stays closed in the other language', async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
      const bar = page.locator('.theme-announcement-bar');
      await expect(bar).toBeVisible();
      await bar.getByRole('button', { name: 'Close' }).click();
      await expect(bar).toHaveCount(0);
      await page.goto('/es/');
      await waitForHydration(page);
      await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
    });

    for (const { code, prefix } of locales) {
      test(`buttons are in the page's typeface, their labels inside them, and on a phone at least 44 px tall (${code})`, async ({
        page,
      }) => {
        await page.goto(localized(prefix, '/signin'));
        await waitForHydration(page);
        const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
        const buttons = page.locator('main button.button, main a.button').locator('visible=true');
        expect(await buttons.count()).toBeGreaterThan(1);
        for (const button of await buttons.all()) {
          expect(await button.evaluate((element) => getComputedStyle(element).fontFamily)).toBe(bodyFont);
          if (width < 997) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          // The label stays inside its button, however long the language makes it.
          expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        }
      });

      test(`in dark mode a secondary button is a dark surface with light text (${code})`, async ({ page }) => {
        await signInAt(page, `${prefix}/docs/IntrusionSentinel/architecture/overview`);
        await waitForHydration(page);
        await clickColourToggle(page, code, width);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        const copy = page.getByRole('button', {
          name: code === 'en' ? 'Copy page as Markdown' : 'Copiar página como Markdown',
          exact: true,
        });
        await expect(copy).toHaveCSS('background-color', 'rgb(58, 61, 65)');
        await expect(copy).toHaveCSS('color', 'rgb(242, 243, 245)');
      });

      test(`a member who opens a section's address gets its first page (${code})`, async ({ page }) => {
        await signInAt(page, localized(prefix, '/labs'));
        await page.goto(`${prefix}/docs/IntrusionSentinel/installation/`);
        await expect(page).toHaveURL(
          new RegExp(`^http://[^/]+${literal(prefix)}/docs/IntrusionSentinel/installation/prerequisites$`),
        );
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.goto(`${prefix}/docs/IntrusionSentinel/components/attacksensor`);
        await expect(page).toHaveURL(
          new RegExp(`^http://[^/]+${literal(prefix)}/docs/IntrusionSentinel/components/attacksensor/[a-z_]+$`),
        );
      });

      test(`the page on AI assistants shows the MCP server's real address, with a copy button (${code})`, async ({
        page,
      }) => {
        await signInAt(page, `${prefix}/docs/documentation/ai-assistants`);
        await waitForHydration(page);
        const block = page.locator('article .theme-code-block').first();
        await expect(block.locator('pre')).toHaveText(/^http:\/\/localhost:3000\/mcp\s*$/);
        await expect(
          block.getByRole('button', { name: code === 'en' ? 'Copy code to clipboard' : /^Copiar/ }),
        ).toHaveCount(1);
        await expect(page.locator('article')).not.toContainText(/<(your-site|su-sitio)>/);
      });

      test(`a member's search puts the documentation first, and nonsense finds nothing (${code})`, async ({ page }) => {
        await signInAt(page, localized(prefix, '/labs'));
        await waitForHydration(page);
        await page.getByRole('button', { name: /^(Search|Buscar)/ }).click();
        await page.getByRole('combobox').fill(code === 'en' ? 'attack sensor' : 'sensor de ataques');
        const options = page.getByRole('option');
        await expect(options.first()).toBeVisible();
        const kinds = await options.evaluateAll((found) =>
          found.map((option) => option.querySelector('[class*="hitKind"]')?.textContent ?? ''),
        );
        // Results of one kind carry no kind; mixed, the documentation's come first.
        if (kinds.some(Boolean)) expect(kinds[0]).toBe(code === 'en' ? 'Documentation' : 'Documentación');
        const firstPublic = kinds.findIndex((kind) => kind === (code === 'en' ? 'Public site' : 'Sitio público'));
        expect(
          firstPublic === -1 ? [] : kinds.slice(firstPublic).filter((kind) => !/^(Public|Sitio)/.test(kind)),
        ).toEqual([]);
        // Nonsense finds nothing, though the members' index holds a one-letter word ("z" in z-score)
        // that Pagefind falls back to when no word begins with the query.
        await page.getByRole('combobox').fill('zzqxv');
        await expect(page.getByText(RESULT_COUNT[code].none('zzqxv'), { exact: true })).toBeVisible();
        // A member's search covers the documentation: the hint points to its other language.
        await expect(page.getByText(RESULT_COUNT[code].tryAgainDocs)).toBeVisible();
        await expect(options).toHaveCount(0);
      });
    }

    test('an English search that finds nothing says the blog is in Spanish and offers the Spanish site’s search', async ({
      page,
    }) => {
      await page.goto('/labs');
      await waitForHydration(page);
      await page.getByRole('button', { name: /^Search/ }).click();
      await page.getByRole('combobox').fill('privacy law');
      await expect(page.getByText('No results for privacy law.')).toBeVisible();
      const offer = page.getByRole('link', { name: 'search the Spanish site' });
      await expect(offer).toHaveAttribute('href', '/es/search?q=privacy%20law');
      await page.getByRole('combobox').fill('datos personales');
      await expect(page.getByRole('option').first()).toBeVisible();
      await expect(offer).toHaveCount(0);
    });
  });
}

const REFUSED_CONNECTION = {
  en: 'This connection request is not valid, or this site no longer knows the assistant that made it. Start the connection again from your assistant.',
  es: 'Esta solicitud de conexión no es válida, o este sitio ya no conoce al asistente que la hizo. Vuelva a iniciar la conexión desde su asistente.',
} as const;

/** A word of one public page in each language (the Intrusion Sentinel project's detectors). */
const ONE_RESULT = { en: 'EWMA', es: 'EWMA' } as const;
/** A word of more than one public page in each language (two blog posts cite a book by it). */
const SEVERAL_RESULTS = 'ISBN';

/** The link under a refused request to the guide on connecting an assistant: never the guide's title. */
const GUIDE_LINK = {
  en: 'the documentation’s guide to AI assistants',
  es: 'la guía de asistentes de IA de la documentación',
} as const;

const RESULT_COUNT = {
  en: {
    none: (query: string) => `No results for ${query}.`,
    one: (query: string) => `One result for ${query}.`,
    tryAgainDocs: 'Check the spelling or try a shorter or different word; the documentation is also in Spanish:',
  },
  es: {
    none: (query: string) => `Sin resultados para ${query}.`,
    tryAgainDocs:
      'Revise la ortografía o pruebe con una palabra más corta o distinta; la documentación también está en inglés:',
    one: (query: string) => `Un resultado para ${query}.`,
  },
} as const;

for (const { code, prefix } of locales) {
  for (const width of WIDTHS) {
    test(`an assistant's request the server refuses outright shows the Connect page's explanation, not JSON (${code}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      // The browser's own language, as a reader's browser sends it in Accept-Language.
      const context = await browser.newContext({
        baseURL,
        locale: code === 'es' ? 'es-CL' : 'en-GB',
        viewport: { width, height: width < 997 ? 844 : 800 },
      });
      const page = await context.newPage();
      await page.goto('/authorize?client_id=no-such-assistant&response_type=code');
      await expect(page).toHaveURL(new RegExp(`^http://[^/]+${prefix}/connect\\?problem=request-invalid$`));
      await expect(page.getByRole('alert')).toHaveText(REFUSED_CONNECTION[code]);
      // And where connecting is explained, step by step.
      const guide = page.getByRole('link', { name: GUIDE_LINK[code], exact: true });
      await expect(guide).toHaveAttribute('href', `${prefix}/docs/documentation/ai-assistants`);
      await context.close();
    });
  }

  test(`the search page counts its results in words: none, one, several (${code})`, async ({ page }) => {
    await page.goto(`${prefix}/search?q=${encodeURIComponent(ONE_RESULT[code])}`);
    await expect(page.locator('main ol li')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('main p').filter({ hasText: ONE_RESULT[code] }).first()).toHaveText(
      RESULT_COUNT[code].one(ONE_RESULT[code]),
    );
    await page.goto(`${prefix}/search?q=heartbeat`);
    await expect(page.getByText(RESULT_COUNT[code].none('heartbeat'), { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await page.goto(`${prefix}/search?q=${SEVERAL_RESULTS}`);
    await expect(page.locator('main ol li').nth(1)).toBeVisible({ timeout: 15_000 });
    const shown = await page.locator('main ol li').count();
    await expect(
      page.getByText(new RegExp(`^${shown} (results for|resultados para) ${SEVERAL_RESULTS}\\.$`)),
    ).toBeVisible();
  });
}

for (const { code, prefix } of locales) {
  test(`a reader who tabbed into the navbar while the sign-in page loaded keeps their place (${code})`, async ({
    page,
  }) => {
    // The page's scripts arrive late, as on a slow network, so the reader moves first.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/js/**', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(`${prefix}/signin`, { waitUntil: 'domcontentloaded' });
    const blog = page.getByRole('navigation').first().getByRole('link', { name: 'Blog', exact: true }).first();
    await blog.focus();
    await expect(blog).toBeFocused();
    releaseScripts();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(blog).toBeFocused();
  });
}

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const { code, prefix } of locales) {
    test(`the search dialog's close button says what it does, not a key the phone lacks (${code})`, async ({
      page,
    }) => {
      await page.goto(localized(prefix, '/labs'));
      await waitForHydration(page);
      await page.getByRole('button', { name: /^(Search|Buscar)/ }).click();
      const close = page.getByRole('button', { name: code === 'en' ? 'Esc: close search' : 'Esc: cerrar la búsqueda' });
      await expect(close).toHaveText(code === 'en' ? 'Close' : 'Cerrar', { useInnerText: true });
      await expect(close).toBeVisible();
      await close.tap();
      await expect(page.getByRole('combobox')).toHaveCount(0);
    });
  }
});
