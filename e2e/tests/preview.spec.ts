import { expect, test, waitForHydration } from './fixtures';
import { locales, localized, publicRoutes } from './routes';

/** What a link preview or a browser tab would fetch: `og:image`, `twitter:image` and every `<link rel=…icon>`. */
const NAMED_IMAGES = `
  [...document.querySelectorAll('meta[property="og:image"], meta[name="twitter:image"]')]
    .map((meta) => meta.content)
    .concat([...document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"]')].map((link) => link.href))
`;

for (const { code, prefix } of locales) {
  test(`every page in ${code} names a preview image of its own language, and every image and icon it names loads`, async ({
    page,
    request,
    baseURL,
  }) => {
    const checked = new Map<string, string>();
    for (const route of publicRoutes) {
      const path = localized(prefix, route.path);
      await page.goto(path);
      // Once the page's code runs it manages the head, replacing its tags as it hydrates: read the
      // head when that is over, not midway.
      await waitForHydration(page);
      const named = () => page.evaluate(NAMED_IMAGES) as Promise<string[]>;
      await expect.poll(async () => (await named()).length, { message: path }).toBeGreaterThanOrEqual(3);
      const images = await named();
      const preview = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(new URL(preview!).pathname, `${path} og:image`).toMatch(
        new RegExp(`^${prefix}/img/social-card-${code}\\.png$`),
      );
      for (const image of images) {
        const local = new URL(new URL(image).pathname, baseURL).href;
        if (checked.has(local)) continue;
        const response = await request.get(local);
        expect(response.status(), `${image} named by ${path}`).toBe(200);
        const type = response.headers()['content-type'] ?? '';
        expect(type, image).toMatch(/^image\/(png|svg\+xml)/);
        checked.set(local, type);
      }
    }
  });
}

test('the preview image is a real 1200×630 PNG', async ({ request }) => {
  for (const code of ['en', 'es']) {
    const body = await (await request.get(`/img/social-card-${code}.png`)).body();
    expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
  }
});
