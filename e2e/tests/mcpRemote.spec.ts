import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MCP_PATH } from '@trust/access-policy';
import { BRIDGE_CALLBACK_PORTS } from '../ports';
import { createAccountLike, submitSignIn, DEMO_PASSWORD } from './auth';
import { PAGES, markdownOf, openingSentence } from './mcpPages';
import { expect, test, waitForHydration } from './fixtures';

/**
 * `mcp-remote`, the stdio bridge that Claude Desktop and other local-only assistants use to reach a
 * remote MCP server, connected end to end as a member would: it discovers the server, registers,
 * prints the authorization address (its browser is a no-op here), the member signs in and allows
 * it in Chromium, the bridge takes the answer on its loopback port (checking the response's `iss`
 * against the metadata's issuer, RFC 9207) and its token, and then the assistant's JSON-RPC goes
 * through its standard input and output.
 */
const bridgeScript = createRequire(import.meta.url).resolve('mcp-remote/dist/proxy.js');

/** The bridge's standard streams as an assistant drives them: JSON-RPC lines out, answers by id back. */
class Bridge {
  readonly #answers = new Map<number, (message: Record<string, unknown>) => void>();
  #stderr = '';
  #nextId = 1;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop()!;
      for (const line of lines.filter(Boolean)) {
        const message = JSON.parse(line) as Record<string, unknown>;
        if (typeof message.id === 'number') this.#answers.get(message.id)?.(message);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.#stderr += chunk.toString('utf8');
    });
  }

  /** What the bridge printed for its user, waited for until `pattern` matches. */
  async printed(pattern: RegExp): Promise<RegExpExecArray> {
    await expect.poll(() => pattern.exec(this.#stderr) !== null, { timeout: 30_000 }).toBe(true);
    return pattern.exec(this.#stderr)!;
  }

  request(method: string, params: object = {}): Promise<Record<string, unknown>> {
    const id = this.#nextId++;
    const answered = new Promise<Record<string, unknown>>((resolve) => this.#answers.set(id, resolve));
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return answered;
  }

  notify(method: string): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
  }
}

for (const locale of ['en', 'es'] as const) {
  test.describe(`mcp-remote (${locale})`, () => {
    test.use({ locale: locale === 'es' ? 'es-CL' : 'en-US' });
    test(`the bridge local assistants use connects, is allowed, and searches and reads through its stdio (${locale})`, async ({
      page,
      baseURL,
      consoleErrors,
    }) => {
      // The bridge's own page, where the browser lands with the code, has no icon.
      consoleErrors.allow(
        /^Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/favicon\.ico\)$/,
      );
      const configDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-remote-'));
      const child = spawn(
        process.execPath,
        [bridgeScript, `${baseURL}${MCP_PATH}`, String(BRIDGE_CALLBACK_PORTS[locale]), '--host', '127.0.0.1'],
        // `BROWSER=true`: the bridge's attempt to open a browser succeeds and does nothing; the
        // test's Chromium opens the address it prints instead.
        { env: { ...process.env, MCP_REMOTE_CONFIG_DIR: configDir, BROWSER: 'true' }, stdio: 'pipe' },
      );
      const bridge = new Bridge(child);
      try {
        const [, authorizationUrl] = await bridge.printed(/Please authorize this client by visiting:\n(\S+)\n/);
        expect(new URL(authorizationUrl!).searchParams.get('resource')).toBe(`${baseURL}${MCP_PATH}`);
        await page.goto(authorizationUrl!);
        await expect(page).toHaveURL(
          new RegExp(`/${locale === 'es' ? 'es/' : ''}signin\\?next=%2F${locale === 'es' ? 'es%2F' : ''}connect`),
        );
        await waitForHydration(page);
        const member = await createAccountLike('diego.rojas@alumnos.uai.cl');
        await submitSignIn(page, locale, member, DEMO_PASSWORD);
        await page.getByRole('button', { name: locale === 'es' ? 'Permitir' : 'Allow', exact: true }).click();
        await expect(page).toHaveURL(
          new RegExp(`^http://127\\.0\\.0\\.1:${BRIDGE_CALLBACK_PORTS[locale]}/oauth/callback\\?code=`),
          { timeout: 15_000 },
        );
        await bridge.printed(/Proxy established successfully/);

        const initialized = await bridge.request('initialize', {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'bridge-test', version: '1.0.0' },
        });
        expect((initialized.result as { serverInfo: { name: string } }).serverInfo.name).toBe(
          'uai-trustworthy-systems-docs',
        );
        bridge.notify('notifications/initialized');
        const pagePath = PAGES[locale];
        const found = await bridge.request('tools/call', {
          name: 'search_documentation',
          arguments: { query: openingSentence(pagePath), language: locale },
        });
        const results = (found.result as { structuredContent: { results: { url: string }[] } }).structuredContent
          .results;
        expect(results[0]?.url).toBe(`${baseURL}${pagePath}`);
        const read = await bridge.request('tools/call', { name: 'read_page', arguments: { url: results[0]!.url } });
        expect((read.result as { content: { text: string }[] }).content[0]!.text).toBe(markdownOf(pagePath));
      } finally {
        child.kill();
        rmSync(configDir, { recursive: true, force: true });
      }
    });
  });
}
