import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { FakeProvider } from './fakeProvider.js';
import { FIXTURE, postSession, rawRequest, startTestSite, type TestSite } from './helpers.js';

let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const post = postSession;

describe('/api/session (security)', () => {
  it('sets an HttpOnly, SameSite=Lax, Secure __session cookie for an allowed reader', async () => {
    site = await startTestSite();
    const response = await post(site.origin, FakeProvider.idToken('ana.torres@uai.cl'));
    assert.equal(response.status, 204);
    const cookie = String(response.headers['set-cookie']);
    assert.match(cookie, /^__session=[\w-]+\.[\w-]+\.[\w-]+; /);
    for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/', `Max-Age=${5 * 24 * 3600}`])
      assert.ok(cookie.includes(attribute), attribute);
    assert.doesNotMatch(cookie, /Domain=/i);
  });

  it('answers 403 and sets no cookie for an outsider, an unverified address or a look-alike domain', async () => {
    site = await startTestSite();
    for (const [email, verified] of [
      ['visitor@example.org', true],
      ['unverified@uai.cl', false],
      ['someone@uai.cl.attacker.example', true],
      ['x@notuai.cl', true],
    ] as const) {
      const response = await post(site.origin, FakeProvider.idToken(email, { verified }));
      assert.equal(response.status, 403, email);
      assert.equal(response.headers['set-cookie'], undefined, email);
      assert.deepEqual(JSON.parse(response.body.toString()), {
        error: 'not-allowed',
        email,
        reason: verified ? 'not-admitted' : 'unverified',
      });
    }
  });

  it('requires a recent sign-in', async () => {
    site = await startTestSite();
    const response = await post(
      site.origin,
      FakeProvider.idToken('ana@uai.cl', { authTime: Math.floor(Date.now() / 1000) - 600 }),
    );
    assert.equal(response.status, 401);
    assert.equal(response.headers['set-cookie'], undefined);
  });

  it('refuses cross-origin and origin-less requests', async () => {
    site = await startTestSite();
    const token = FakeProvider.idToken('ana@uai.cl');
    assert.equal((await post(site.origin, token, { Origin: 'https://evil.example' })).status, 403);
    assert.equal((await post(site.origin, token, { 'Sec-Fetch-Site': 'cross-site' })).status, 403);
    // Without SITE_URL the server compares with its own plain-http origin: the scheme counts too.
    const otherScheme = site.origin.replace(/^http:/, 'https:');
    assert.equal((await post(site.origin, token, { Origin: otherScheme })).status, 403);
    const noOrigin = await rawRequest(site.origin, '/api/session', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(noOrigin.status, 403);
  });

  it('treats forged, malformed and missing tokens as 401 without detail', async () => {
    site = await startTestSite();
    for (const token of [null, 'forged', 'eyJhbGciOiJub25lIn0.e30.', 'a'.repeat(9000)]) {
      const response = await post(site.origin, token);
      assert.equal(response.status, 401, String(token).slice(0, 20));
      assert.ok(response.body.length < 40);
    }
  });

  it('rate-limits repeated failures from one client, but never a valid token', async () => {
    site = await startTestSite();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await post(site.origin, 'forged')).status);
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
    assert.equal(statuses[11], 429);
    const blocked = await post(site.origin, 'forged');
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    assert.equal((await post(site.origin, FakeProvider.idToken('ana@uai.cl'))).status, 204);
  });

  it('refuses large bodies with 413', async () => {
    site = await startTestSite();
    const response = await post(site.origin, FakeProvider.idToken('ana@uai.cl'), { 'Content-Length': '5000' });
    assert.equal(response.status, 413);
  });

  it('DELETE clears the cookie, and the cookie no longer opens the docs', async () => {
    site = await startTestSite();
    const cookie = String((await post(site.origin, FakeProvider.idToken('ana@uai.cl'))).headers['set-cookie']).split(
      ';',
    )[0]!;
    const before = await rawRequest(site.origin, '/api/session', { headers: { Cookie: cookie } });
    assert.deepEqual(JSON.parse(before.body.toString()), { active: true, email: 'ana@uai.cl', admin: false });
    const cleared = await rawRequest(site.origin, '/api/session', {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: site.origin },
    });
    assert.equal(cleared.status, 204);
    assert.match(
      String(cleared.headers['set-cookie']),
      /^__session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0; Secure$/,
    );
    const afterwards = await rawRequest(site.origin, '/api/session', {
      headers: { Cookie: cleared.headers['set-cookie']!.toString().split(';')[0]! },
    });
    assert.deepEqual(JSON.parse(afterwards.body.toString()), { active: false });
  });

  it('re-checks revocation at most every few minutes and then locks the reader out', async () => {
    let now = Date.now();
    const verifier = new FakeProvider(() => now);
    site = await startTestSite(FIXTURE, { verifier, now: () => now });
    const token = FakeProvider.idToken('ana@uai.cl', { authTime: Math.floor(now / 1000) });
    const cookie = String((await post(site.origin, token)).headers['set-cookie']).split(';')[0]!;
    const read = () => rawRequest(site!.origin, '/docs/guide', { headers: { Cookie: cookie } });
    assert.equal((await read()).status, 200);
    const checks = verifier.revocationChecks;
    for (let i = 0; i < 20; i += 1) assert.equal((await read()).status, 200);
    assert.equal(verifier.revocationChecks, checks, 'cached: no extra revocation checks');
    now = Date.now() + 5 * 60 * 1000;
    await verifier.revokeSessions('ana@uai.cl');
    assert.equal((await read()).status, 302, 'revoked: sent to sign-in');
  });

  it('answers 503 for docs when the provider is unreachable, and public pages keep working', async () => {
    const verifier = new FakeProvider();
    site = await startTestSite(FIXTURE, { verifier });
    verifier.mode = { kind: 'refuse' };
    const cookie = `__session=${FakeProvider.sessionCookie('ana@uai.cl')}`;
    const docs = await rawRequest(site.origin, '/docs/guide', { headers: { Cookie: cookie } });
    assert.equal(docs.status, 503);
    assert.match(docs.body.toString(), /temporarily unavailable/);
    assert.equal((await rawRequest(site.origin, '/labs')).status, 200);
  });
});
