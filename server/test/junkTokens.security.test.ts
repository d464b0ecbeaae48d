import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JUNK_TOKENS } from '../../testkit/jwt.mjs';
import { FakeProvider } from './fakeProvider.js';
import { postSession, rawRequest, startTestSite, type TestSite } from './helpers.js';

const RECHECK_MS = 60_000;

let clock = Date.now();
const provider = new FakeProvider(() => clock);
let site: TestSite;

before(async () => {
  site = await startTestSite(
    undefined,
    { verifier: provider, now: () => clock },
    {
      TRUST_PROXY_HOPS: '1',
      PROVIDER_FAILURES_TO_PAUSE: '5',
      PROVIDER_PAUSE_SECONDS: '60',
      SESSION_RECHECK_SECONDS: String(RECHECK_MS / 1000),
    },
  );
});
after(() => site.close());

const signIn = (token: string, address: string) => postSession(site.origin, token, { 'X-Forwarded-For': address });

function docs(cookie: string, address: string) {
  return rawRequest(site.origin, '/docs/guide', {
    headers: { Accept: 'text/html', Cookie: `__session=${cookie}`, 'X-Forwarded-For': address },
  });
}

describe('token-shaped junk (security)', () => {
  it('never pauses the provider: honest sign-ins and due re-checks succeed while junk streams in', async () => {
    const opened = await signIn(FakeProvider.idToken('ana.torres@uai.cl'), '203.0.113.1');
    assert.equal(opened.status, 204);
    const member = String(opened.headers['set-cookie']).split(';')[0]!.slice('__session='.length);
    assert.equal((await docs(member, '203.0.113.1')).status, 200);

    const junkStatuses = new Set<number>();
    const honest: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const junk = await Promise.all(
        JUNK_TOKENS.flatMap((token, index) => {
          const address = `198.51.100.${round * JUNK_TOKENS.length + index}`;
          return [
            signIn(token, address),
            docs(token, address),
            rawRequest(site.origin, '/api/session', {
              method: 'DELETE',
              headers: { Origin: site.origin, Cookie: `__session=${token}`, 'X-Forwarded-For': address },
            }),
          ];
        }),
      );
      for (const response of junk) junkStatuses.add(response.status);
      honest.push(
        (
          await signIn(
            FakeProvider.idToken(`reader${round}@alumnos.uai.cl`, { authTime: Math.floor(clock / 1000) }),
            '203.0.113.2',
          )
        ).status,
      );
      clock += RECHECK_MS;
      honest.push((await docs(member, '203.0.113.1')).status);
    }
    assert.deepEqual(honest, Array.from({ length: 20 }, () => [204, 200]).flat());
    assert.deepEqual([...junkStatuses].sort(), [204, 302, 401]);
  });
});
