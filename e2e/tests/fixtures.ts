import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test';

interface ConsoleErrors {
  /** Declares an error this test provokes on purpose (a 404 page, a refused password). */
  allow(pattern: RegExp): void;
}

/**
 * Every page test fails if the browser logs a console error or a page error that the test did
 * not declare, as the Docusaurus website's own e2e suite does.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(
        errors.filter((error) => !allowed.some((pattern) => pattern.test(error))),
        'console errors',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Text for a regular expression that matches it exactly. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the browser logs when the server refuses to open a session for a reader the access rule
 * does not admit (403 from `POST /api/session`, or from its e-mail-link step): the expected
 * outcome for an outsider.
 */
export const REFUSED_SESSION = /status of 403 \(Forbidden\) \(http:\/\/[^/]+\/api\/session(?:\/email-link)?\)$/;

/**
 * Waits until the app has hydrated the page, every part of it included, so clicks reach client-side
 * handlers. The parts that hydrate apart (`src/components/DeferredHydration`) are React's Activity
 * boundaries (Suspense boundaries hydrate apart too), which the server marks with a comment before
 * their markup (`<!--&-->`, `<!--$-->`) that React keeps after hydrating them: a part has hydrated
 * once its first element carries React's fiber key.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => {
    const root = document.getElementById('__docusaurus');
    if (root === null) return false;
    const comments = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
    for (let comment = comments.nextNode(); comment !== null; comment = comments.nextNode()) {
      if (!/^(\$[?!]?|&)$/.test((comment as Comment).data)) continue;
      let node = comment.nextSibling;
      while (
        node !== null &&
        node.nodeType !== Node.ELEMENT_NODE &&
        !(node.nodeType === Node.COMMENT_NODE && /^\/[$&]$/.test((node as Comment).data))
      )
        node = node.nextSibling;
      if (node?.nodeType === Node.ELEMENT_NODE && !Object.keys(node).some((key) => key.startsWith('__reactFiber$')))
        return false;
    }
    return true;
  });
}

/** Whether a script the page loads while opening `url` (until the network is idle) contains `marker`. */
export async function loadsScriptWith(page: Page, url: string, marker: string): Promise<boolean> {
  const bodies: Array<Promise<string>> = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  };
  page.on('response', onResponse);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return (await Promise.all(bodies)).some((body) => body.includes(marker));
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a reader without a mouse would; fails
 * after `most` presses. Resolves to how many it took.
 */
export async function tabTo(page: Page, target: Locator, most = 40, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`Tab never reached ${String(target)} in ${most} presses.`);
}

/** The text boxes of `part` inside `element`'s text, one per line it sits on (whatever elements split it). */
export function linesOf(element: Locator, part: string): Promise<number> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const whole = nodes.map((node) => node.data).join('');
    const start = whole.indexOf(wanted);
    if (start < 0) throw new Error(`${wanted} is not in ${whole}`);
    const at = (offset: number): [Text, number] => {
      let passed = 0;
      for (const node of nodes) {
        if (offset <= passed + node.data.length) return [node, offset - passed];
        passed += node.data.length;
      }
      throw new Error('offset past the text');
    };
    const range = document.createRange();
    range.setStart(...at(start));
    range.setEnd(...at(start + wanted.length));
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top)),
    );
    return tops.size;
  }, part);
}
