import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request, Response } from '@playwright/test';
import { filesUnder } from '../../testkit/files';
import { waitForHydration } from './fixtures';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist');

/**
 * Every page of one locale that the build wrote in `tree` (`public` or `members`), by path: the
 * English ones, or those under the locale's prefix.
 */
export function builtPages(tree: 'public' | 'members', prefix: '' | '/es'): string[] {
  const root = path.join(distDir, tree);
  return filesUnder(path.join(root, prefix), {
    keep: (name) => name === 'index.html',
    enter: (name) => !['assets', 'pagefind'].includes(name),
  })
    .map((file) => `/${path.relative(root, path.dirname(file)).split(path.sep).join('/')}`)
    .filter((page) => prefix !== '' || !page.startsWith('/es/'))
    .map((page) => (prefix !== '' && page === prefix ? `${prefix}/` : page));
}

/** Compressed bytes of the JavaScript a page loads until its scripts have settled, by file. */
export async function scriptBytes(
  page: Page,
  path: string,
): Promise<{ total: number; files: Array<[string, number]> }> {
  const sizes: Array<Promise<[string, number]>> = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const isScript = (request: Request) => request.resourceType() === 'script';
  const counting = (change: 1 | -1) => (request: Request) => {
    if (!isScript(request)) return;
    inFlight += change;
    lastChange = Date.now();
  };
  const started = counting(1);
  const ended = counting(-1);
  const listener = (response: Response) => {
    if (!isScript(response.request())) return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((size) => [new URL(response.url()).pathname, size.responseBodySize] as [string, number]),
    );
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', listener);
  await page.goto(path);
  // The chunks a route needs load before it hydrates, the code it starts afterwards within a few
  // tasks: done once no script has started or ended for 400 ms. (The network-idle wait would wait
  // out every other request too.)
  await waitForHydration(page);
  while (inFlight > 0 || Date.now() - lastChange < 400) await page.waitForTimeout(50);
  page.off('request', started);
  page.off('requestfinished', ended);
  page.off('requestfailed', ended);
  page.off('response', listener);
  const files = await Promise.all(sizes);
  return { total: files.reduce((sum, [, bytes]) => sum + bytes, 0), files };
}

/** `scriptBytes` on a cold load: the browser's HTTP cache is emptied first. */
export async function coldScriptBytes(page: Page, path: string): ReturnType<typeof scriptBytes> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return scriptBytes(page, path);
}
