import type { ChildProcess } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { SILENT_PROVIDER_PORT as PORT } from '../ports';
import { DOCS_PAGE } from './auth';
import { expect, test } from './fixtures';
import { startSiteServer } from './siteServer';
import { PROJECT_ID } from '../../scripts/authEmulator.mjs';
import { unsignedJwt } from '../../testkit/jwt.mjs';

/**
 * A second server in front of an identity provider that accepts connections and never answers
 * (as a network partition looks): a member's documentation page answers 503 with the site's
 * page in the reader's language.
 */
const HEADINGS = {
  en: 'The documentation is temporarily unavailable',
  es: 'La documentación no está disponible por el momento',
} as const;

// One server on one port for the file: its tests share a worker, so one worker's teardown cannot
// stop the server under another worker's page.
test.describe.configure({ mode: 'default' });

let silentProvider: Server;
const sockets = new Set<Socket>();
let server: ChildProcess;

test.beforeAll(async () => {
  silentProvider = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silentProvider.listen(0, '127.0.0.1', resolve));
  const { port } = silentProvider.address() as { port: number };
  server = await startSiteServer(PORT, {
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}`,
    PROVIDER_TIMEOUT_MS: '500',
  });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silentProvider?.close(resolve));
});

/**
 * A session cookie as the Auth emulator issues them (unsigned: with an emulator host the Admin
 * SDK checks the claims, not a signature), so the server must ask the provider about revocation.
 */
function memberCookie(): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://session.firebase.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    sub: 'member-during-outage',
    iat: now,
    auth_time: now,
    exp: now + 3600,
    email: 'ana.torres@uai.cl',
    email_verified: true,
  };
  return `__session=${unsignedJwt(claims)}`;
}

for (const locale of ['en', 'es'] as const) {
  test(`a docs page that cannot be checked answers 503 with the ${locale} page and a way back`, async ({
    page,
    consoleErrors,
  }) => {
    // The page asked for and the documentation chunks its route would load are all refused while
    // sessions cannot be checked; the served page does not need them.
    consoleErrors.allow(/status of 503 \(Service Unavailable\)/);
    consoleErrors.allow(/^Refused to execute script from '[^']*\/docs\/assets\/js\//);
    consoleErrors.allow(/^Loading chunk \d+ failed/);
    await page.setExtraHTTPHeaders({ Cookie: memberCookie() });
    const origin = `http://localhost:${PORT}`;
    const started = Date.now();
    const response = await page.goto(`${origin}${DOCS_PAGE[locale].path}`);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response!.status()).toBe(503);
    expect(response!.headers()['retry-after']).toBe('30');
    expect(response!.headers()['cache-control']).toBe('no-store');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[locale]);
    const retry = page.locator('#retry-link');
    await expect(retry).toHaveAttribute('href', new RegExp(`^${DOCS_PAGE[locale].path}$`));
    // The page's scripts start after it is painted; their requests end before the server stops.
    await page.waitForLoadState('networkidle');
  });
}
