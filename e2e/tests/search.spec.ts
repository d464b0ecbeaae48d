import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { violationsInBothThemes } from './axe';
import { expect, literal, test, waitForHydration } from './fixtures';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAt, submitSignIn } from './auth';
import { locales } from './routes';
import { filesUnder } from '../../testkit/files';

/** A word only the documentation contains (the sensors' liveness messages, in both languages). */
const DOCS_ONLY = 'heartbeat';
/** A word of two documentation pages only (container commands), so following every result stays quick. */
const DOCS_FEW = 'docker';

async function openSearch(page: Page, via: 'button' | 'ctrl+k' | 'slash' = 'button') {
  if (via === 'button') await page.getByRole('button', { name: /^(Search|Buscar)/ }).click();
  else if (via === 'ctrl+k') await page.keyboard.press('Control+k');
  else await page.keyboard.press('/');
  const box = page.getByRole('combobox');
  await expect(box).toBeFocused();
  return box;
}

test.describe('search', () => {
  test('a visitor finds public pages as they type, in English, with highlighted matches', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const box = await openSearch(page, 'ctrl+k');
    await box.fill('resilient');
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(options.first().locator('mark').first()).toContainText(/resilien/i);
    await expect(
      page.getByText('Members of the university can sign in to search the documentation too.'),
    ).toBeVisible();
  });

  test('a visitor’s search never reaches the documentation or its index (security)', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/es/');
    await waitForHydration(page);
    const box = await openSearch(page, 'slash');
    await box.fill(DOCS_ONLY);
    await expect(page.getByText(/Sin resultados para|No hay resultados/)).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(0);
    expect(requested.filter((path) => path.includes('/docs/'))).toEqual([]);
    expect(requested.some((path) => path.startsWith('/pagefind/'))).toBe(true);
  });

  for (const locale of ['en', 'es'] as const) {
    test(`an allowed reader finds the documentation in ${locale}, and keys move through results`, async ({ page }) => {
      const prefix = locale === 'es' ? '/es' : '';
      await signInAt(page, `${prefix}/labs`);
      await waitForHydration(page);
      const box = await openSearch(page);
      await box.fill(DOCS_ONLY);
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      await box.press('ArrowDown');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
      await box.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await box.press('ArrowUp');
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix === '' ? '' : '/es'}/docs/IntrusionSentinel/`));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('Escape closes the dialog and gives focus back', async ({ page }) => {
    await page.goto('/labs');
    await waitForHydration(page);
    const box = await openSearch(page);
    await box.fill('blog');
    await box.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Search/ })).toBeFocused();
  });

  test('the results page works on a direct load and after in-site navigation', async ({ page }) => {
    await page.goto('/search?q=ciberseguridad');
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.locator('ol li').first()).toBeVisible({ timeout: 15_000 });
    const directCount = await page.locator('ol li').count();
    expect(directCount).toBeGreaterThan(1);
    await page.goto('/');
    await waitForHydration(page);
    const box = await openSearch(page);
    await box.fill('ciberseguridad');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.getByRole('link', { name: 'See all results' }).click();
    await expect(page).toHaveURL(/\/search\?q=ciberseguridad$/);
    await expect(page.locator('ol li')).toHaveCount(directCount);
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('laboratorio');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=laboratorio$/);
  });

  test('the dialog follows the colour mode', async ({ page }) => {
    await page.goto('/?docusaurus-theme=dark');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await openSearch(page);
    const background = await page.getByRole('dialog').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });
});

test('search code and index are not loaded until search is opened', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/projects');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(requested.filter((path) => path.includes('pagefind'))).toEqual([]);
});

/** Every result of `/search?q=…`, as the list shows it: the link's target and its title. */
async function resultLinks(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('ol li').first()).toBeVisible({ timeout: 15_000 });
  return page.locator('ol li a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
}

/**
 * Every result of a query asked from the search page's own form, as a reader searching again does:
 * the page stays, and the results are read once the count names this query.
 */
async function resultLinksFromForm(page: Page, query: string): Promise<string[]> {
  const box = page.locator('main form[role="search"] input[name="q"]');
  await box.fill(query);
  await box.press('Enter');
  await expect(page.locator('main [aria-live="polite"] strong')).toHaveText(query, { timeout: 15_000 });
  return page.locator('main ol li a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
}

/** Opens a result the way a reader does (click on the results page) and checks where it landed. */
async function followEach(page: Page, path: string, expected: RegExp, baseURL: string | undefined): Promise<number> {
  const hrefs = await resultLinks(page, path);
  for (const [index, href] of hrefs.entries()) {
    expect(href, `result ${index} of ${path}`).toMatch(expected);
    await page.goto(path);
    await page.locator('ol li a').nth(index).click();
    await expect(page).toHaveURL(new RegExp(`^${literal(`${baseURL}${href}`)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const anchor = new URL(href, baseURL).hash.slice(1);
    if (anchor) await expect(page.locator(`[id="${decodeURIComponent(anchor)}"]`)).toHaveCount(1);
  }
  return hrefs.length;
}

test.describe('search results land', () => {
  for (const { code, prefix } of locales) {
    test(`each result of a members' query opens its page and section (${code})`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await page.goto(`${prefix}/signin?next=${encodeURIComponent(`${prefix}/search?q=${DOCS_FEW}`)}`);
      await waitForHydration(page);
      await submitSignIn(page, code, 'ana.torres@uai.cl', DEMO_PASSWORD);
      await expect(page.locator('ol li').first()).toBeVisible({ timeout: 15_000 });
      const count = await followEach(
        page,
        `${prefix}/search?q=${DOCS_FEW}`,
        new RegExp(`^${prefix}/docs/(?!docs/)[A-Za-z][\\w/-]*[\\w-](#[\\w%-]+)?$`),
        baseURL,
      );
      expect(count).toBeGreaterThan(1);
    });

    test(`each result of a public query opens its page and section (${code})`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const count = await followEach(
        page,
        `${prefix}/search?q=ciberseguridad`,
        new RegExp(`^${prefix}(?!/docs/)(/|/[\\w/-]*[\\w-])(#[\\w%-]+)?$`),
        baseURL,
      );
      expect(count).toBeGreaterThan(1);
    });
  }

  test('a sentence of a post ranks that post first', async ({ page }) => {
    const post = '/blog/2025/06/10/prioridades-id-ciberseguridad';
    await page.goto(post);
    const paragraph = (await page.locator('article p').nth(1).textContent())!;
    const sentence = paragraph
      .split(/(?<=[.!?])\s/)[0]!
      .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
      .trim();
    expect(sentence.split(/\s+/).length).toBeGreaterThan(4);
    const [first] = await resultLinks(page, `/search?q=${encodeURIComponent(sentence)}`);
    expect(first).toMatch(new RegExp(`^${literal(post)}(#[\\w%-]+)?$`));
  });

  test('tag, author and archive pages come after the posts they list', async ({ page }) => {
    const hrefs = await resultLinks(page, '/search?q=ciberseguridad');
    const isListing = (href: string) => /^\/blog(\/(tags|authors|archive|page)(\/|$)|$)/.test(href.replace(/#.*/, ''));
    const firstListing = hrefs.findIndex(isListing);
    const lastPost = hrefs.map((href) => /^\/blog\/\d{4}\//.test(href)).lastIndexOf(true);
    expect(lastPost).toBeGreaterThanOrEqual(0);
    if (firstListing >= 0) expect(firstListing).toBeGreaterThan(lastPost);
  });

  test('the query’s stop words are not highlighted, its other words are', async ({ page }) => {
    await page.goto('/es/search?q=' + encodeURIComponent('la ciberseguridad en Chile'));
    const marks = page.locator('ol li mark');
    await expect(marks.first()).toBeVisible();
    const marked = (await marks.allTextContents()).map((text) => text.toLowerCase());
    expect(marked.filter((text) => ['la', 'en'].includes(text))).toEqual([]);
    expect(marked.some((text) => text.startsWith('ciberseguridad'))).toBe(true);
  });
});

const membersDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist/members');

/** Every documentation page of a locale (its URL) with the opening sentence of its text. */
function openingSentences(prefix: string): Array<{ url: string; sentence: string }> {
  const root = path.join(membersDir, prefix, 'docs');
  const files = filesUnder(root, {
    keep: (name) => name === 'index.html',
    enter: (name) => name !== 'assets' && name !== 'pagefind' && name !== 'category',
  });
  return files.flatMap((file) => {
    const html = readFileSync(file, 'utf8');
    const body = /<div class="theme-doc-markdown markdown">[\s\S]*?<\/header>([\s\S]*?)<\/p>/.exec(html)?.[1];
    const text = (body ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&[a-z#0-9]+;/gi, ' ')
      .split(/(?<=[.!?])\s/)[0]!
      // As a reader would paste it, without the quotes and brackets a query cannot hold.
      .replace(/["“”«»()[\]`]/g, ' ')
      .replace(/[.!?:;,]$/, '')
      .replace(/\s+/g, ' ')
      .trim();
    const url = `/${path.relative(membersDir, path.dirname(file)).split(path.sep).join('/')}`;
    return text.split(' ').length >= 6 ? [{ url, sentence: text.split(' ').slice(0, 14).join(' ') }] : [];
  });
}

test.describe('search ranks the page a sentence comes from first', () => {
  for (const { code, prefix } of locales) {
    test(`the opening sentence of every documentation page finds that page first (${code})`, async ({ page }) => {
      test.setTimeout(240_000);
      const pages = openingSentences(prefix);
      expect(pages.length).toBeGreaterThan(40);
      await signInAt(page, `${prefix}/search`);
      await waitForHydration(page);
      const misranked: string[] = [];
      for (const { url, sentence } of pages) {
        const [first] = await resultLinksFromForm(page, sentence);
        if (!new RegExp(`^${literal(url)}(#[\\w%-]+)?$`).test(first ?? ''))
          misranked.push(`${url} ← "${sentence}" → ${first}`);
      }
      expect(misranked).toEqual([]);
    });
  }
});

const isListingHref = (href: string) =>
  /^(\/es)?\/blog(\/(tags|authors|archive|page)(\/|$)|$)/.test(href.replace(/#.*/, ''));

test.describe('results for "sentinel"', () => {
  for (const { code, prefix } of locales) {
    test(`a member's results (${code}): no listing first, none from the other language, the documentation first, each labelled documentation or public site`, async ({
      page,
    }) => {
      await signInAt(page, `${prefix}/search?q=sentinel`);
      await expect(page.locator('main ol li').first()).toBeVisible({ timeout: 15_000 });
      const hrefs = await page
        .locator('main ol li a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThan(10);
      expect(isListingHref(hrefs[0]!)).toBe(false);
      const otherLocale =
        prefix === '' ? (href: string) => href.startsWith('/es/') : (href: string) => !href.startsWith('/es/');
      expect(hrefs.filter(otherLocale)).toEqual([]);
      const labels = {
        docs: code === 'en' ? 'Documentation' : 'Documentación',
        site: code === 'en' ? 'Public site' : 'Sitio público',
      };
      const kinds = await page
        .locator('main ol li a')
        .evaluateAll((links) => links.map((link) => link.querySelector('[class*="hitKind"]')?.textContent ?? ''));
      expect(kinds.map((kind, index) => [hrefs[index]!.replace(/#.*/, ''), kind])).toEqual(
        hrefs.map((href) => [href.replace(/#.*/, ''), /^(\/es)?\/docs\//.test(href) ? labels.docs : labels.site]),
      );
      // Documentation first: no documentation result after a public one.
      expect(kinds[0]).toBe(labels.docs);
      expect(kinds.slice(kinds.indexOf(labels.site) === -1 ? kinds.length : kinds.indexOf(labels.site))).not.toContain(
        labels.docs,
      );
    });

    test(`the dialog gives a visitor's results, all of the public site, no kind (${code})`, async ({ page }) => {
      await page.goto(`${prefix}/labs`);
      await waitForHydration(page);
      const box = await openSearch(page);
      await box.fill('sentinel');
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      const label = code === 'en' ? 'Public site' : 'Sitio público';
      for (const text of await options.allTextContents()) expect(text).not.toContain(label);
      await expect(options.locator('[class*="hitKind"]')).toHaveCount(0);
    });
  }

  test('snippets keep a space between a heading and its badge, and between table cells', async ({ page }) => {
    await page.goto('/search?q=sentinel');
    await expect(page.locator('main ol li').first()).toBeVisible({ timeout: 15_000 });
    const project = page.locator('main ol li a[href^="/projects"]');
    await expect(project).toContainText('Intrusion Sentinel Active');
    await expect(project).not.toContainText('SentinelActive');
    await signInAt(page, '/search?q=' + encodeURIComponent('"points to"'));
    await expect(page.locator('main ol li').first()).toBeVisible({ timeout: 15_000 });
    const text = (await page.locator('main ol').textContent())!;
    expect(text).toContain('Type · Points to · Used by');
    expect(text).not.toMatch(/NameType|TypePoints|toUsed/);
  });
});

/** What a search that finds nothing on a documentation page suggests, in each language. */
const DOCS_HINT = {
  en: {
    hint: 'Check the spelling or try a shorter or different word; the documentation is also in Spanish: search the Spanish site.',
    link: 'search the Spanish site',
    other: '/es',
    blog: /^Check the spelling, or try a shorter or different word\. The blog’s posts are written in Spanish/,
  },
  es: {
    hint: 'Revise la ortografía o pruebe con una palabra más corta o distinta; la documentación también está en inglés: busque en el sitio en inglés.',
    link: 'busque en el sitio en inglés',
    other: '',
    blog: /^Revise la ortografía o pruebe con una palabra más corta o distinta\.$/,
  },
} as const;

test.describe('search from the documentation', () => {
  // axe is injected into the page, which the site's Content-Security-Policy would refuse.
  test.use({ bypassCSP: true });
  for (const { code, prefix } of locales) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      test(`a member's search that finds nothing on a documentation page points to the documentation in the other language, not to the blog (${code}, ${viewport.width} px)`, async ({
        page,
      }) => {
        const text = DOCS_HINT[code];
        await page.setViewportSize(viewport);
        // A public page first: there the blog's hint stays.
        await page.goto(`${prefix}/labs`);
        await waitForHydration(page);
        let box = await openSearch(page);
        await box.fill('zzqxjvw');
        await expect(page.getByRole('dialog').locator('p').filter({ hasText: text.blog })).toHaveCount(1);
        await box.press('Escape');

        await signInAt(page, `${prefix}/docs/IntrusionSentinel/usage/monitoring`);
        await waitForHydration(page);
        box = await openSearch(page);
        await box.fill('zzqxjvw');
        const hint = page.getByRole('dialog').locator('p').filter({ hasText: text.link });
        await expect(hint).toHaveText(new RegExp(`^${literal(text.hint)}$`));
        await expect(hint.getByRole('link', { name: text.link, exact: true })).toHaveAttribute(
          'href',
          `${text.other}/search?q=zzqxjvw`,
        );
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: `test-results/screens/search-docs-hint-${code}-${viewport.width}.png` });
      });
    }

    // Mixed results keep their badges: "a member's results" above checks them on the results page.
    test(`results all of one kind carry no kind badge (${code})`, async ({ page }) => {
      await signInAt(page, `${prefix}/docs/IntrusionSentinel/usage/monitoring`);
      await waitForHydration(page);
      const box = await openSearch(page);
      await box.fill(DOCS_ONLY);
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      expect(await options.count()).toBeGreaterThan(1);
      await expect(options.locator('[class*="hitKind"]')).toHaveCount(0);
    });
  }

  test('an excerpt from a table keeps its cells apart', async ({ page }) => {
    await signInAt(page, `/search?q=sentinel_capture_drops_total`);
    // Tables weigh less than prose, so the table's result need not come first: find it by its page.
    const tableHit = page.locator('main ol li').filter({
      hasText: 'sensor metrics — Is it losing packets? · sentinel_capture_drops_total · sensor metrics',
    });
    await expect(tableHit).toHaveCount(1, { timeout: 15_000 });
  });
});

test.describe('excerpts and ranking of the documentation', () => {
  for (const { code, prefix } of locales) {
    test(`no excerpt shows a folder tree's drawing, and the files it lists stay findable (${code})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await signInAt(page, `${prefix}/search?q=pyproject`);
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        const results = page.locator('main ol li');
        await expect(results.first()).toBeVisible({ timeout: 15_000 });
        for (const text of await results.allInnerTexts()) expect(text).not.toMatch(/[\u2500-\u257f]/);
        // The page that shows its contents in a code block of its own is still found.
        expect(
          await results.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
        ).toContainEqual(
          expect.stringMatching(
            new RegExp(`^${literal(`${prefix}/docs/IntrusionSentinel/components/attacksensor/extensibility`)}`),
          ),
        );
        await page.screenshot({ path: `test-results/screens/search-no-tree-${code}-${viewport.width}.png` });
      }
    });
  }
});
