import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { FakeProvider } from './fakeProvider.js';
import { openSession, postSession, rawRequest, readGuide, startTestSite, type TestSite } from './helpers.js';

let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const LINK_PATH = '/api/session/email-link';

function redeem(origin: string, body: object, headers: Record<string, string> = {}) {
  return rawRequest(origin, LINK_PATH, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function proveWithToken(origin: string, token: string, headers: Record<string, string> = {}) {
  return rawRequest(origin, LINK_PATH, {
    method: 'POST',
    headers: { Origin: origin, Authorization: `Bearer ${token}`, ...headers },
  });
}

const json = (body: Buffer) => JSON.parse(body.toString()) as unknown;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('/api/session/email-link: the mailbox owner secures the account (security)', () => {
  it('redeems the link itself, removes every credential added before it, ends earlier sessions at once here, and hands back a link of its own', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(undefined, { verifier: provider });
    const email = 'new.student@alumnos.uai.cl';
    // Someone else prepared the account: a password and a GitHub identity, and a session.
    const account = provider.account(email, { securedAt: null });
    account.password = 'chosen-by-someone-else';
    account.providers = ['github.com'];
    const theirs = FakeProvider.idToken(email, { authTime: nowSeconds() - 2, provider: 'github.com' });
    const refused = await postSession(site.origin, theirs);
    assert.equal(refused.status, 403);
    assert.deepEqual(json(refused.body), { error: 'not-allowed', email, reason: 'unsecured' });
    account.securedAt = 0;
    const earlier = await openSession(site.origin, FakeProvider.idToken(email, { authTime: nowSeconds() - 2 }));
    account.securedAt = null;

    const code = provider.sendLink(email);
    const answer = await redeem(site.origin, { email, oobCode: code });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['cache-control'], 'private, no-store');
    assert.deepEqual(json(answer.body), {
      email,
      link: 'https://fake.example/action?mode=signIn&oobCode=issued-1&apiKey=k',
    });
    assert.equal(account.password, null);
    assert.deepEqual(account.providers, []);
    assert.equal(account.securedAt, nowSeconds());
    // Refused here without waiting for the re-check: this instance made the change.
    const kept = await readGuide(site, earlier);
    assert.equal(kept.status, 302);
    assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide&ended=signed-out-elsewhere');
    assert.equal((await postSession(site.origin, theirs)).status, 401);
    // The owner, signed in with the server's link a moment later, opens a session as usual.
    const fresh = await openSession(site.origin, FakeProvider.idToken(email, { authTime: account.securedAt + 1 }));
    assert.equal((await readGuide(site, fresh)).status, 200);
  });

  it('secures the account even when the rule then refuses its owner, so a later grant admits only the owner', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(undefined, { verifier: provider });
    const email = 'partner@example.net';
    const account = provider.account(email, { securedAt: null, emailVerified: false });
    account.password = 'chosen-by-someone-else';
    const answer = await redeem(site.origin, { email, oobCode: provider.sendLink(email) });
    assert.equal(answer.status, 200);
    assert.equal(account.password, null);
    assert.equal(account.securedAt, nowSeconds());
    const owner = FakeProvider.idToken(email, { authTime: nowSeconds() + 1 });
    const refusal = await postSession(site.origin, owner);
    assert.equal(refusal.status, 403);
    assert.deepEqual(json(refusal.body), { error: 'not-allowed', email, reason: 'not-admitted' });
  });

  it('refuses a used link, a link sent to another address and a body without one, and changes nothing', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(undefined, { verifier: provider });
    const account = provider.account('ana.b@uai.cl', { securedAt: null });
    account.password = 'kept';
    const code = provider.sendLink('other@uai.cl');
    const wrong = await redeem(site.origin, { email: 'ana.b@uai.cl', oobCode: code });
    assert.equal(wrong.status, 400);
    assert.deepEqual(json(wrong.body), { error: 'wrong-address' });
    assert.equal((await redeem(site.origin, { email: 'other@uai.cl', oobCode: code })).status, 200);
    const used = await redeem(site.origin, { email: 'other@uai.cl', oobCode: code });
    assert.equal(used.status, 400);
    assert.deepEqual(json(used.body), { error: 'link-invalid' });
    for (const body of [{}, { email: 'ana.b@uai.cl' }, { email: 'ana.b@uai.cl', oobCode: 'has spaces' }]) {
      const answer = await redeem(site.origin, body);
      assert.equal(answer.status, 400);
      assert.deepEqual(json(answer.body), { error: 'link-required' });
    }
    assert.equal(account.password, 'kept');
    assert.equal(account.securedAt, null);
  });

  it('takes a sign-in as proof only from the university’s own provider, for a university address, just made', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(undefined, { verifier: provider });
    for (const [email, options] of [
      ['ana.c@uai.cl', { provider: 'github.com' }],
      ['ana.c@uai.cl', { provider: 'password' }],
      ['ana.c@uai.cl', { provider: 'phone' }],
      ['guest.reader@example.com', { provider: 'google.com' }],
      ['someone@uai.cl.evil.example', { provider: 'google.com' }],
      ['unverified.c@uai.cl', { provider: 'google.com', verified: false }],
      ['ana.c@uai.cl', { provider: 'google.com', authTime: nowSeconds() - 600 }],
    ] as [string, { provider: string; verified?: boolean; authTime?: number }][]) {
      provider.account(email, { securedAt: null, emailVerified: options.verified !== false });
      const answer = await proveWithToken(site.origin, FakeProvider.idToken(email, options));
      assert.equal(answer.status, 403, `${email} ${JSON.stringify(options)}`);
      assert.deepEqual(json(answer.body), { error: 'not-a-mailbox-proof' });
    }
    assert.equal(provider.account('ana.c@uai.cl').securedAt, null);
    const google = await proveWithToken(site.origin, FakeProvider.idToken('ana.c@uai.cl', { provider: 'google.com' }));
    assert.equal(google.status, 200);
    assert.equal(provider.account('ana.c@uai.cl').securedAt, nowSeconds());
  });

  it('answers only the site itself, only POST, within the client’s limit', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(undefined, { verifier: provider });
    const body = { email: 'x@uai.cl', oobCode: 'code-1' };
    assert.equal((await redeem(site.origin, body, { Origin: 'https://evil.example' })).status, 403);
    assert.equal((await redeem(site.origin, body, { 'Sec-Fetch-Site': 'cross-site' })).status, 403);
    const read = await rawRequest(site.origin, LINK_PATH, { headers: { Origin: site.origin } });
    assert.equal(read.status, 405);
    assert.equal(read.headers.allow, 'POST');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await redeem(site.origin, body)).status);
    assert.deepEqual(statuses, [...Array<number>(10).fill(400), 429]);
    assert.equal(provider.sentLinks.size, 0);
  });
});
