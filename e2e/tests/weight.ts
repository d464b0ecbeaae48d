import type { Page, Response } from '@playwright/test';

/** Compressed bytes of the JavaScript a page loads until the network is idle, by file. */
export async function scriptBytes(
  page: Page,
  path: string,
): Promise<{ total: number; files: Array<[string, number]> }> {
  const sizes: Array<Promise<[string, number]>> = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((size) => [new URL(response.url()).pathname, size.responseBodySize] as [string, number]),
    );
  };
  page.on('response', listener);
  await page.goto(path, { waitUntil: 'networkidle' });
  page.off('response', listener);
  const files = await Promise.all(sizes);
  return { total: files.reduce((sum, [, bytes]) => sum + bytes, 0), files };
}
