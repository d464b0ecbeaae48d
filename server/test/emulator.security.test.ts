import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEMO_PASSWORD,
  EMULATOR_HOST,
  PROJECT_ID,
  createAccount,
  startAuthEmulator,
} from '../../scripts/authEmulator.mjs';
import { idTokenOf, sleep, toolkitJson } from './emulatorKit.js';
import { openSession, rawRequest, startTestSite, type TestSite } from './helpers.js';

/**
 * Against the real Firebase Auth emulator and the Admin SDK: what sign-out does to a copy of
 * the session cookie kept elsewhere. The re-check interval is shortened to one second so the
 * test need not wait the default four minutes.
 */
let stopEmulator: Awaited<ReturnType<typeof startAuthEmulator>>;
let site: TestSite;
const messages: string[] = [];
before(async () => {
  stopEmulator = await startAuthEmulator({
    quiet: true,
    keepAlive: true,
    own: true,
    log: (message) => messages.push(message),
  });
  site = await startTestSite(undefined, {}, { SESSION_RECHECK_SECONDS: '1' });
});
after(async () => {
  await site?.close();
  await stopEmulator?.();
});

const signInWithPassword = (email: string) =>
  toolkitJson<{ idToken: string; localId: string }>('accounts:signInWithPassword', {
    email,
    password: DEMO_PASSWORD,
    returnSecureToken: true,
  });

/** Changes an account as an operator would in the console (the emulator's admin API). */
async function updateAccount(localId: string, changes: { email?: string; emailVerified?: boolean }): Promise<void> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId, ...changes }),
    },
  );
  assert.equal(response.status, 200, await response.text());
}

const open = (idToken: string) => openSession(site.origin, idToken);

const page = (cookie: string) =>
  rawRequest(site.origin, '/docs/guide', { headers: { Cookie: cookie, Accept: 'text/html' } });

describe('npm start and the Auth emulator', () => {
  it('says when the emulator dies, starts it again with the demo accounts, and says it is back', async () => {
    const firstPid = stopEmulator.emulatorPid();
    assert.equal(typeof firstPid, 'number');
    process.kill(-firstPid!, 'SIGKILL');
    // As long as a restart may take on a busy machine (the emulator's own start timeout), and then some.
    const deadline = Date.now() + 180_000;
    while (messages.length < 2 && Date.now() < deadline) await sleep(250);
    assert.deepEqual(messages, [
      'The Firebase Auth emulator stopped (SIGKILL): nobody can sign in until it is back. Restarting it…',
      `The Firebase Auth emulator is back at http://${EMULATOR_HOST}, with the demo accounts.`,
    ]);
    assert.notEqual(stopEmulator.emulatorPid(), firstPid);
    assert.equal((await idTokenOf('ana.torres@uai.cl')).length > 100, true);
  });
});

describe('sign-out with the Auth emulator (security)', () => {
  it('refuses a kept copy of the cookie once the re-check is due', async () => {
    const opened = await rawRequest(site.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: site.origin, Authorization: `Bearer ${await idTokenOf('ana.torres@uai.cl')}` },
    });
    assert.equal(opened.status, 204);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    assert.equal((await page(cookie)).status, 200);

    // Firebase compares revocation times in whole seconds: sign out in a later second than sign-in.
    await sleep(1_100);
    const closed = await rawRequest(site.origin, '/api/session', {
      method: 'DELETE',
      headers: { Origin: site.origin, Cookie: cookie },
    });
    assert.equal(closed.status, 204);
    await sleep(1_100);
    const kept = await page(cookie);
    assert.equal(kept.status, 302);
    assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide&ended=signed-out');
  });

  it('keeps serving a session that was not signed out', async () => {
    const opened = await rawRequest(site.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: site.origin, Authorization: `Bearer ${await idTokenOf('diego.rojas@alumnos.uai.cl')}` },
    });
    assert.equal(opened.status, 204);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    await sleep(1_100);
    assert.equal((await page(cookie)).status, 200);
  });

  for (const [change, changes] of [
    ['its address changed to an outsider’s', { email: 'someone@example.org' }],
    ['its address marked unverified', { emailVerified: false }],
  ] as const) {
    it(`refuses a session at its next re-check once the account has ${change}`, async () => {
      const email = `follow.${Object.keys(changes)[0]!.toLowerCase()}@uai.cl`;
      await createAccount({ email, emailVerified: true });
      const { idToken, localId } = await signInWithPassword(email);
      const cookie = await open(idToken);
      assert.equal((await page(cookie)).status, 200);
      await updateAccount(localId, changes);
      await sleep(1_100);
      const kept = await page(cookie);
      assert.equal(kept.status, 302);
      assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide&ended=no-longer-admitted');
    });
  }
});
