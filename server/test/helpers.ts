import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALE_PREFIXES, defaultReaderPolicy } from '@trust/access-policy';
import { SERVER_RECORD_FILE, type ServerRecord } from '@trust/access-policy/build-contract';
import { readServerConfig } from '../src/config.js';
import { createSiteServer, type ServerDeps } from '../src/createServer.js';
import { createLogger, silentLogger } from '../src/logging.js';
import { FakeProvider } from './fakeProvider.js';
// The post-build step's own precompression, so the fixture is what the server is handed.
import { precompressDirectory } from '../../postbuild/src/precompress.js';

/** A policy as the post-build step writes it. */
export const TEST_CSP =
  "default-src 'self'; script-src 'self' 'sha256-abc'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** What the post-build step records for the server, as it does for the default settings. */
export const TEST_SERVER_RECORD: ServerRecord = {
  contentSecurityPolicy: TEST_CSP,
  readerPolicy: defaultReaderPolicy,
  localePrefixes: [...LOCALE_PREFIXES],
  identity: { apiKey: 'demo-api-key', universityProvider: 'google.com' },
  sectionPages: { '/docs': '/docs/guide', '/docs/manual': '/docs/manual/setup', '/es/docs': '/es/docs/guide' },
};

/** The site's public origin, and the Cloud Run service's own host, as Firebase Hosting forwards a request. */
export const PUBLIC_ORIGIN = 'https://trustworthy-systems.example';
export const SERVICE_HOST = 'trustworthy-site-abc123-tl.a.run.app';

/** Text that only members-only files contain. */
export const MEMBERS_SECRET = 'Quetzal-members-only-7731';

/** A small prepared build: pages as folder/index.html, hashed assets, locales, members' docs. */
export const FIXTURE: Record<string, string> = {
  '/public/index.html': `<!doctype html><html lang="en"><title>Home</title><h1>Home page</h1>${'<p>Trustworthy systems.</p>'.repeat(60)}</html>`,
  '/public/404.html': '<!doctype html><html lang="en"><h1>Page Not Found</h1></html>',
  '/public/labs/index.html': '<!doctype html><html lang="en"><h1>Labs</h1></html>',
  '/public/blog/rss.xml': '<?xml version="1.0"?><rss></rss>',
  '/public/assets/js/main.0123abcd.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
  '/public/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  '/public/es/index.html': '<!doctype html><html lang="es"><h1>Inicio</h1></html>',
  '/public/es/404.html': '<!doctype html><html lang="es"><h1>Página no encontrada</h1></html>',
  '/public/es/labs/index.html': '<!doctype html><html lang="es"><h1>Laboratorios</h1></html>',
  '/members/docs/guide/index.html': `<!doctype html><html lang="en"><h1>${MEMBERS_SECRET} guide</h1></html>`,
  '/members/docs/assets/js/content.89abcdef.js': `console.log("${MEMBERS_SECRET} chunk");`,
  '/members/docs/manual/setup/index.html': '<!doctype html><html lang="en"><h1>Setting up</h1></html>',
  '/members/docs/guide.md': `# ${MEMBERS_SECRET} guide\n`,
  '/members/docs/llms.txt': `# Documentation\n\n- [${MEMBERS_SECRET} guide](http://localhost/docs/guide.md)\n`,
  '/members/es/docs/guide/index.html': `<!doctype html><html lang="es"><h1>${MEMBERS_SECRET} guía</h1></html>`,
};

export interface TestSite {
  origin: string;
  server: Server;
  close(): Promise<void>;
}

/** Writes a prepared build (the fixture and what the post-build step records) to a new folder. */
export async function writeTestSite(
  files: Record<string, string> = FIXTURE,
  manifest: object = TEST_SERVER_RECORD,
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-'));
  for (const [urlPath, content] of Object.entries(files)) {
    const file = path.join(dir, urlPath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  await writeFile(path.join(dir, SERVER_RECORD_FILE), JSON.stringify(manifest));
  await precompressDirectory(dir);
  return dir;
}

/** Writes the fixture, starts the real server on a free port, and removes everything on close. */
export async function startTestSite(
  files: Record<string, string> = FIXTURE,
  deps: ServerDeps = { verifier: new FakeProvider() },
  env: NodeJS.ProcessEnv = {},
  manifest: object = TEST_SERVER_RECORD,
): Promise<TestSite> {
  const dir = await writeTestSite(files, manifest);
  // Outside production, the emulator this process's Admin SDK talks to (the environment's) is
  // the server's too, for the calls it makes itself.
  const emulatorHost = env.NODE_ENV === 'production' ? undefined : process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const config = {
    ...readServerConfig({ ...(emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } : {}), ...env }),
    port: 0,
    siteDir: dir,
  };
  // Quiet unless LOG_LEVEL asks for the server's log.
  const logger = process.env.LOG_LEVEL ? createLogger({ ...config.log, level: process.env.LOG_LEVEL }) : silentLogger;
  const { server } = await createSiteServer(config, { logger, ...deps });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Sends a request exactly as written (fetch would normalise the path first). */
export async function rawRequest(
  origin: string,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { request } = await import('node:http');
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: init.method ?? 'GET', path: target, headers: init.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** `POST /api/session` with a Bearer token, from the site's own origin unless the headers say otherwise. */
export function postSession(origin: string, token: string | null, headers: Record<string, string> = {}) {
  return rawRequest(origin, '/api/session', {
    method: 'POST',
    headers: { Origin: origin, ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers },
  });
}

/** Opens a session with an ID token (a fake provider's by default) and returns its `__session=…` pair. */
export async function openSession(origin: string, idToken: string, headers: Record<string, string> = {}) {
  const response = await postSession(origin, idToken, headers);
  if (response.status !== 204) throw new Error(`No session: ${response.status} ${response.body.toString()}`);
  return String(response.headers['set-cookie']).split(';')[0]!;
}

/** A page as a browser asks for it, with the cookie header given. */
export function readPage(origin: string, target: string, cookie?: string, headers: Record<string, string> = {}) {
  return rawRequest(origin, target, {
    headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

/** The members' page the server tests read (the test build's one guide page), as a browser asks for it. */
export const readGuide = (site: TestSite, cookie?: string, headers: Record<string, string> = {}) =>
  readPage(site.origin, '/docs/guide', cookie, headers);
