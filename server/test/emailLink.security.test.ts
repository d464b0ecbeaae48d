import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { FakeProvider } from './fakeProvider.js';
import { openSession, rawRequest, readPage, startTestSite, type TestSite } from './helpers.js';

let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const LINK_PATH = '/api/session/email-link';

function finishLink(origin: string, token: string, headers: Record<string, string> = {}) {
  return rawRequest(origin, LINK_PATH, {
    method: 'POST',
    headers: { Origin: origin, Authorization: `Bearer ${token}`, ...headers },
  });
}

const json = (body: Buffer) => JSON.parse(body.toString()) as unknown;

describe('/api/session/email-link (security)', () => {
  it('ends the password and every earlier session of a member who signed in by link, at once on this instance, and hands back a custom token', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(undefined, { verifier: provider });
    const email = 'new.student@alumnos.uai.cl';
    // Someone else's session on the same account, opened with a password they set earlier.
    const earlier = await openSession(site.origin, FakeProvider.idToken(email, { authTime: nowSeconds() - 2 }));
    provider.account(email).password = 'chosen-by-someone-else';
    assert.equal((await readPage(site.origin, '/docs/guide', earlier)).status, 200);

    const answer = await finishLink(site.origin, FakeProvider.idToken(email, { authTime: nowSeconds() - 1 }));
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['cache-control'], 'private, no-store');
    assert.deepEqual(json(answer.body), { customToken: 'custom-token-1' });
    assert.deepEqual(provider.customTokens, [{ uid: email, token: 'custom-token-1' }]);
    assert.equal(provider.account(email).password, null);
    assert.equal(provider.account(email).validSinceSeconds, nowSeconds());
    // Refused here without waiting for the re-check: this instance made the change.
    const kept = await readPage(site.origin, '/docs/guide', earlier);
    assert.equal(kept.status, 302);
    assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide');
    // The owner, signed in again with the custom token, opens a session as usual.
    const fresh = await openSession(site.origin, FakeProvider.idToken(email, { provider: 'custom' }));
    assert.equal((await readPage(site.origin, '/docs/guide', fresh)).status, 200);
  });

  it('changes nothing for a reader the rule refuses, and says what it saw', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(undefined, { verifier: provider });
    for (const [email, verified, reason] of [
      ['newcomer@example.org', true, 'not-admitted'],
      ['student@alumnos.uai.cl.evil.example', true, 'not-admitted'],
      ['pending@uai.cl', false, 'unverified'],
    ] as const) {
      const answer = await finishLink(site.origin, FakeProvider.idToken(email, { verified }));
      assert.equal(answer.status, 403, email);
      assert.deepEqual(json(answer.body), { error: 'not-allowed', email, reason });
    }
    assert.deepEqual(provider.customTokens, []);
  });

  it('is only for an e-mail-link (password-provider) sign-in, recent, from the site itself', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(undefined, { verifier: provider });
    const github = await finishLink(site.origin, FakeProvider.idToken('ana@uai.cl', { provider: 'github.com' }));
    assert.equal(github.status, 400);
    assert.deepEqual(json(github.body), { error: 'not-an-email-link-sign-in' });
    const stale = await finishLink(site.origin, FakeProvider.idToken('ana@uai.cl', { authTime: nowSeconds() - 600 }));
    assert.equal(stale.status, 401);
    const token = FakeProvider.idToken('ana@uai.cl');
    assert.equal((await finishLink(site.origin, token, { Origin: 'https://evil.example' })).status, 403);
    assert.equal((await finishLink(site.origin, token, { 'Sec-Fetch-Site': 'cross-site' })).status, 403);
    const forged = await finishLink(site.origin, `${token.slice(0, -4)}AAAA`);
    assert.equal(forged.status, 401);
    const read = await rawRequest(site.origin, LINK_PATH, { headers: { Origin: site.origin } });
    assert.equal(read.status, 405);
    assert.equal(read.headers.allow, 'POST');
    assert.deepEqual(provider.customTokens, []);
  });
});

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
