import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Writable } from 'node:stream';
import type { Grants } from '../src/access/grants.js';
import { createLogger } from '../src/logging.js';
import { jwtPart } from '../../testkit/jwt.mjs';
import { FakeProvider } from './fakeProvider.js';
import {
  FIXTURE,
  PUBLIC_ORIGIN,
  SERVICE_HOST,
  openSession,
  postSession,
  rawRequest,
  readGuide,
  readPage,
  startTestSite,
  type TestSite,
} from './helpers.js';

let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** The server's log, line by line. */
function capturedLog() {
  const written: Record<string, unknown>[] = [];
  const logger = createLogger(
    { level: 'info', service: 'test', projectId: 'demo-test', isHumanReadable: false },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          written.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  return { logger, lines: () => written };
}

/** Only what the admins' list needs: the tests here are about who reaches it. */
const noGrants = { scan: async () => [] } as unknown as Grants;

describe('limits a client cannot escape or turn on others (security)', () => {
  it('counts each client as the trusted proxies report it, never by the proxy’s own address that readers share', async () => {
    site = await startTestSite(
      FIXTURE,
      { verifier: new FakeProvider() },
      { SITE_URL: PUBLIC_ORIGIN, TRUST_PROXY_HOPS: '2' },
    );
    const behindHosting = (client: string) => ({
      Host: SERVICE_HOST,
      Origin: PUBLIC_ORIGIN,
      'X-Forwarded-For': `${client}, 203.0.113.9`,
    });
    const oneClient: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      oneClient.push((await postSession(site.origin, 'junk.token.value', behindHosting('198.51.100.7'))).status);
    assert.deepEqual(oneClient, [...Array<number>(10).fill(401), 429, 429]);
    // Forty other readers behind the same Hosting address: none is held to the first one's failures.
    const others: number[] = [];
    for (let reader = 0; reader < 40; reader += 1)
      others.push((await postSession(site.origin, 'junk.token.value', behindHosting(`192.0.2.${reader}`))).status);
    assert.deepEqual(others, Array<number>(40).fill(401));
  });

  it('never refuses a sign-out whose cookie verifies, even from a client past its limit, and ends the session', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(FIXTURE, { verifier: provider }, { RATE_LIMIT_SIGN_IN: '3' });
    const cookie = await openSession(site.origin, FakeProvider.idToken('ana@uai.cl'));
    const junk: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      junk.push((await postSession(site.origin, 'junk.token.value')).status);
    assert.deepEqual(junk, [401, 401, 401, 429, 429]);
    const signOut = await rawRequest(site.origin, '/api/session', {
      method: 'DELETE',
      headers: { Origin: site.origin, Cookie: cookie },
    });
    assert.equal(signOut.status, 204);
    assert.equal(provider.account('ana@uai.cl').validSinceSeconds, Math.floor(Date.now() / 1000));
    assert.equal((await readGuide(site, cookie)).status, 302);
    // A cookie that does not verify is a failure like any other, refused past the limit.
    const forged = await rawRequest(site.origin, '/api/session', {
      method: 'DELETE',
      headers: { Origin: site.origin, Cookie: '__session=forged.cookie.value' },
    });
    assert.equal(forged.status, 429);
    assert.match(String(forged.headers['set-cookie']), /^__session=;/);
  });

  it('counts failed e-mail-link proofs per client and mailbox: one person failing cannot stop another’s first sign-in behind the same address', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(FIXTURE, { verifier: provider });
    const redeem = (email: string, oobCode: string) =>
      rawRequest(site!.origin, '/api/session/email-link', {
        method: 'POST',
        headers: { Origin: site!.origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, oobCode }),
      });
    const guessing: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      guessing.push((await redeem('target@uai.cl', `guess-${attempt}`)).status);
    assert.deepEqual(guessing, [...Array<number>(10).fill(400), 429, 429]);
    // The same mailbox spelled with a tag is the same mailbox.
    assert.equal((await redeem('Target+x@uai.cl', 'guess-13')).status, 429);
    const code = provider.sendLink('newcomer@uai.cl');
    const proof = await redeem('newcomer@uai.cl', code);
    assert.equal(proof.status, 200);
  });

  it('holds a client to the sign-in limit the operator set (RATE_LIMIT_SIGN_IN)', async () => {
    site = await startTestSite(FIXTURE, { verifier: new FakeProvider() }, { RATE_LIMIT_SIGN_IN: '3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push((await postSession(site.origin, 'junk.token.value')).status);
    assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
  });

  it('lets a verified admin into the admins’ API while anonymous calls from the same address are refused', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(FIXTURE, { verifier: provider, grants: noGrants });
    provider.account('ana@uai.cl').isAdmin = true;
    const admin = await openSession(site.origin, FakeProvider.idToken('ana@uai.cl'));
    const list = (cookie?: string) =>
      rawRequest(site!.origin, '/api/admin/access', {
        headers: { 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}) },
      });
    const anonymous: number[] = [];
    for (let attempt = 0; attempt < 65; attempt += 1) anonymous.push((await list()).status);
    assert.deepEqual(anonymous, [...Array<number>(60).fill(401), ...Array<number>(5).fill(429)]);
    const answer = await list(admin);
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body.toString()), {
      entries: [],
      counts: { request: 0, admin: 0, member: 0, invited: 0, suspended: 0, decided: 0, 'no-access': 0 },
      total: 0,
      offset: 0,
      matching: 0,
    });
  });

  it('verifies an admin’s session once a request, fresh: an admin right removed elsewhere ends at the next call', async () => {
    const provider = new FakeProvider();
    site = await startTestSite(FIXTURE, { verifier: provider, grants: noGrants });
    provider.account('ana@uai.cl').isAdmin = true;
    const admin = await openSession(site.origin, FakeProvider.idToken('ana@uai.cl'));
    const list = () =>
      rawRequest(site!.origin, '/api/admin/access', { headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: admin } });
    const checksBefore = provider.revocationChecks;
    assert.equal((await list()).status, 200);
    assert.equal((await list()).status, 200);
    assert.equal(provider.revocationChecks - checksBefore, 2);
    // Another instance (or the access command) took the right away: no cached answer may carry it.
    provider.account('ana@uai.cl').isAdmin = false;
    const after = await list();
    assert.equal(after.status, 403);
    assert.deepEqual(JSON.parse(after.body.toString()), { error: 'not-admin' });
  });
});

describe('the trail of the admins’ API (security)', () => {
  it('records a list read, a refused call and a change that failed part-way', async () => {
    const provider = new FakeProvider();
    const { logger, lines } = capturedLog();
    const failing = {
      scan: async () => [],
      revoke: async () => {
        throw Object.assign(new Error('backend error'), { code: 'auth/internal-error' });
      },
    } as unknown as Grants;
    site = await startTestSite(FIXTURE, { verifier: provider, grants: failing, logger });
    provider.account('ana@uai.cl').isAdmin = true;
    const admin = await openSession(site.origin, FakeProvider.idToken('ana@uai.cl'));
    const member = await openSession(site.origin, FakeProvider.idToken('leo@uai.cl'));
    const read = (cookie: string) =>
      rawRequest(site!.origin, '/api/admin/access', { headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: cookie } });
    assert.equal((await read(admin)).status, 200);
    assert.equal((await read(member)).status, 403);
    const revoke = await rawRequest(site.origin, '/api/admin/revoke', {
      method: 'POST',
      headers: { Origin: site.origin, Cookie: admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'guest@example.org' }),
    });
    assert.equal(revoke.status, 500);
    assert.deepEqual(
      lines()
        .filter((line) => line.audit === true && line.event !== 'session-opened')
        .map((line) => [line.event, line.email, line.outcome, line.reason ?? line.count ?? line.target]),
      [
        ['access-listed', 'ana@uai.cl', 'read', 0],
        ['admin-refused', 'leo@uai.cl', 'refused', 'not-admin'],
        ['access-change-failed', 'ana@uai.cl', 'failed', 'auth/internal-error'],
      ],
    );
  });
});

describe('refusals cost the provider little (security)', () => {
  it('asks the provider once about a refused token sent 300 times, and writes one line of the trail', async () => {
    const provider = new FakeProvider();
    const { logger, lines } = capturedLog();
    site = await startTestSite(FIXTURE, { verifier: provider, logger });
    const token = FakeProvider.idToken('outsider@example.org');
    const statuses = new Map<number, number>();
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const status = (await postSession(site.origin, token)).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    assert.deepEqual([...statuses], [[403, 300]]);
    assert.equal(provider.calls, 1);
    assert.deepEqual(
      lines()
        .filter((line) => line.event === 'session-refused')
        .map((line) => [line.email, line.reason]),
      [['outsider@example.org', 'not-admitted']],
    );
  });

  it('remembers two refused tokens that end alike side by side, instead of each evicting the other', async () => {
    // The emulator's unsigned tokens of one account differ only early on; here two tokens differ in
    // their header alone, and the provider reads both as the same genuine token.
    class HeaderBlindProvider extends FakeProvider {
      override verifyIdToken(idToken: string) {
        const [, payload, signature] = idToken.split('.');
        return super.verifyIdToken([FakeProvider.idToken('x@y.z').split('.')[0], payload, signature].join('.'));
      }
    }
    const provider = new HeaderBlindProvider();
    site = await startTestSite(FIXTURE, { verifier: provider });
    const [, payload, signature] = FakeProvider.idToken('outsider@example.org').split('.');
    const tokens = ['a', 'b'].map((kid) => [jwtPart({ alg: 'RS256', typ: 'JWT', kid }), payload, signature].join('.'));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1)
      statuses.push((await postSession(site.origin, tokens[attempt % 2]!)).status);
    assert.deepEqual(statuses, Array<number>(20).fill(403));
    assert.equal(provider.calls, 2);
  });

  it('asks the provider about a cookie revoked elsewhere once per re-check interval, not once per request', async () => {
    let clock = Date.parse('2027-01-10T12:00:00Z');
    const provider = new FakeProvider(() => clock);
    site = await startTestSite(FIXTURE, { verifier: provider, now: () => clock }, { SESSION_RECHECK_SECONDS: '60' });
    const cookie = await openSession(
      site.origin,
      FakeProvider.idToken('ana@uai.cl', { authTime: Math.floor(clock / 1000) }),
    );
    assert.equal((await readGuide(site, cookie)).status, 200);
    // Revoked by another instance: this one learns it at its next re-check.
    provider.account('ana@uai.cl').validSinceSeconds = Math.floor(clock / 1000) + 1;
    clock += 61_000;
    const checksBefore = provider.revocationChecks;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) statuses.push((await readGuide(site, cookie)).status);
    assert.deepEqual(statuses, Array<number>(50).fill(302));
    assert.equal(provider.revocationChecks - checksBefore, 1);
  });
});

describe('DNS rebinding in emulator mode (security)', () => {
  it('answers 421 to any Host but a loopback name with the server’s own port', async () => {
    site = await startTestSite();
    const port = new URL(site.origin).port;
    const cookie = `__session=${FakeProvider.sessionCookie('ana@uai.cl')}`;
    const ask = (host: string) => readGuide(site!, cookie, { Host: host });
    for (const host of [
      `rebind.attacker.example:${port}`,
      'rebind.attacker.example',
      `localhost:${Number(port) + 1}`,
      `127.0.0.1.nip.io:${port}`,
    ]) {
      const answer = await ask(host);
      assert.equal(answer.status, 421, host);
      assert.equal(answer.body.includes('Quetzal'), false);
    }
    const forged = await postSession(site.origin, FakeProvider.idToken('ana@uai.cl'), {
      Host: `rebind.attacker.example:${port}`,
      Origin: `http://rebind.attacker.example:${port}`,
    });
    assert.equal(forged.status, 421);
    assert.equal(forged.headers['set-cookie'], undefined);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`])
      assert.equal((await ask(host)).status, 200, host);
  });

  it('leaves Host alone where the site’s origin is configured, as behind Hosting', async () => {
    site = await startTestSite(FIXTURE, { verifier: new FakeProvider() }, { SITE_URL: PUBLIC_ORIGIN });
    const answer = await readPage(site.origin, '/labs/', undefined, { Host: SERVICE_HOST });
    assert.equal(answer.status, 200);
  });
});
