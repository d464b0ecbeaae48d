import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { FakeProvider } from './fakeProvider.js';
import {
  FIXTURE,
  PUBLIC_ORIGIN,
  SERVICE_HOST,
  postSession,
  rawRequest,
  startTestSite,
  type TestSite,
} from './helpers.js';

let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const signIn = (origin: string, token: string, headers: Record<string, string> = {}) =>
  postSession(origin, token, { Host: SERVICE_HOST, Origin: PUBLIC_ORIGIN, ...headers });

/** The server as Cloud Run runs it behind Hosting, trusting that many proxies' X-Forwarded-For entries. */
const behindHosting = (hops: string) =>
  startTestSite(FIXTURE, { verifier: new FakeProvider() }, { SITE_URL: PUBLIC_ORIGIN, TRUST_PROXY_HOPS: hops });

const sessionOf = (email: string) => FakeProvider.sessionCookie(email);

describe('behind Firebase Hosting (security)', () => {
  it('accepts a sign-in whose Origin is the public origin although Host names the service', async () => {
    site = await behindHosting('0');
    assert.equal((await signIn(site.origin, FakeProvider.idToken('ana@uai.cl'))).status, 204);
    const hostOrigin = await signIn(site.origin, FakeProvider.idToken('ana@uai.cl'), {
      Origin: `https://${SERVICE_HOST}`,
    });
    assert.equal(hostOrigin.status, 403);
    assert.equal(hostOrigin.headers['set-cookie'], undefined);
  });

  it('issues __session, the one cookie Hosting forwards, and no other cookie', async () => {
    site = await behindHosting('0');
    const cookies = (await signIn(site.origin, FakeProvider.idToken('ana@uai.cl'))).headers['set-cookie'] as string[];
    assert.equal(cookies.length, 1);
    assert.match(
      cookies[0]!,
      /^__session=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=432000; Secure$/,
    );
  });

  it('reads the session from __session only: a valid session under another cookie name opens nothing', async () => {
    site = await startTestSite();
    const otherName = await rawRequest(site.origin, '/docs/guide/', {
      headers: { Cookie: `__Host-session=${sessionOf('ana@uai.cl')}` },
    });
    assert.equal(otherName.status, 302);
  });

  it('keys the rate limit on the client Hosting saw: 40 bad sign-ins lock out that client only', async () => {
    site = await behindHosting('1');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      // The attacker varies the part of X-Forwarded-For it writes itself; the proxy's entry stays.
      const forwarded = `10.9.${attempt}.1, 203.0.113.7`;
      statuses.push((await signIn(site.origin, 'forged', { 'X-Forwarded-For': forwarded })).status);
    }
    assert.deepEqual(statuses, [...Array<number>(10).fill(401), ...Array<number>(30).fill(429)]);
    const other = await signIn(site.origin, FakeProvider.idToken('ana@uai.cl'), { 'X-Forwarded-For': '198.51.100.4' });
    assert.equal(other.status, 204);
  });

  it('lets a valid token through from a client whose address is locked out (one student behind the NAT cannot block the rest)', async () => {
    site = await behindHosting('1');
    const nat = { 'X-Forwarded-For': '203.0.113.50' };
    for (let attempt = 0; attempt < 10; attempt += 1) await signIn(site.origin, 'forged', nat);
    assert.equal((await signIn(site.origin, 'forged', nat)).status, 429);
    assert.equal((await signIn(site.origin, FakeProvider.idToken('diego@alumnos.uai.cl'), nat)).status, 204);
    assert.equal((await signIn(site.origin, 'forged', nat)).status, 429);
  });

  it('keys on the socket address when X-Forwarded-For has fewer entries than the trusted hops', async () => {
    site = await behindHosting('2');
    // A client calling the service directly writes a one-entry header, a new address each time.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      statuses.push((await signIn(site.origin, 'forged', { 'X-Forwarded-For': `192.0.2.${attempt}` })).status);
    assert.deepEqual(statuses, [...Array<number>(10).fill(401), 429, 429]);
  });

  it('keys IPv6 clients by their /64, so one host cannot rotate through its own addresses', async () => {
    site = await behindHosting('1');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const address = `2001:db8:0:7:${attempt.toString(16)}::${attempt + 1}`;
      statuses.push((await signIn(site.origin, 'forged', { 'X-Forwarded-For': address })).status);
    }
    assert.deepEqual(statuses, [...Array<number>(10).fill(401), 429, 429]);
    const neighbour = await signIn(site.origin, 'forged', { 'X-Forwarded-For': '2001:db8:0:8::1' });
    assert.equal(neighbour.status, 401);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    site = await behindHosting('0');
    for (let attempt = 0; attempt < 10; attempt += 1)
      await signIn(site.origin, 'forged', { 'X-Forwarded-For': `10.0.0.${attempt}` });
    const next = await signIn(site.origin, 'forged', { 'X-Forwarded-For': '10.0.0.99' });
    assert.equal(next.status, 429);
  });

  it('does not count a verified reader who is not allowed as abuse', async () => {
    site = await behindHosting('0');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt += 1)
      statuses.push((await signIn(site.origin, FakeProvider.idToken('visitor@example.org'))).status);
    assert.deepEqual(statuses, Array<number>(15).fill(403));
    assert.equal((await signIn(site.origin, FakeProvider.idToken('ana@uai.cl'))).status, 204);
  });
});

describe('shared caches (security)', () => {
  const isPrivate = (value: unknown) => /(^|,\s*)(private|no-store)(\s*,|$)/.test(String(value));

  it('marks every answer about members, and every answer that sets a cookie, private or no-store', async () => {
    const verifier = new FakeProvider();
    site = await startTestSite(FIXTURE, { verifier }, { SITE_URL: PUBLIC_ORIGIN });
    const member = { Cookie: `__session=${sessionOf('ana@uai.cl')}` };
    const answers = {
      page: await rawRequest(site.origin, '/docs/guide/', { headers: member }),
      chunk: await rawRequest(site.origin, '/docs/assets/js/content.89abcdef.js', { headers: member }),
      missingDoc: await rawRequest(site.origin, '/docs/nothing-here', { headers: member }),
      missingSpanishDoc: await rawRequest(site.origin, '/es/docs/nada', { headers: member }),
      redirect: await rawRequest(site.origin, '/docs/guide/', { headers: { Accept: 'text/html' } }),
      unauthorized: await rawRequest(site.origin, '/docs/assets/js/content.89abcdef.js'),
      sessionRead: await rawRequest(site.origin, '/api/session', { headers: member }),
      signIn: await signIn(site.origin, FakeProvider.idToken('ana@uai.cl')),
      signOut: await rawRequest(site.origin, '/api/session', {
        method: 'DELETE',
        headers: { ...member, Origin: PUBLIC_ORIGIN },
      }),
    };
    verifier.mode = { kind: 'refuse' };
    const unavailable = await rawRequest(site.origin, '/docs/guide/', {
      headers: { Cookie: `__session=${sessionOf('diego@alumnos.uai.cl')}` },
    });
    const statuses = Object.fromEntries(Object.entries(answers).map(([name, r]) => [name, r.status]));
    assert.deepEqual(statuses, {
      page: 200,
      chunk: 200,
      missingDoc: 404,
      missingSpanishDoc: 404,
      redirect: 302,
      unauthorized: 401,
      sessionRead: 200,
      signIn: 204,
      signOut: 204,
    });
    assert.equal(unavailable.status, 503);
    for (const [name, response] of [...Object.entries(answers), ['unavailable', unavailable] as const])
      assert.ok(isPrivate(response.headers['cache-control']), `${name}: ${response.headers['cache-control']}`);
    assert.equal((await rawRequest(site.origin, '/labs/')).headers['cache-control'], 'no-cache');
  });
});
