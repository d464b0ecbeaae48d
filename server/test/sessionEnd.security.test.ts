import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { defaultReaderPolicy } from '@trust/access-policy';
import { SessionGuard } from '../src/session/sessionGuard.js';
import { FakeProvider } from './fakeProvider.js';
import { openSession, rawRequest, readPage, startTestSite, type TestSite } from './helpers.js';

const RECHECK_MS = 240_000;
const sites: TestSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

/** A site whose clock the test moves, and the provider behind it; closed after the test. */
async function clockedSite(clock: { now: number }) {
  const provider = new FakeProvider(() => clock.now);
  const site = await startTestSite(undefined, { verifier: provider, now: () => clock.now });
  sites.push(site);
  return { provider, site };
}

const signOut = (site: TestSite, cookie: string) =>
  rawRequest(site.origin, '/api/session', { method: 'DELETE', headers: { Origin: site.origin, Cookie: cookie } });

/** Signs in at `atMs` (the test's clock; now by default), so revocation compares against that second. */
const signIn = (site: TestSite, email: string, atMs = Date.now()) =>
  openSession(site.origin, FakeProvider.idToken(email, { authTime: Math.floor(atMs / 1000) }));
const page = (site: TestSite, cookie: string) => readPage(site.origin, '/docs/guide', cookie);

describe('session re-checks and sign-out (security)', () => {
  it('makes one provider call for 50 concurrent checks of a cookie due for re-check', async () => {
    let clock = 1_000_000;
    const verifier = new FakeProvider(() => clock);
    const guard = new SessionGuard(verifier, defaultReaderPolicy, RECHECK_MS, () => clock);
    const cookie = FakeProvider.sessionCookie('ana.torres@uai.cl', { authTime: Math.floor(clock / 1000) });
    assert.equal((await guard.check(cookie)).kind, 'allowed');
    assert.equal(verifier.calls, 1);

    clock += RECHECK_MS;
    verifier.hold();
    const answers = Promise.all(Array.from({ length: 50 }, () => guard.check(cookie)));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(verifier.calls, 2);
    verifier.release();
    const results = await answers;
    assert.deepEqual(new Set(results.map((result) => result.kind)), new Set(['allowed']));
    assert.equal(verifier.calls, 2);
  });

  it('a check under way when the reader signs out does not cache the session afterwards', async () => {
    const clock = 1_000_000;
    const verifier = new FakeProvider(() => clock);
    const guard = new SessionGuard(verifier, defaultReaderPolicy, RECHECK_MS, () => clock);
    const cookie = FakeProvider.sessionCookie('ana.torres@uai.cl', { authTime: Math.floor(clock / 1000) });
    verifier.hold();
    const inFlight = guard.check(cookie);
    await new Promise((resolve) => setImmediate(resolve));
    guard.signOut(cookie, clock + 3_600_000);
    verifier.release();
    assert.deepEqual(await inFlight, { kind: 'none', ended: 'signed-out' });
    assert.deepEqual(guard.checkCached(cookie), { kind: 'none', ended: 'signed-out' });
  });

  it('makes one provider call for 50 concurrent page requests whose cookie is due for re-check', async () => {
    let clock = Date.now();
    const verifier = new FakeProvider(() => clock);
    const site = await startTestSite(undefined, { verifier, now: () => clock });
    sites.push(site);
    const cookie = await signIn(site, 'ana.torres@uai.cl');
    assert.equal((await page(site, cookie)).status, 200);
    const before = verifier.revocationChecks;
    clock += RECHECK_MS;
    verifier.hold();
    const requests = Promise.all(Array.from({ length: 50 }, async () => (await page(site, cookie)).status));
    await new Promise((resolve) => setTimeout(resolve, 300));
    verifier.release();
    const statuses = await requests;
    assert.deepEqual(
      statuses,
      Array.from({ length: 50 }, () => 200),
    );
    assert.equal(verifier.revocationChecks - before, 1);
  });

  it('after sign-out, a kept copy of the cookie is refused by every instance once the re-check is due', async () => {
    let clock = Date.now();
    const provider = new FakeProvider(() => clock);
    const now = () => clock;
    const first = await startTestSite(undefined, { verifier: provider, now });
    const second = await startTestSite(undefined, { verifier: provider, now });
    sites.push(first, second);
    // Under load, starting two sites can take over a second: the sign-in is dated by the test's clock.
    const cookie = await signIn(first, 'diego.rojas@alumnos.uai.cl', clock);
    assert.equal((await page(first, cookie)).status, 200);
    assert.equal((await page(second, cookie)).status, 200);

    // Firebase compares revocation times in whole seconds: sign out in a later second than sign-in.
    clock += 1_000;
    const signedOut = await signOut(first, cookie);
    assert.equal(signedOut.status, 204);
    assert.match(String(signedOut.headers['set-cookie']), /^__session=; /);

    // Each says why: signed out here, and, to the other instance, by the provider's revocation.
    const kept = await page(first, cookie);
    assert.equal(kept.status, 302);
    assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide&ended=signed-out');
    clock += RECHECK_MS;
    const elsewhere = await page(second, cookie);
    assert.equal(elsewhere.status, 302);
    assert.equal(elsewhere.headers.location, '/signin?next=%2Fdocs%2Fguide&ended=signed-out-elsewhere');
  });

  it('signing out in the same second as signing in still refuses the kept cookie on that instance until it expires', async () => {
    const clock = { now: Date.now() };
    const { site } = await clockedSite(clock);
    const cookie = await signIn(site, 'same.second@uai.cl');
    assert.equal((await page(site, cookie)).status, 200);
    const signedOut = await signOut(site, cookie);
    assert.equal(signedOut.status, 204);
    assert.equal(signedOut.headers['clear-site-data'], '"cache"');
    for (const wait of [0, RECHECK_MS, RECHECK_MS]) {
      clock.now += wait;
      const kept = await page(site, cookie);
      assert.equal(kept.status, 302);
      assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide&ended=signed-out');
    }
  });

  it('sign-outs with junk cookies neither evict nor keep uncached a member’s session, and are rate-limited', async () => {
    const clock = { now: Date.now() };
    const { provider, site } = await clockedSite(clock);
    const cookie = await signIn(site, 'steady.member@uai.cl');
    assert.equal((await page(site, cookie)).status, 200);
    clock.now += RECHECK_MS;
    provider.hold();
    const inFlight = page(site, cookie);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const junk = FakeProvider.sessionCookie('steady.member@uai.cl').replace(/\.[\w-]+$/, '.forged');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await signOut(site, `__session=${junk}`)).status);
    }
    provider.release();
    assert.equal((await inFlight).status, 200);
    const checks = provider.revocationChecks;
    assert.equal((await page(site, cookie)).status, 200);
    assert.equal(provider.revocationChecks, checks, 'the re-check under way was cached');
    assert.deepEqual(statuses, [...Array<number>(10).fill(204), 429, 429]);
  });

  it('a cookie that only ends like a cached one is never taken for it, nor evicts it, even in an outage', async () => {
    const clock = { now: Date.now() };
    const { provider, site } = await clockedSite(clock);
    const cookie = await signIn(site, 'ana.torres@uai.cl');
    assert.equal((await page(site, cookie)).status, 200);
    const signature = cookie.slice(cookie.lastIndexOf('.') + 1);
    const other = FakeProvider.sessionCookie('visitor@uai.cl');
    const lookAlike = `__session=${other.slice(0, other.lastIndexOf('.') + 1)}${signature}`;
    assert.equal(lookAlike.slice(-48), cookie.slice(-48));
    assert.equal((await page(site, lookAlike)).status, 302);
    const checks = provider.revocationChecks;
    assert.equal((await page(site, cookie)).status, 200);
    assert.equal(provider.revocationChecks, checks, 'the member’s cached session is still cached');
    clock.now += RECHECK_MS;
    provider.mode = { kind: 'refuse' };
    assert.equal((await page(site, cookie)).status, 200, 'the member rides out the outage');
    const duringOutage = await page(site, lookAlike);
    assert.equal(duringOutage.status, 302);
  });
});

describe('sign-outs of cookies that end alike (security)', () => {
  it('refuses each signed-out cookie until it expires, and no look-alike for it', async () => {
    const clock = 1_000_000;
    // The emulator's cookies are unsigned: two of one account can share their last characters.
    const tail = 'x'.repeat(60);
    const [first, second] = ['first.payload', 'second.payload'].map((head) => `${head}.${tail}`) as [string, string];
    // A provider that accepts both, as it does a sign-out made in the second of the sign-in.
    const verifier = {
      verifySessionCookie: async (cookie: string) => ({
        uid: cookie.slice(0, cookie.indexOf('.')),
        email: 'same.second@uai.cl',
        emailVerified: true,
        authTime: Math.floor(clock / 1000),
        expiresAt: Math.floor(clock / 1000) + 3600,
        signInProvider: 'password',
        securedAt: 1,
      }),
    } as unknown as FakeProvider;
    const guard = new SessionGuard(verifier, defaultReaderPolicy, RECHECK_MS, () => clock);
    assert.equal((await guard.check(first)).kind, 'allowed');
    assert.equal((await guard.check(second)).kind, 'allowed');
    guard.signOut(first, clock + 3_600_000);
    assert.deepEqual(await guard.check(first), { kind: 'none', ended: 'signed-out' });
    assert.equal((await guard.check(second)).kind, 'allowed');
    guard.signOut(second, clock + 3_600_000);
    assert.deepEqual(await guard.check(first), { kind: 'none', ended: 'signed-out' });
    assert.deepEqual(await guard.check(second), { kind: 'none', ended: 'signed-out' });
  });
});

describe('why a session ended, told to the sign-in page (security)', () => {
  const signInPage = (ended?: string) => `/signin?next=%2Fdocs%2Fguide${ended ? `&ended=${ended}` : ''}`;
  const invitation = (email: string, until: string) => ({ email, until, by: 'ops@uai.cl', at: '2026-01-05T10:00:00Z' });

  const cases: Array<{
    what: string;
    email: string;
    /** The clock's start, when the case needs one (the invitation's last minutes). */
    start?: number;
    before?: (provider: FakeProvider, email: string, clock: { now: number }) => void;
    change: (provider: FakeProvider, email: string, clock: { now: number }) => void;
    ended: string;
  }> = [
    {
      what: 'the centre suspended the account',
      email: 'suspended.member@uai.cl',
      change: (provider, email) => (provider.account(email).disabled = true),
      ended: 'suspended',
    },
    {
      what: 'the account signed out on another device',
      email: 'elsewhere.member@uai.cl',
      change: (provider, email, clock) =>
        (provider.account(email).validSinceSeconds = Math.floor(clock.now / 1000) + 1),
      ended: 'signed-out-elsewhere',
    },
    {
      what: 'the invitation was revoked, with its sessions',
      email: 'revoked.guest@example.org',
      before: (provider, email) => (provider.account(email).invitation = invitation(email, '2099-12-31')),
      change: (provider, email, clock) => {
        provider.account(email).invitation = null;
        provider.account(email).validSinceSeconds = Math.floor(clock.now / 1000) + 1;
      },
      ended: 'no-longer-admitted',
    },
    {
      what: 'the invitation ran out',
      email: 'former.guest@example.org',
      // Three minutes before its last day ends: the re-check falls after midnight UTC.
      start: Date.parse('2026-11-26T23:57:00Z'),
      before: (provider, email) => (provider.account(email).invitation = invitation(email, '2026-11-26')),
      change: () => {},
      ended: 'invitation-ended',
    },
    {
      what: 'the address was changed to an outsider’s',
      email: 'moved.member@uai.cl',
      change: (provider, email) => (provider.account(email).email = 'moved@example.org'),
      ended: 'no-longer-admitted',
    },
  ];

  for (const { what, email, start, before, change, ended } of cases) {
    it(`${what}: "${ended}", from the first refused request on, with no further provider call`, async () => {
      const clock = { now: start ?? Date.now() };
      const { provider, site } = await clockedSite(clock);
      before?.(provider, email, clock);
      const cookie = await signIn(site, email, clock.now);
      assert.equal((await page(site, cookie)).status, 200);
      change(provider, email, clock);
      clock.now += RECHECK_MS + 1_000;
      for (const attempt of [1, 2]) {
        const answer = await page(site, cookie);
        assert.equal(answer.status, 302, `attempt ${attempt}`);
        assert.equal(answer.headers.location, signInPage(ended), `attempt ${attempt}`);
      }
      assert.equal(provider.revocationChecks, 2);
    });
  }

  it('an invitation revoked on this instance: "no-longer-admitted" at once, not "signed out elsewhere"', async () => {
    const clock = 1_000_000_000;
    const verifier = new FakeProvider(() => clock);
    const guard = new SessionGuard(verifier, defaultReaderPolicy, RECHECK_MS, () => clock);
    const email = 'partner.guest@example.org';
    verifier.account(email).invitation = invitation(email, '2099-12-31');
    const cookie = FakeProvider.sessionCookie(email, { authTime: Math.floor(clock / 1000) - 5 });
    const first = await guard.check(cookie);
    assert.equal(first.kind, 'allowed');
    // As the admins' API revokes: the invitation goes, then the account's sessions, here first.
    verifier.account(email).invitation = null;
    guard.revokeAccount(first.kind === 'allowed' ? first.identity.uid : '', clock);
    for (const attempt of [1, 2])
      assert.deepEqual(await guard.check(cookie), { kind: 'none', ended: 'no-longer-admitted' }, `attempt ${attempt}`);
  });

  it('a session past its expiry: "expired"', async () => {
    const clock = { now: Date.now() };
    const { site } = await clockedSite(clock);
    const cookie = await signIn(site, 'long.reader@uai.cl', clock.now);
    assert.equal((await page(site, cookie)).status, 200);
    clock.now += 2 * 3_600_000;
    const answer = await page(site, cookie);
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.location, signInPage('expired'));
  });

  it('no cookie, a junk one or a forged one: nothing said, since no session of theirs ended', async () => {
    const clock = { now: Date.now() };
    const { site } = await clockedSite(clock);
    const forged = `${FakeProvider.sessionCookie('ana.torres@uai.cl').slice(0, -4)}AAAA`;
    for (const cookie of ['', 'not-a-cookie', forged]) {
      const answer = await page(site, cookie);
      assert.equal(answer.status, 302, cookie);
      assert.equal(answer.headers.location, signInPage(), cookie);
    }
  });
});
