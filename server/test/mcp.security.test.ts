import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Writable } from 'node:stream';
import { createAccount, updateAccount } from '../../scripts/authEmulator.mjs';
import { unsignedJwt } from '../../testkit/jwt.mjs';
import { readServerConfig } from '../src/config.js';
import { createLogger } from '../src/logging.js';
import { createTokens } from '../src/mcp/tokens.js';
import { access, idTokenOf, sleep, unique, withEmulator } from './emulatorKit.js';
import { MEMBERS_SECRET, PUBLIC_ORIGIN, openSession, rawRequest, startTestSite, type TestSite } from './helpers.js';
import {
  REDIRECT_URI,
  authorize,
  codeFor,
  decide,
  mcp,
  pkce,
  register,
  resourceOf,
  token,
  tokensFor,
  type McpSite,
} from './mcpKit.js';

/**
 * The members' assistants behind the same lock: two instances of the server with the same public
 * origin (as behind Firebase Hosting), the second re-checking every second as another instance of
 * the service would at its own re-check.
 */
const logLines: string[] = [];
let first: TestSite;
let second: TestSite;
/** An instance that lets each member make two MCP requests a minute, and each address two sign-in requests. */
let limited: TestSite;
const one = (): McpSite => ({ origin: first.origin, publicOrigin: PUBLIC_ORIGIN });
const two = (): McpSite => ({ origin: second.origin, publicOrigin: PUBLIC_ORIGIN });
const secret = readServerConfig({}).mcp.tokenSecret;

withEmulator();
before(async () => {
  const logger = createLogger(
    { level: 'info', service: 'test', projectId: 'demo-trustworthy-systems', isHumanReadable: false },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    }),
  );
  first = await startTestSite(undefined, { logger }, { SITE_URL: PUBLIC_ORIGIN, RATE_LIMIT_OAUTH: '1000' });
  limited = await startTestSite(undefined, {}, { SITE_URL: PUBLIC_ORIGIN, RATE_LIMIT_MCP: '2', RATE_LIMIT_OAUTH: '2' });
  second = await startTestSite(
    undefined,
    {},
    { SITE_URL: PUBLIC_ORIGIN, SESSION_RECHECK_SECONDS: '1', RATE_LIMIT_OAUTH: '1000' },
  );
});
after(async () => {
  await first?.close();
  await second?.close();
  await limited?.close();
});

/** A new secured member with a session on the first instance. */
async function newMember(domain = 'uai.cl') {
  const email = unique('assistant.user', domain);
  await createAccount({ email, emailVerified: true });
  const cookie = await openSession(first.origin, await idTokenOf(email), { Origin: PUBLIC_ORIGIN });
  return { email, cookie };
}

/** What the first instance answers a refresh of the assistant's grant: its error, if any. */
const refreshError = async (assistant: { clientId: string; refresh: string }) =>
  (
    await token(one(), {
      grant_type: 'refresh_token',
      client_id: assistant.clientId,
      refresh_token: assistant.refresh,
      resource: resourceOf(one()),
    })
  ).body.error;

const search = (site: McpSite, accessToken: string, query: string) =>
  mcp(site, accessToken, 'tools/call', { name: 'search_documentation', arguments: { query } });

describe('discovery', () => {
  test('security: /mcp without a token is 401 with the protected resource metadata in WWW-Authenticate', async () => {
    const answer = await mcp(one(), null, 'tools/list');
    assert.equal(answer.status, 401);
    assert.match(
      answer.headers.get('www-authenticate') ?? '',
      /^Bearer resource_metadata="https:\/\/trustworthy-systems\.example\/\.well-known\/oauth-protected-resource\/mcp"$/,
    );
    assert.doesNotMatch(JSON.stringify(answer.body), new RegExp(MEMBERS_SECRET));
  });

  test('the metadata documents name this resource, its server, S256 only and both ways to register', async () => {
    const resource = (await (await fetch(`${first.origin}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<
      string,
      unknown
    >;
    assert.equal(resource.resource, `${PUBLIC_ORIGIN}/mcp`);
    assert.deepEqual(resource.authorization_servers, [`${PUBLIC_ORIGIN}/`]);
    const server = (await (await fetch(`${first.origin}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    assert.equal(server.authorization_endpoint, `${PUBLIC_ORIGIN}/authorize`);
    assert.equal(server.token_endpoint, `${PUBLIC_ORIGIN}/token`);
    assert.equal(server.registration_endpoint, `${PUBLIC_ORIGIN}/register`);
    assert.deepEqual(server.code_challenge_methods_supported, ['S256']);
    assert.equal(server.client_id_metadata_document_supported, true);
  });
});

describe('a member connects an assistant', () => {
  test('registration, consent, token and a search served on another instance, each written to the audit trail', async () => {
    const member = await newMember();
    const { access: accessToken } = await tokensFor(one(), member.cookie);
    const listed = await mcp(two(), accessToken, 'tools/list');
    assert.equal(listed.status, 200);
    // What a member's assistant reads is theirs: no shared cache may keep it.
    assert.equal(listed.headers.get('cache-control'), 'no-store');
    assert.equal(listed.headers.get('x-content-type-options'), 'nosniff');
    const names = (listed.body!.result!.tools as { name: string }[]).map((tool) => tool.name).sort();
    assert.deepEqual(names, ['read_page', 'search_documentation']);
    const found = await search(one(), accessToken, 'guide');
    const results = (found.body!.result!.structuredContent as { results: { url: string; title: string }[] }).results;
    assert.deepEqual(
      results.map((each) => each.url),
      [`${PUBLIC_ORIGIN}/docs/guide`],
    );
    const read = await mcp(one(), accessToken, 'tools/call', {
      name: 'read_page',
      arguments: { url: `${PUBLIC_ORIGIN}/docs/guide` },
    });
    assert.equal((read.body!.result!.content as { text: string }[])[0]!.text, `# ${MEMBERS_SECRET} guide\n`);
    const trail = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofMember = trail.filter((line) => line.email === member.email);
    assert.deepEqual(
      ofMember.map((line) => [line.event, line.outcome, line.tool ?? null]),
      [
        ['session-opened', 'opened', null],
        ['oauth-authorization', 'granted', null],
        ['mcp-tool-call', 'served', 'search_documentation'],
        ['mcp-tool-call', 'served', 'read_page'],
      ],
    );
    assert.doesNotMatch(logLines.join('\n'), new RegExp(accessToken.split('.')[2]!));
  });
});

describe('security: who gets a code', () => {
  test('security: an outsider and an unverified address get no session, so the consent answers 401 and no code', async () => {
    for (const email of ['visitor@example.org', 'unverified@uai.cl']) {
      const refused = await rawRequest(first.origin, '/api/session', {
        method: 'POST',
        headers: { Origin: PUBLIC_ORIGIN, Authorization: `Bearer ${await idTokenOf(email)}` },
      });
      assert.equal(refused.status, 403, email);
      const clientId = await register(one());
      const started = await authorize(one(), { clientId, challenge: pkce().challenge });
      const request = new URL(started.location, PUBLIC_ORIGIN).searchParams.get('request')!;
      const decided = await decide(one(), request, refused.headers['set-cookie']?.[0]?.split(';')[0]);
      assert.equal(decided.status, 401, email);
      assert.deepEqual(decided.body, { error: 'sign-in-required' });
    }
  });

  test('security: the member who refuses sends the client back with access_denied and no code', async () => {
    const member = await newMember();
    const clientId = await register(one());
    const started = await authorize(one(), { clientId, challenge: pkce().challenge, state: 'abc' });
    const request = new URL(started.location, PUBLIC_ORIGIN).searchParams.get('request')!;
    const decided = await decide(one(), request, member.cookie, 'deny');
    assert.equal(decided.status, 200);
    assert.equal(
      decided.body.redirect,
      `${REDIRECT_URI}?error=access_denied&state=abc&iss=${encodeURIComponent(`${PUBLIC_ORIGIN}/`)}`,
    );
  });

  test('security: the authorization response’s iss is exactly the issuer the metadata states (RFC 9207)', async () => {
    const { issuer } = (await (await fetch(`${first.origin}/.well-known/oauth-authorization-server`)).json()) as {
      issuer: string;
    };
    assert.equal(issuer, `${PUBLIC_ORIGIN}/`);
    const member = await newMember();
    const { redirect } = await codeFor(one(), member.cookie);
    assert.match(redirect, /^http:\/\/127\.0\.0\.1:43117\/callback\?code=[\w.-]+&state=state-1&iss=/);
    assert.equal(new URL(redirect).searchParams.get('iss'), issuer);
  });
});

describe('one account, several assistants at once', () => {
  test('two assistants allowed by one member at the same moment on one instance both keep their grant', async () => {
    const member = await newMember();
    const [a, b] = await Promise.all([tokensFor(one(), member.cookie), tokensFor(one(), member.cookie)]);
    assert.equal((await search(one(), a.access, 'guide')).status, 200);
    assert.equal((await search(one(), b.access, 'guide')).status, 200);
  });
});

describe('security: what an account can hold', () => {
  test('security: assistants named in control characters keep no such characters: five consents in a row all succeed', async () => {
    const member = await newMember();
    const decisions = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const clientId = await register(one(), [REDIRECT_URI], '\u0007'.repeat(40));
      const started = await authorize(one(), { clientId, challenge: pkce().challenge });
      const request = new URL(started.location, PUBLIC_ORIGIN).searchParams.get('request')!;
      decisions.push((await decide(one(), request, member.cookie)).status);
    }
    assert.deepEqual(decisions, [200, 200, 200, 200, 200]);
  });

  test('security: an account with no room for another assistant gets a clear 409, not a 500, and keeps what it had', async () => {
    const member = await newMember();
    const first = await tokensFor(one(), member.cookie);
    await updateAccount(member.email, {
      claims: { request: { note: 'n'.repeat(700), at: new Date().toISOString(), outcome: 'approved' } },
    });
    const clientId = await register(one(), [REDIRECT_URI], 'One more assistant');
    const started = await authorize(one(), { clientId, challenge: pkce().challenge });
    const request = new URL(started.location, PUBLIC_ORIGIN).searchParams.get('request')!;
    const refused = await decide(one(), request, member.cookie);
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body, { error: 'assistants-full' });
    assert.equal((await search(one(), first.access, 'guide')).status, 200, 'the assistant it had still reads');
  });
});

describe('security: the protocol refuses', () => {
  test('security: PKCE without S256 is refused before any consent', async () => {
    const clientId = await register(one());
    const plain = await authorize(one(), { clientId, challenge: 'x'.repeat(43), method: 'plain' });
    assert.equal(plain.status, 302);
    assert.match(plain.location, /^http:\/\/127\.0\.0\.1:43117\/callback\?error=invalid_request&/);
  });

  test('security: a redirect URI the client did not register is refused, with no redirect to it', async () => {
    const clientId = await register(one());
    const elsewhere = await authorize(one(), {
      clientId,
      challenge: pkce().challenge,
      redirectUri: 'https://attacker.example/callback',
    });
    assert.equal(elsewhere.status, 400);
    assert.equal(elsewhere.location, '');
    const otherPort = await authorize(one(), {
      clientId,
      challenge: pkce().challenge,
      redirectUri: 'http://127.0.0.1:50000/callback',
    });
    assert.equal(otherPort.status, 302, 'a loopback redirect may come back on any port (RFC 8252)');
    const otherPath = await authorize(one(), {
      clientId,
      challenge: pkce().challenge,
      redirectUri: 'http://127.0.0.1:43117/elsewhere',
    });
    assert.equal(otherPath.status, 400);
  });

  test('security: a refusal a person sees is the Connect page in their language, never the client, and programs still get JSON', async () => {
    const clientId = await register(one());
    const page = { Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' };
    const unknown = await authorize(one(), { clientId: 'no-such-client', challenge: pkce().challenge, headers: page });
    assert.equal(unknown.status, 303);
    assert.match(unknown.location, /^\/connect\?problem=request-invalid$/);
    const spanish = await authorize(one(), {
      clientId,
      challenge: pkce().challenge,
      redirectUri: 'https://attacker.example/callback',
      headers: { ...page, 'Accept-Language': 'es-CL,es;q=0.9,en;q=0.5' },
    });
    assert.equal(spanish.status, 303);
    assert.match(spanish.location, /^\/es\/connect\?problem=request-invalid$/);
    const program = await fetch(`${one().origin}/authorize?client_id=no-such-client&response_type=code`, {
      redirect: 'manual',
      headers: { Accept: 'application/json' },
    });
    assert.equal(program.status, 400);
    assert.deepEqual(await program.json(), { error: 'invalid_client', error_description: 'Invalid client_id' });
  });

  test('security: a state longer than fits through sign-in is refused at the client, with no consent asked', async () => {
    const clientId = await register(one());
    const long = await authorize(one(), { clientId, challenge: pkce().challenge, state: 's'.repeat(257) });
    assert.equal(long.status, 302);
    assert.match(
      long.location,
      /^http:\/\/127\.0\.0\.1:43117\/callback\?error=invalid_request&error_description=state/,
    );
  });

  test('security: a registration with a redirect URI over plain http elsewhere is refused', async () => {
    const response = await fetch(`${first.origin}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://attacker.example/cb'], token_endpoint_auth_method: 'none' }),
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: string }).error, 'invalid_client_metadata');
  });

  test('security: a code is redeemed once, with its verifier and its redirect URI only', async () => {
    const member = await newMember();
    const { clientId, verifier, code } = await codeFor(one(), member.cookie);
    const fields = {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      resource: resourceOf(one()),
    };
    assert.equal((await token(one(), { ...fields, code_verifier: pkce().verifier })).body.error, 'invalid_grant');
    assert.equal(
      (await token(one(), { ...fields, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:43117/other' })).body
        .error,
      'invalid_grant',
    );
    const redeemed = await token(two(), { ...fields, code_verifier: verifier });
    assert.equal(redeemed.status, 200);
    const replayed = await token(one(), { ...fields, code_verifier: verifier });
    assert.equal(replayed.status, 400);
    assert.equal(replayed.body.error, 'invalid_grant');
  });

  test('security: a token for another resource, expired, forged or alg:none is 401', async () => {
    const member = await newMember();
    const { access: genuine } = await tokensFor(one(), member.cookie);
    const claims = JSON.parse(Buffer.from(genuine.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    // The member's own claims, without those the signer sets anew.
    const rest = Object.fromEntries(
      Object.entries(claims).filter(([name]) => !['iss', 'iat', 'exp', 'jti'].includes(name)),
    );
    const tokens = createTokens(secret, PUBLIC_ORIGIN);
    const otherResource = await tokens.sign('access', { ...rest, aud: 'https://elsewhere.example/mcp' }, Date.now());
    const expired = await tokens.sign('access', rest, Date.now() - 11 * 60_000);
    const forged = await createTokens('another-secret-of-at-least-32-characters', PUBLIC_ORIGIN).sign(
      'access',
      rest,
      Date.now(),
    );
    const refreshAsAccess = (await tokensFor(one(), member.cookie)).refresh;
    const none = unsignedJwt({ ...claims });
    const noneTyped = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${genuine.split('.')[1]}.`;
    for (const [name, bad] of Object.entries({ otherResource, expired, forged, refreshAsAccess, none, noneTyped })) {
      const answer = await mcp(one(), bad, 'tools/list');
      assert.equal(answer.status, 401, name);
      assert.match(
        answer.headers.get('www-authenticate') ?? '',
        /^Bearer resource_metadata="[^"]+", error="invalid_token"/,
      );
    }
    assert.equal((await mcp(one(), genuine, 'tools/list')).status, 200);
  });

  test('security: bad JSON-RPC gets the protocol error, never a 500', async () => {
    const member = await newMember();
    const { access: accessToken } = await tokensFor(one(), member.cookie);
    const post = (body: string) =>
      fetch(`${first.origin}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${accessToken}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });
    const broken = await post('{"jsonrpc":');
    assert.equal(broken.status, 400);
    assert.equal(((await broken.json()) as { error: { code: number } }).error.code, -32700);
    const huge = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { x: 'y'.repeat(70_000) } }),
    );
    assert.equal(huge.status, 413);
    for (const method of ['GET', 'DELETE']) {
      const other = await fetch(`${first.origin}/mcp`, {
        method,
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'text/event-stream' },
      });
      assert.equal(other.status, 405, method);
      assert.equal(other.headers.get('allow'), 'POST');
    }
    const unknownMethod = await mcp(one(), accessToken, 'no/such/method');
    assert.equal(unknownMethod.body!.error!.code, -32601);
    const badArguments = await mcp(one(), accessToken, 'tools/call', {
      name: 'search_documentation',
      arguments: { query: 7 },
    });
    assert.equal(badArguments.status, 200);
    assert.equal((badArguments.body!.result as { isError?: boolean }).isError, true);
  });
});

describe('security: one message a request', () => {
  test('security: a JSON-RPC batch is refused whole, and none of its calls runs', async () => {
    const member = await newMember();
    const { access: accessToken } = await tokensFor(one(), member.cookie);
    const calls = Array.from({ length: 100 }, (_, index) => ({
      jsonrpc: '2.0',
      id: index + 1,
      method: 'tools/call',
      params: { name: 'search_documentation', arguments: { query: `guide ${index}` } },
    }));
    const answer = await fetch(`${first.origin}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(calls),
    });
    assert.equal(answer.status, 400);
    assert.deepEqual(await answer.json(), {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Invalid request: batches are not supported; send one JSON-RPC message per request.',
      },
    });
    const served = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.email === member.email && line.event === 'mcp-tool-call');
    assert.deepEqual(served, []);
  });
});

describe('security: limits', () => {
  test('security: sign-in requests past the per-address limit get 429; the metadata documents are never counted', async () => {
    for (let read = 0; read < 5; read += 1) {
      assert.equal((await fetch(`${limited.origin}/.well-known/oauth-protected-resource/mcp`)).status, 200);
      assert.equal((await fetch(`${limited.origin}/.well-known/oauth-authorization-server`)).status, 200);
    }
    const registrations = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      registrations.push(
        (
          await fetch(`${limited.origin}/register`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' }),
          })
        ).status,
      );
    assert.deepEqual(registrations, [201, 201, 429]);
    // The connect page's API answers in the site's own terms, which the page explains.
    const connect = await fetch(`${limited.origin}/api/connect`, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    assert.equal(connect.status, 429);
    assert.deepEqual(await connect.json(), { error: 'rate-limited' });
  });

  test('security: a member past the MCP rate limit is answered 429 with Retry-After, as a JSON-RPC error', async () => {
    const member = await newMember();
    const { access: accessToken } = await tokensFor(one(), member.cookie);
    const at = { origin: limited.origin, publicOrigin: PUBLIC_ORIGIN };
    assert.equal((await mcp(at, accessToken, 'tools/list')).status, 200);
    assert.equal((await mcp(at, accessToken, 'tools/list')).status, 200);
    const third = await mcp(at, accessToken, 'tools/list');
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '60');
    assert.equal(third.body!.error!.code, -32000);
    const other = await newMember();
    const { access: othersToken } = await tokensFor(one(), other.cookie);
    assert.equal((await mcp(at, othersToken, 'tools/list')).status, 200, 'another member has a limit of their own');
  });

  test('security: each member’s assistant has its own allowance: members sharing an assistant cannot spend it for the others', async () => {
    const clientId = await register(one(), [REDIRECT_URI], 'Shared assistant');
    const at = { origin: limited.origin, publicOrigin: PUBLIC_ORIGIN };
    const members = await Promise.all(Array.from({ length: 5 }, () => newMember()));
    const tokens = [];
    for (const member of members) tokens.push((await tokensFor(one(), member.cookie, clientId)).access);
    for (const accessToken of tokens) {
      assert.equal((await mcp(at, accessToken, 'tools/list')).status, 200);
      assert.equal((await mcp(at, accessToken, 'tools/list')).status, 200);
      assert.equal((await mcp(at, accessToken, 'tools/list')).status, 429);
    }
    const sixth = await newMember();
    const { access: sixthToken } = await tokensFor(one(), sixth.cookie, clientId);
    assert.equal((await mcp(at, sixthToken, 'tools/list')).status, 200, 'the same assistant, another member');
    const { access: otherAssistant } = await tokensFor(one(), members[0]!.cookie);
    assert.equal((await mcp(at, otherAssistant, 'tools/list')).status, 200, 'the same member, another assistant');
  });
});

describe('security: one exchange wins across instances', () => {
  test('security: one refresh token sent to two instances at once is honoured by one at most, 24 races', async () => {
    const member = await newMember();
    let bothHonoured = 0;
    let honoured = 0;
    for (let race = 0; race < 24; race += 1) {
      const { clientId, refresh } = await tokensFor(one(), member.cookie);
      const fields = {
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: refresh,
        resource: resourceOf(one()),
      };
      const answers = await Promise.all([token(one(), fields), token(two(), fields)]);
      const ok = answers.filter((answer) => answer.status === 200).length;
      honoured += ok;
      if (ok === 2) bothHonoured += 1;
    }
    assert.equal(bothHonoured, 0, `${honoured} exchanges honoured`);
  });

  test('security: one authorization code sent to two instances at once is redeemed by one at most, 20 races', async () => {
    const member = await newMember();
    let bothRedeemed = 0;
    for (let race = 0; race < 20; race += 1) {
      const { clientId, verifier, code } = await codeFor(one(), member.cookie);
      const fields = {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        resource: resourceOf(one()),
      };
      const answers = await Promise.all([token(one(), fields), token(two(), fields)]);
      if (answers.every((answer) => answer.status === 200)) bothRedeemed += 1;
    }
    assert.equal(bothRedeemed, 0);
  });
});

describe('security: the same control as a session', () => {
  test('security: a refresh token is rotated; the old one is refused and ends the grant', async () => {
    const member = await newMember();
    const { clientId, refresh } = await tokensFor(one(), member.cookie);
    const fields = { grant_type: 'refresh_token', client_id: clientId, resource: resourceOf(one()) };
    const rotated = await token(one(), { ...fields, refresh_token: refresh });
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.refresh_token, refresh);
    assert.equal((await token(one(), { ...fields, refresh_token: refresh })).body.error, 'invalid_grant');
    assert.equal(
      (await token(one(), { ...fields, refresh_token: rotated.body.refresh_token! })).body.error,
      'invalid_grant',
    );
  });

  test('security: suspension refuses the refresh token and ends tool calls on another instance within its re-check', async () => {
    const member = await newMember('alumnos.uai.cl');
    const { clientId, access: accessToken, refresh } = await tokensFor(one(), member.cookie);
    assert.equal((await search(two(), accessToken, 'guide')).status, 200);
    assert.equal(access('suspend', member.email, '--reason', 'Lost laptop').status, 0);
    await sleep(1100);
    assert.equal((await search(two(), accessToken, 'guide')).status, 401);
    const refreshed = await token(one(), {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refresh,
      resource: resourceOf(one()),
    });
    assert.equal(refreshed.status, 400);
    assert.equal(refreshed.body.error, 'invalid_grant');
    const refusals = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.email === member.email && line.event === 'oauth-token-refused');
    assert.deepEqual(
      refusals.map((line) => line.reason),
      ['suspended'],
    );
  });

  test('security: signing out (everywhere, as Firebase revokes) refuses the refresh token and the access token', async () => {
    const member = await newMember();
    const { clientId, access: accessToken, refresh } = await tokensFor(one(), member.cookie);
    assert.equal((await search(one(), accessToken, 'guide')).status, 200);
    // Firebase compares revocation times in whole seconds.
    await sleep(1100);
    const signedOut = await rawRequest(first.origin, '/api/session', {
      method: 'DELETE',
      headers: { Origin: PUBLIC_ORIGIN, Cookie: member.cookie },
    });
    assert.equal(signedOut.status, 204);
    // The instance that signed the member out refuses the assistant's next call at once.
    assert.equal((await search(one(), accessToken, 'guide')).status, 401);
    const refreshed = await token(one(), {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refresh,
      resource: resourceOf(one()),
    });
    assert.equal(refreshed.body.error, 'invalid_grant');
    await sleep(1100);
    assert.equal((await search(two(), accessToken, 'guide')).status, 401);
  });
});

describe('security: admins disconnect an assistant', () => {
  test('security: `npm run access disconnect` ends that assistant only: its refresh token and, within the re-check, its tool calls', async () => {
    const member = await newMember();
    const kept = await tokensFor(one(), member.cookie, await register(one(), [REDIRECT_URI], 'Kept assistant'));
    const ended = await tokensFor(one(), member.cookie, await register(one(), [REDIRECT_URI], 'Ended assistant'));
    const listed = access('assistants', member.email);
    assert.equal(listed.status, 0, listed.stderr);
    const rows = listed.stdout.trim().split('\n').slice(1);
    assert.deepEqual(
      rows.map((row) => row.split(/\s{2,}/)[1]),
      ['Kept assistant', 'Ended assistant'],
    );
    const key = rows[1]!.split(/\s+/)[0]!;
    assert.equal(access('disconnect', member.email, '--client', key).status, 0);
    await sleep(1100);
    assert.equal((await search(two(), ended.access, 'guide')).status, 401);
    assert.equal((await search(two(), kept.access, 'guide')).status, 200);
    assert.equal(await refreshError(ended), 'invalid_grant');
    const unknown = access('disconnect', member.email, '--client', 'no-such-key');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /has no connected assistant with the key no-such-key/);
  });
});

describe('security: the admin page disconnects an assistant', () => {
  test('security: the admins’ API lists a member’s assistants and a disconnect ends tool calls on its instance at once', async () => {
    const member = await newMember();
    const connected = await tokensFor(
      one(),
      member.cookie,
      await register(one(), [REDIRECT_URI], 'Admin-ended assistant'),
    );
    assert.equal((await search(one(), connected.access, 'guide')).status, 200);
    const admin = await openSession(first.origin, await idTokenOf('ana.torres@uai.cl'), { Origin: PUBLIC_ORIGIN });
    const listed = await rawRequest(first.origin, `/api/admin/access?q=${encodeURIComponent(member.email)}`, {
      headers: { Cookie: admin, 'Sec-Fetch-Site': 'same-origin' },
    });
    assert.equal(listed.status, 200);
    const entries = (
      JSON.parse(listed.body.toString()) as { entries: { assistants: { key: string; name: string }[] }[] }
    ).entries;
    assert.deepEqual(
      entries[0]!.assistants.map((each) => each.name),
      ['Admin-ended assistant'],
    );
    const disconnected = await rawRequest(first.origin, '/api/admin/disconnect', {
      method: 'POST',
      headers: { Cookie: admin, Origin: PUBLIC_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: member.email, client: entries[0]!.assistants[0]!.key }),
    });
    assert.equal(disconnected.status, 200, disconnected.body.toString());
    assert.equal((await search(one(), connected.access, 'guide')).status, 401);
    const line = logLines
      .map((each) => JSON.parse(each) as Record<string, unknown>)
      .find((each) => each.event === 'access-changed' && each.target === member.email);
    assert.equal(line?.action, 'assistant-disconnected');
  });
});

describe('a member disconnects their own assistant', () => {
  const assistantsOf = (cookie: string | undefined, headers: Record<string, string> = {}) =>
    rawRequest(first.origin, '/api/assistants', {
      headers: { 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}), ...headers },
    });
  const disconnect = (cookie: string | undefined, client: string, origin = PUBLIC_ORIGIN) =>
    rawRequest(first.origin, '/api/assistants', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ client }),
    });
  type Listed = {
    email: string;
    assistants: { key: string; name: string; allowedAt: string; lastUsedAt: string | null }[];
  };

  test('security: the member lists their own assistants, with when each was allowed and last used, and a disconnect ends its tool calls at once', async () => {
    const member = await newMember();
    const kept = await tokensFor(one(), member.cookie, await register(one(), [REDIRECT_URI], 'Kept by member'));
    const ended = await tokensFor(one(), member.cookie, await register(one(), [REDIRECT_URI], 'Ended by member'));
    const listed = await assistantsOf(member.cookie);
    assert.equal(listed.status, 200, listed.body.toString());
    assert.equal(listed.headers['cache-control'], 'private, no-store');
    const page = JSON.parse(listed.body.toString()) as Listed;
    assert.equal(page.email, member.email);
    assert.deepEqual(
      page.assistants.map((each) => each.name),
      ['Kept by member', 'Ended by member'],
    );
    for (const each of page.assistants) {
      assert.match(each.allowedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      // Exchanging the code right after consent is not a use: nothing has been searched or read.
      assert.equal(each.lastUsedAt, null, JSON.stringify(each));
    }
    assert.equal((await search(one(), ended.access, 'guide')).status, 200);
    const used = JSON.parse((await assistantsOf(member.cookie)).body.toString()) as Listed;
    const [keptNow, endedNow] = used.assistants;
    assert.equal(keptNow!.lastUsedAt, null);
    assert.match(endedNow!.lastUsedAt ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    assert.ok(Date.parse(endedNow!.lastUsedAt!) >= Date.parse(endedNow!.allowedAt), JSON.stringify(endedNow));
    const done = await disconnect(member.cookie, page.assistants[1]!.key);
    assert.equal(done.status, 200, done.body.toString());
    assert.deepEqual(
      (JSON.parse(done.body.toString()) as Listed).assistants.map((each) => each.name),
      ['Kept by member'],
    );
    assert.equal((await search(one(), ended.access, 'guide')).status, 401);
    assert.equal((await search(one(), kept.access, 'guide')).status, 200);
    assert.equal(await refreshError(ended), 'invalid_grant');
    const line = logLines
      .map((each) => JSON.parse(each) as Record<string, unknown>)
      .find((each) => each.event === 'access-changed' && each.target === member.email);
    assert.equal(line?.action, 'assistant-disconnected');
    assert.equal(line?.email, member.email);
    assert.equal(line?.client, `Ended by member (${page.assistants[1]!.key})`);
  });

  test('security: a member can neither list nor disconnect another member’s assistant', async () => {
    const owner = await newMember();
    const other = await newMember();
    const owned = await tokensFor(one(), owner.cookie, await register(one(), [REDIRECT_URI], 'Owner’s assistant'));
    const key = (JSON.parse((await assistantsOf(owner.cookie)).body.toString()) as Listed).assistants[0]!.key;
    const theirs = await assistantsOf(other.cookie);
    assert.equal(theirs.status, 200);
    assert.deepEqual(JSON.parse(theirs.body.toString()), { email: other.email, assistants: [] });
    // The member is the session's: an address or a key in the request names no one else.
    const refused = await rawRequest(first.origin, '/api/assistants', {
      method: 'POST',
      headers: { Origin: PUBLIC_ORIGIN, 'Content-Type': 'application/json', Cookie: other.cookie },
      body: JSON.stringify({ client: key, email: owner.email }),
    });
    assert.equal(refused.status, 404);
    assert.deepEqual(JSON.parse(refused.body.toString()), { error: 'no-assistant' });
    assert.equal((await search(one(), owned.access, 'guide')).status, 200);
    assert.deepEqual(
      (JSON.parse((await assistantsOf(owner.cookie)).body.toString()) as Listed).assistants.map((each) => each.key),
      [key],
    );
  });

  test('security: no session, a reader the rule refuses, or another origin: 401 or 403 and nothing changes', async () => {
    const owner = await newMember();
    await tokensFor(one(), owner.cookie, await register(one(), [REDIRECT_URI], 'Guarded assistant'));
    const key = (JSON.parse((await assistantsOf(owner.cookie)).body.toString()) as Listed).assistants[0]!.key;
    const outsider = await rawRequest(first.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: PUBLIC_ORIGIN, Authorization: `Bearer ${await idTokenOf('visitor@example.org')}` },
    });
    assert.equal(outsider.status, 403);
    const outsiderCookie = outsider.headers['set-cookie']?.[0]?.split(';')[0];
    for (const cookie of [undefined, outsiderCookie, '__session=forged']) {
      const read = await assistantsOf(cookie);
      assert.equal(read.status, 401, `${cookie}`);
      assert.deepEqual(JSON.parse(read.body.toString()), { error: 'sign-in-required' });
      assert.equal((await disconnect(cookie, key)).status, 401, `${cookie}`);
    }
    const crossSite = await assistantsOf(owner.cookie, { 'Sec-Fetch-Site': 'cross-site' });
    assert.equal(crossSite.status, 403);
    assert.deepEqual(JSON.parse(crossSite.body.toString()), { error: 'cross-origin' });
    const elsewhere = await disconnect(owner.cookie, key, 'https://attacker.example');
    assert.equal(elsewhere.status, 403);
    assert.equal((await rawRequest(first.origin, '/api/assistants', { method: 'DELETE' })).status, 405);
    assert.deepEqual(
      (JSON.parse((await assistantsOf(owner.cookie)).body.toString()) as Listed).assistants.map((each) => each.key),
      [key],
    );
  });
});
