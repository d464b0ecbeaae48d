import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { MCP_PATH } from '@trust/access-policy';
import { updateAccount } from '../../scripts/authEmulator.mjs';
import { createAccountLike, signInAt, submitSignIn, DEMO_PASSWORD } from './auth';
import { violationsInBothThemes } from './axe';
import { PAGES, markdownOf, openingSentence, startAuthorization } from './mcpPages';
import { expect, literal, tabTo, test, waitForHydration } from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A loopback server that answers the client's redirect, as an assistant on the member's machine does. */
async function startCallback(): Promise<{ server: Server; url: string }> {
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Assistant</title><p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback` };
}

/** The SDK's client as an assistant keeps it: registration, tokens and the PKCE verifier in memory. */
class MemoryProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  constructor(
    readonly redirectUrl: string,
    readonly clientMetadataUrl?: string,
  ) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Browser test assistant',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * The whole way an assistant is connected: the first request is refused and starts the OAuth
 * flow, the member signs in and allows it in Chromium, the code comes back to the loopback
 * redirect, the client exchanges it; then the connected client lists the tools, finds a page by
 * its opening sentence in each language, and reads it.
 */
async function connectAndUse(page: Page, baseURL: string, provider: MemoryProvider, callbackUrl: string) {
  const endpoint = new URL(MCP_PATH, baseURL);
  const first = new Client({ name: 'browser-test', version: '1.0.0' });
  await expect(first.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }))).rejects.toThrow(
    UnauthorizedError,
  );
  expect(provider.authorizationUrl?.href).toMatch(new RegExp(`^${literal(baseURL)}/authorize\\?`));
  expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(endpoint.href);

  await page.goto(provider.authorizationUrl!.href);
  await expect(page).toHaveURL(/\/signin\?next=%2Fconnect%3Frequest%3D/);
  await waitForHydration(page);
  // An account of its own: the tests run at once, and a member's grants are one record.
  const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
  await submitSignIn(page, 'en', member, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/connect\?request=/, { timeout: 15_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Allow Browser test assistant to read the documentation?' }),
  ).toBeFocused();
  await expect(page.getByText(`You are signed in as ${member}.`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`^${literal(callbackUrl)}\\?code=[\\w.-]+&iss=${literal(encodeURIComponent(`${baseURL}/`))}$`),
  );
  const code = new URL(page.url()).searchParams.get('code')!;

  const transport = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
  await transport.finishAuth(code);
  expect(provider.saved?.token_type).toBe('Bearer');
  const client = new Client({ name: 'browser-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }));
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(['read_page', 'search_documentation']);
  for (const [language, pagePath] of Object.entries(PAGES)) {
    const found = await client.callTool({
      name: 'search_documentation',
      arguments: { query: openingSentence(pagePath), language },
    });
    const results = (found.structuredContent as { results: { url: string }[] }).results;
    expect(results[0]?.url).toBe(`${baseURL}${pagePath}`);
    const read = await client.callTool({ name: 'read_page', arguments: { url: results[0]!.url } });
    expect((read.content as { text: string }[])[0]!.text).toBe(markdownOf(pagePath));
  }
  await client.close();
}

test('an assistant registered dynamically connects, is allowed by a member and searches and reads in both languages @hosting', async ({
  page,
  baseURL,
}) => {
  const callback = await startCallback();
  try {
    const provider = new MemoryProvider(callback.url);
    await connectAndUse(page, baseURL!, provider, callback.url);
    expect(provider.information?.client_id).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  } finally {
    callback.server.close();
  }
});

test('an assistant identified by its client ID metadata document connects the same way', async ({ page, baseURL }) => {
  const callback = await startCallback();
  const tls = path.resolve(here, '../fixtures/loopback-tls');
  let documentUrl = '';
  const documents = createHttpsServer(
    { cert: readFileSync(path.join(tls, 'cert.pem')), key: readFileSync(path.join(tls, 'key.pem')) },
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          client_id: documentUrl,
          client_name: 'Browser test assistant',
          redirect_uris: [callback.url],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        }),
      );
    },
  );
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentUrl = `https://127.0.0.1:${(documents.address() as AddressInfo).port}/assistant/client.json`;
  try {
    const provider = new MemoryProvider(callback.url, documentUrl);
    await connectAndUse(page, baseURL!, provider, callback.url);
    expect(provider.information?.client_id).toBe(documentUrl);
  } finally {
    callback.server.close();
    documents.close();
  }
});

for (const locale of ['en', 'es'] as const) {
  test.describe(`connect page (${locale})`, () => {
    // axe is injected as a script; the browser's language picks the connect page's.
    test.use({ bypassCSP: true, locale: locale === 'es' ? 'es-CL' : 'en-US' });
    test(`the connect page is accessible in both themes, on a desktop and a phone (${locale})`, async ({
      page,
      baseURL,
    }) => {
      const callback = await startCallback();
      try {
        await startAuthorization(page, baseURL!, 'Browser test assistant', callback.url);
        await expect(page).toHaveURL(new RegExp(`^${literal(baseURL!)}${locale === 'es' ? '/es' : ''}/signin\\?next=`));
        await waitForHydration(page);
        await submitSignIn(page, locale, 'guest.reader@example.com', DEMO_PASSWORD);
        const heading = {
          en: 'Allow Browser test assistant to read the documentation?',
          es: '¿Permitir que Browser test assistant lea la documentación?',
        }[locale];
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused({ timeout: 15_000 });
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: test.info().outputPath(`connect-${locale}-desktop.png`), fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
        await page.screenshot({ path: test.info().outputPath(`connect-${locale}-phone.png`), fullPage: true });
        // Keyboard: from the heading, Tab reaches "Allow" and Enter sends the member back with a code.
        await tabTo(page, page.getByRole('button', { name: locale === 'es' ? 'Permitir' : 'Allow', exact: true }));
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`^${literal(callback.url)}\\?code=`));
      } finally {
        callback.server.close();
      }
    });
  });
}

for (const locale of ['en', 'es'] as const) {
  test.describe(`connect page, an account with no room (${locale})`, () => {
    test.use({ locale: locale === 'es' ? 'es-CL' : 'en-US' });
    test(`a member whose account has no room for another assistant is told what to do, and no code is sent (${locale})`, async ({
      page,
      baseURL,
      consoleErrors,
    }) => {
      consoleErrors.allow(/^Failed to load resource: the server responded with a status of 409 \(Conflict\) /);
      const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
      // What an account can already hold: a long request answered, in claims of at most 1,000 characters.
      await updateAccount(member, {
        claims: { request: { note: 'n'.repeat(850), at: new Date().toISOString(), outcome: 'approved' } },
      });
      const callback = 'http://127.0.0.1:45998/callback';
      await startAuthorization(page, baseURL!, 'One assistant too many', callback);
      await waitForHydration(page);
      await submitSignIn(page, locale, member, DEMO_PASSWORD);
      await page
        .getByRole('button', { name: locale === 'es' ? 'Permitir' : 'Allow', exact: true })
        .click({ timeout: 15_000 });
      await expect(page.getByRole('alert')).toHaveText(
        {
          en: 'Your account has no room for another assistant. Disconnect one you no longer use under Connected assistants, in your account menu, then start the connection again from your assistant.',
          es: 'Su cuenta no tiene espacio para otro asistente. Desconecte uno que ya no use en Asistentes conectados, en el menú de su cuenta, y vuelva a iniciar la conexión desde su asistente.',
        }[locale],
      );
      await expect(page).toHaveURL(
        new RegExp(`^${literal(baseURL!)}${locale === 'es' ? '/es' : ''}/connect\\?request=`),
      );
    });
  });
}

test.describe('admins and connected assistants', () => {
  test.use({ bypassCSP: true });
  test('an admin sees a member’s connected assistant on the admin page and disconnects it; its token is refused at once', async ({
    browser,
    baseURL,
  }) => {
    const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signInAt(memberPage, PAGES.en, member);
    const callback = 'http://127.0.0.1:45999/callback';
    const registered = await memberPage.request.post('/register', {
      data: { client_name: 'Admin page test assistant', redirect_uris: [callback], token_endpoint_auth_method: 'none' },
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const started = await memberPage.request.get(
      `/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: callback,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: `${baseURL}${MCP_PATH}`,
      })}`,
      { maxRedirects: 0 },
    );
    const request = new URL(started.headers().location!, baseURL).searchParams.get('request')!;
    const decided = await memberPage.request.post('/api/connect', {
      headers: { Origin: baseURL! },
      data: { request, decision: 'allow' },
    });
    const code = new URL(((await decided.json()) as { redirect: string }).redirect).searchParams.get('code')!;
    const tokens = await memberPage.request.post('/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: callback,
      },
    });
    const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
    const listTools = () =>
      memberPage.request.post(MCP_PATH, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json, text/event-stream' },
        data: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      });
    expect((await listTools()).status()).toBe(200);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAt(admin, '/admin', 'ana.torres@uai.cl');
    await admin.getByLabel('Find by address, note or admin').fill(member);
    await expect(admin.getByText(`AI assistants ${member} has connected`, { exact: true })).toBeVisible();
    const disconnect = admin.getByRole('button', {
      name: `Disconnect Admin page test assistant ${member}`,
      exact: true,
    });
    expect(await violationsInBothThemes(admin)).toEqual({ light: [], dark: [] });
    await disconnect.click();
    const dialog = admin.getByRole('dialog', { name: `Disconnect Admin page test assistant from ${member}?` });
    // The other instances re-read the account within minutes: the dialog says so, not "at once".
    await expect(dialog).toHaveAccessibleDescription(
      `Admin page test assistant loses access to the documentation for ${member} within a few minutes at most. Their other assistants and their own access stay as they are; they can connect it again.`,
    );
    await dialog.getByRole('button', { name: 'Disconnect the assistant', exact: true }).click();
    const done = admin.getByRole('row').getByRole('status');
    await expect(done).toHaveText(`Admin page test assistant is disconnected from ${member}.`);
    await expect(done).toBeFocused();
    expect((await listTools()).status()).toBe(401);
    await memberContext.close();
    await adminContext.close();
  });
});
