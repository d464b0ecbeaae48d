import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, literal, test, waitForHydration } from './fixtures';
import { signInAt } from './auth';

/** The scripts the page's inline starter adds, in order, read from the HTML the server sends. */
async function listedScripts(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  const list = /<script type="?application\/json"? id="?app-scripts"?>(\[[^\]]*\])<\/script>/.exec(html);
  expect(list, `the starter's list of scripts in ${path}`).not.toBeNull();
  return JSON.parse(list![1]!) as string[];
}

/** Records the `src` of every script element added to the document, from its very start. */
async function recordAddedScripts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const added: string[] = [];
    Object.assign(window, { addedScripts: added });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (node instanceof HTMLScriptElement && node.getAttribute('src')) added.push(node.getAttribute('src')!);
    }).observe(document, { childList: true, subtree: true });
  });
}

for (const { name, path, signedIn } of [
  { name: 'a public page', path: '/es/labs', signedIn: false },
  { name: 'a documentation page', path: '/docs/IntrusionSentinel/architecture/interaction', signedIn: true },
]) {
  test(`${name} lists its own chunks in its HTML, between the runtime and the main bundle, and nothing adds another script before it has hydrated`, async ({
    page,
  }) => {
    if (signedIn) await signInAt(page, path);
    const listed = await listedScripts(page, path);
    expect(listed[0]).toMatch(/^(\/es)?\/assets\/js\/runtime~main\.[0-9a-f]{8}\.js$/);
    expect(listed.at(-1)).toMatch(/^(\/es)?\/assets\/js\/main\.[0-9a-f]{8}\.js$/);
    // The route's own chunks: its component and its content at least.
    expect(listed.length).toBeGreaterThanOrEqual(signedIn ? 6 : 4);
    if (signedIn) expect(listed.filter((src) => src.startsWith('/docs/assets/js/')).length).toBeGreaterThanOrEqual(2);

    await recordAddedScripts(page);
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { addedScripts: string[] }).addedScripts)).toEqual(listed);
  });
}

/**
 * The head as the site manages it (the title, each tag it writes and the root element's classes),
 * of the page in the browser or, given its HTML, of the page the server sends.
 */
function readHead(html: string | null): { title: string; tags: string[]; htmlClass: string } {
  const source = html === null ? document : new DOMParser().parseFromString(html, 'text/html');
  return {
    title: source.title,
    // The head manager drops the title's mark as it first writes it: the title is compared as text.
    tags: Array.from(source.head.querySelectorAll('[data-rh]:not(title)'))
      .map((element) =>
        [
          element.localName,
          ...Array.from(element.attributes)
            .map((attribute) => `${attribute.name}=${attribute.value}`)
            .sort(),
        ].join(' '),
      )
      .sort(),
    htmlClass: source.documentElement.className,
  };
}

test('the head the server sent stays as it was through hydration, and after an in-app navigation it is the one the server sends for the new page', async ({
  page,
}) => {
  const from = '/docs/documentation/firebase-auth-setup';
  const to = '/docs/documentation/ai-assistants';
  await signInAt(page, from);
  await page.setViewportSize({ width: 1280, height: 800 });
  const served = async (path: string) => page.evaluate(readHead, await (await page.request.get(path)).text());
  const current = () => page.evaluate(readHead, null);

  await page.goto(from);
  await waitForHydration(page);
  // The head manager writes in the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const fromHead = await served(from);
  expect(fromHead.tags.length).toBeGreaterThanOrEqual(10);
  expect(await current()).toEqual(fromHead);

  await page.evaluate(() => Object.assign(window, { marked: true }));
  const toHead = await served(to);
  expect(toHead.title).not.toEqual(fromHead.title);
  await page
    .locator('aside.theme-doc-sidebar-container')
    .getByRole('link', { name: toHead.title.split(' | ')[0], exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`^http://[^/]+${literal(to)}$`));
  await expect.poll(current).toEqual(toHead);
  expect(await page.evaluate(() => 'marked' in window)).toBe(true);
});

test(
  'the Content-Security-Policy, sent with every file, names one hash per kind of inline script, not one per page',
  { tag: '@no-browser' },
  () => {
    const record = JSON.parse(readFileSync(new URL('../../site/dist/server-record.json', import.meta.url), 'utf8')) as {
      contentSecurityPolicy: string;
    };
    // The colour-mode script and the starter, the same on every page of both languages (the two
    // languages share their stored preferences, so the colour-mode script is one).
    expect(record.contentSecurityPolicy.match(/'sha256-/g)).toHaveLength(2);
    expect(record.contentSecurityPolicy.length).toBeLessThan(1024);
  },
);
