import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, DOCS_PAGE } from './auth';
import { expect, test } from './fixtures';
import { EMULATOR_HOST } from '../../scripts/authEmulator.mjs';

/**
 * A second server in front of an identity provider that accepts connections and never answers
 * (as a network partition looks), given a real session cookie minted by the main one: the
 * documentation answers 503 with the site's page in the reader's language.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.E2E_PORT ?? 4173) + 7;
const HEADINGS = {
  en: 'The documentation is temporarily unavailable',
  es: 'La documentación no está disponible por el momento',
} as const;

let silentProvider: Server;
const sockets = new Set<Socket>();
let server: ChildProcess;

test.beforeAll(async () => {
  silentProvider = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silentProvider.listen(0, '127.0.0.1', resolve));
  const { port } = silentProvider.address() as { port: number };
  server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}`,
      PROVIDER_TIMEOUT_MS: '500',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`http://localhost:${PORT}/`).catch(() => null))?.status ?? 0, { timeout: 15_000 })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silentProvider?.close(resolve));
});

/** A session cookie of an allowed reader, minted by the main server against the Auth emulator. */
async function memberCookie(baseURL: string): Promise<string> {
  const signIn = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ana.torres@uai.cl', password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  const session = await fetch(`${baseURL}/api/session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, Origin: baseURL },
  });
  expect(session.status).toBe(204);
  return session.headers.get('set-cookie')!.split(';')[0]!;
}

for (const locale of ['en', 'es'] as const) {
  test(`a docs page that cannot be checked answers 503 with the ${locale} page and a way back`, async ({
    page,
    baseURL,
  }) => {
    const [name, value] = (await memberCookie(baseURL!)).split(/=(.*)/s);
    const origin = `http://localhost:${PORT}`;
    await page.context().addCookies([{ name: name!, value: value!, url: origin, secure: true, httpOnly: true }]);
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
  });
}
