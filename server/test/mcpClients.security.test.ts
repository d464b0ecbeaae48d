import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClientStore, isAcceptableRedirect, resolvesPublicly } from '../src/mcp/clients.js';
import { createTokens } from '../src/mcp/tokens.js';

const tokens = createTokens('a-test-secret-of-at-least-thirty-two-characters', 'https://site.example');
const DOCUMENT = 'https://assistant.example/oauth/client.json';
const metadata = (overrides: object = {}) => ({
  client_id: DOCUMENT,
  client_name: 'Example assistant',
  redirect_uris: ['http://127.0.0.1:3334/callback'],
  token_endpoint_auth_method: 'none',
  ...overrides,
});

/** A store whose fetches are answered by `answer` and counted. */
function storeAnswering(answer: (url: string) => Response, allowLoopbackDocuments = false) {
  const fetched: string[] = [];
  const store = createClientStore({
    tokens,
    allowLoopbackDocuments,
    now: Date.now,
    fetchDocument: (async (url: string) => {
      fetched.push(url);
      return answer(url);
    }) as typeof fetch,
  });
  return { store, fetched };
}

describe('security: client ID metadata documents', () => {
  it('security: internal addresses are never fetched in production (the cloud metadata server, loopback, private networks)', async () => {
    for (const host of [
      '127.0.0.1',
      '10.0.0.7',
      '169.254.169.254',
      '192.168.1.1',
      '172.20.0.1',
      '[::1]',
      '[fe80::1]',
      '[fd00::1]',
      'localhost',
    ])
      assert.equal(await resolvesPublicly(host.replace(/^\[|\]$/g, '')), false, host);
    for (const host of ['8.8.8.8', '2001:4860:4860::8888']) assert.equal(await resolvesPublicly(host), true, host);
    const { store, fetched } = storeAnswering(() => Response.json(metadata()));
    assert.equal(await store.getClient('https://169.254.169.254/computeMetadata/v1/'), undefined);
    assert.equal(await store.getClient('https://10.0.0.7/client.json'), undefined);
    assert.deepEqual(fetched, []);
  });

  it('security: a document must name itself, be a public client, and send the client back only where it is allowed', async () => {
    const cases: [string, object][] = [
      ['another client id', metadata({ client_id: 'https://other.example/client.json' })],
      ['a confidential client', metadata({ token_endpoint_auth_method: 'private_key_jwt' })],
      ['plain http elsewhere', metadata({ redirect_uris: ['http://attacker.example/cb'] })],
      ['javascript:', metadata({ redirect_uris: ['javascript:alert(1)'] })],
    ];
    for (const [name, document] of cases) {
      const { store } = storeAnswering(() => Response.json(document), true);
      assert.equal(await store.getClient(DOCUMENT), undefined, name);
    }
    const big = storeAnswering(
      () => new Response(JSON.stringify(metadata({ client_uri: `https://x.example/${'a'.repeat(20_000)}` }))),
      true,
    );
    assert.equal(await big.store.getClient(DOCUMENT), undefined, 'larger than 16 KB');
    const good = storeAnswering(() => Response.json(metadata()), true);
    const client = await good.store.getClient(DOCUMENT);
    assert.equal(client?.client_id, DOCUMENT);
    assert.deepEqual(client?.redirect_uris, ['http://127.0.0.1:3334/callback']);
  });

  it('security: a registered client is what this server signed; an id changed by one character is no client', async () => {
    const { store } = storeAnswering(() => new Response('', { status: 404 }));
    const registered = await store.registerClient!({
      redirect_uris: ['http://127.0.0.1:3334/callback'],
      client_name: 'Registered assistant',
      token_endpoint_auth_method: 'client_secret_post',
      client_id: '',
    } as never);
    assert.equal(registered.token_endpoint_auth_method, 'none');
    assert.equal(registered.client_secret, undefined);
    assert.deepEqual((await store.getClient(registered.client_id))?.redirect_uris, ['http://127.0.0.1:3334/callback']);
    const [header, payload, signature] = registered.client_id.split('.');
    const changed = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      metadata: { redirect_uris: string[] };
    };
    changed.metadata.redirect_uris = ['https://attacker.example/cb'];
    const forged = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    assert.equal(await store.getClient(forged), undefined);
  });

  it('refuses a registration whose redirect URIs would not fit through the sign-in page', async () => {
    const { store } = storeAnswering(() => new Response('', { status: 404 }));
    const many = Array.from({ length: 9 }, (_, index) => `https://assistant.example/${'x'.repeat(110)}/${index}`);
    await assert.rejects(
      async () =>
        store.registerClient!({ redirect_uris: many, token_endpoint_auth_method: 'none', client_id: '' } as never),
      /^InvalidClientMetadataError: redirect_uris may hold 1024 characters in all$/,
    );
  });

  it('security: takes https, loopback http on any port and app schemes (Cursor’s among them) as redirect URIs, no scheme the browser acts on', () => {
    for (const uri of [
      'https://vscode.dev/redirect',
      'http://127.0.0.1:33418/',
      'http://localhost:8080/cb',
      'cursor.example://oauth/callback',
      'com.example.app:/callback',
    ])
      assert.equal(isAcceptableRedirect(uri), true, uri);
    for (const uri of [
      'http://attacker.example/cb',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://site.example/cb#fragment',
      'not a url',
    ])
      assert.equal(isAcceptableRedirect(uri), false, uri);
  });
});
