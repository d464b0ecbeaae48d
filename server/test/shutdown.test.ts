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
  // A fixed pause loses the race on a loaded machine: wait until the request is really held.
  while (verifier.calls === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  return { verifier, inFlight, started: site };
}

describe('shutting down on SIGTERM', () => {
  it('stops accepting, finishes the request in flight, then exits', async () => {
    const { verifier, inFlight, started } = await requestHeldAtTheProvider();
    let exitCode: number | undefined;
    const exited = new Promise<void>((resolve) =>
      shutDownGracefully(started.server, 7_000, (code) => {
        exitCode = code;
        resolve();
      }),
    );
    await assert.rejects(rawRequest(started.origin, '/labs/'), /ECONNREFUSED/);
    assert.equal(exitCode, undefined);
    verifier.release();
    assert.equal((await inFlight).status, 200);
    const startedWaiting = Date.now();
    await exited;
    assert.equal(exitCode, 0);
    // Well before the 7 s grace period: the server closed once the request finished.
    assert.ok(Date.now() - startedWaiting < 2_000);
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
