import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FakeProvider } from './fakeProvider.js';
import { postSession, rawRequest, startTestSite, type TestSite } from './helpers.js';

/** The bound on one provider call in these tests, and the slack allowed for everything else. */
const BOUND_MS = 600;
const SLACK_MS = 400;
const PAUSE_MS = 1_000;
const RECHECK_MS = 240_000;
const GRACE_MS = 300_000;

let clock = Date.now();
const provider = new FakeProvider(() => clock);
let site: TestSite;
let cachedCookie: string;
let uncachedCount = 0;

before(async () => {
  site = await startTestSite(
    undefined,
    { verifier: provider, now: () => clock },
    {
      PROVIDER_TIMEOUT_MS: String(BOUND_MS),
      PROVIDER_FAILURES_TO_PAUSE: '3',
      PROVIDER_PAUSE_SECONDS: String(PAUSE_MS / 1000),
      SESSION_RECHECK_SECONDS: String(RECHECK_MS / 1000),
      SESSION_OUTAGE_GRACE_SECONDS: String(GRACE_MS / 1000),
    },
  );
  cachedCookie = await newSession('ana.torres@uai.cl');
});
after(async () => {
  provider.mode = { kind: 'ok' };
  await site.close();
});

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

/** Signs in and opens one page, so the server has verified (and cached) the session. */
async function newSession(email: string): Promise<string> {
  const response = await signIn(email);
  assert.equal(response.status, 204);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  assert.equal((await docs(cookie)).status, 200);
  return cookie;
}

const signIn = (email: string) => postSession(site.origin, FakeProvider.idToken(email));

/** A valid cookie this server has never seen, so checking it needs the provider. */
function uncachedCookie(): string {
  uncachedCount += 1;
  const email = `member${uncachedCount}@uai.cl`;
  return `__session=${FakeProvider.sessionCookie(email, { authTime: Math.floor(clock / 1000) })}`;
}

const docs = (cookie?: string) =>
  rawRequest(site.origin, '/docs/guide', { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) } });

/** Status and time of each kind of request, with the provider in its current mode. */
async function probe() {
  const [publicPage, publicMs] = await timed(() => rawRequest(site.origin, '/labs'));
  const [cached, cachedMs] = await timed(() => docs(cachedCookie));
  const [uncached, uncachedMs] = await timed(() => docs(uncachedCookie()));
  const [signedIn, signInMs] = await timed(() => signIn(`reader${uncachedCount}@alumnos.uai.cl`));
  return {
    statuses: [publicPage.status, cached.status, uncached.status, signedIn.status],
    times: { publicMs, cachedMs, uncachedMs, signInMs },
    uncached,
  };
}

async function recover(): Promise<void> {
  provider.mode = { kind: 'ok' };
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS + 50));
  const { statuses } = await probe();
  assert.deepEqual(statuses, [200, 200, 200, 204], 'recovers without a restart');
}

describe('when the identity provider fails', () => {
  it('hangs: uncached members and new sign-ins get 503 within the bound; public pages and cached members are unaffected', async () => {
    provider.mode = { kind: 'hang' };
    const { statuses, times, uncached } = await probe();
    assert.deepEqual(statuses, [200, 200, 503, 503]);
    assert.ok(times.uncachedMs < BOUND_MS + SLACK_MS, `uncached member answered in ${times.uncachedMs} ms`);
    assert.ok(times.signInMs < BOUND_MS + SLACK_MS, `sign-in answered in ${times.signInMs} ms`);
    assert.ok(times.publicMs < SLACK_MS && times.cachedMs < SLACK_MS, JSON.stringify(times));
    assert.equal(uncached.headers['retry-after'], '30');
    await recover();
  });

  it('refuses: the same answers at once, and after repeated failures calls are not even made', async () => {
    provider.mode = { kind: 'refuse' };
    const callsPerRound: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const before = provider.calls;
      const { statuses, times } = await probe();
      callsPerRound.push(provider.calls - before);
      assert.deepEqual(statuses, [200, 200, 503, 503]);
      assert.ok(times.uncachedMs < SLACK_MS && times.signInMs < SLACK_MS, JSON.stringify(times));
    }
    // Two failed calls a round; the third failure pauses calls, so the last round makes none.
    assert.deepEqual(callsPerRound, [2, 1, 0]);
    await recover();
  });

  it('is slow just under the bound: everyone is served', async () => {
    provider.mode = { kind: 'slow', ms: BOUND_MS - 250 };
    const { statuses } = await probe();
    assert.deepEqual(statuses, [200, 200, 200, 204]);
    await recover();
  });

  it('is slow just over the bound: answers come at the bound, not when the provider finishes', async () => {
    provider.mode = { kind: 'slow', ms: BOUND_MS + 1_500 };
    const { statuses, times } = await probe();
    assert.deepEqual(statuses, [200, 200, 503, 503]);
    assert.ok(times.uncachedMs < BOUND_MS + SLACK_MS && times.signInMs < BOUND_MS + SLACK_MS, JSON.stringify(times));
    await recover();
  });

  it('flaps: every request is answered within the bound, with 200/204 or 503 and nothing else', async () => {
    provider.mode = { kind: 'flap' };
    for (let round = 0; round < 4; round += 1) {
      const { statuses, times } = await probe();
      assert.deepEqual(statuses.slice(0, 2), [200, 200]);
      assert.ok([200, 503].includes(statuses[2]!) && [204, 503].includes(statuses[3]!), String(statuses));
      assert.ok(Math.max(...Object.values(times)) < BOUND_MS + SLACK_MS, JSON.stringify(times));
    }
    await recover();
  });

  it('a cached member whose re-check falls due in an outage rides it out for the grace period, then is refused', async () => {
    const cookie = await newSession('grace.reader@uai.cl');
    provider.mode = { kind: 'hang' };
    clock += RECHECK_MS;
    const [during, duringMs] = await timed(() => docs(cookie));
    assert.equal(during.status, 200);
    assert.ok(duringMs < BOUND_MS + SLACK_MS, `${duringMs} ms`);
    clock += GRACE_MS;
    const afterGrace = await docs(cookie);
    assert.equal(afterGrace.status, 503);
    clock -= RECHECK_MS + GRACE_MS;
    await recover();
  });
});
