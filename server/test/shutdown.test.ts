import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { shutDownGracefully } from '../src/shutdown.js';
import { FakeProvider } from './fakeProvider.js';
import { FIXTURE, rawRequest, startTestSite, type TestSite } from './helpers.js';

let site: TestSite | undefined;
afterEach(async () => {
  await site?.close().catch(() => {});
  site = undefined;
});

/** A members' page request left waiting at a provider that answers only when released. */
async function requestHeldAtTheProvider() {
  const verifier = new FakeProvider();
  verifier.hold();
  site = await startTestSite(FIXTURE, { verifier });
  const inFlight = rawRequest(site.origin, '/docs/guide/', {
    headers: { Cookie: `__session=${FakeProvider.sessionCookie('ana@uai.cl')}` },
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { verifier, inFlight, started: site };
}

describe('shutting down on SIGTERM', () => {
  it('stops accepting, finishes the request in flight, then exits', async () => {
    const { verifier, inFlight, started } = await requestHeldAtTheProvider();
    let exitCode: number | undefined;
    shutDownGracefully(started.server, 7_000, (code) => (exitCode = code));
    await assert.rejects(rawRequest(started.origin, '/labs/'), /ECONNREFUSED/);
    assert.equal(exitCode, undefined);
    verifier.release();
    assert.equal((await inFlight).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(exitCode, 0);
  });

  it('exits within the grace period even when a client keeps a request open', async () => {
    const { verifier, inFlight: stuck } = await requestHeldAtTheProvider();
    stuck.catch(() => {});
    let exitCode: number | undefined;
    const started = Date.now();
    await new Promise<void>((resolve) =>
      shutDownGracefully(site!.server, 300, (code) => {
        exitCode = code;
        resolve();
      }),
    );
    assert.equal(exitCode, 0);
    assert.ok(Date.now() - started < 2_000);
    verifier.release();
  });
});
