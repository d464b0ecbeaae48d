import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEMO_PASSWORD,
  EMULATOR_HOST,
  PROJECT_ID,
  createAccount,
  startAuthEmulator,
} from '../../scripts/authEmulator.mjs';
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
  stopEmulator = await startAuthEmulator({ quiet: true, keepAlive: true, log: (message) => messages.push(message) });
  site = await startTestSite(undefined, {}, { SESSION_RECHECK_SECONDS: '1' });
});
after(async () => {
  await site?.close();
  await stopEmulator?.();
});

async function signInWithPassword(email: string): Promise<{ idToken: string; localId: string }> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  assert.equal(response.status, 200);
  return (await response.json()) as { idToken: string; localId: string };
}

async function idTokenOf(email: string): Promise<string> {
  return (await signInWithPassword(email)).idToken;
}

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm start and the Auth emulator', () => {
  it('says when the emulator dies, starts it again with the demo accounts, and says it is back', async () => {
    const firstPid = stopEmulator.emulatorPid();
    assert.equal(typeof firstPid, 'number');
    process.kill(-firstPid!, 'SIGKILL');
    const deadline = Date.now() + 60_000;
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
    assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide');
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
      assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide');
    });
  }
});

const identityToolkit = (method: string, body: object) =>
  fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Signs in with the e-mail link the emulator recorded for the address, as the SDK would. */
async function signInByLink(email: string): Promise<{ idToken: string; isNewUser: boolean }> {
  const sent = await identityToolkit('accounts:sendOobCode', {
    requestType: 'EMAIL_SIGNIN',
    email,
    continueUrl: `${site.origin}/signin`,
    canHandleCodeInApp: true,
  });
  assert.equal(sent.status, 200);
  const listed = (await (
    await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  ).json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  const link = listed.oobCodes.filter((code) => code.email === email && code.requestType === 'EMAIL_SIGNIN').at(-1)!;
  const signedIn = await identityToolkit('accounts:signInWithEmailLink', { email, oobCode: link.oobCode });
  assert.equal(signedIn.status, 200);
  return (await signedIn.json()) as { idToken: string; isNewUser: boolean };
}

describe('an account someone else created with a member’s address (security)', () => {
  it('no longer opens with that password, nor with sessions from before, once the member signs in by link', async () => {
    const email = `pre.created.${Date.now()}@alumnos.uai.cl`;
    const chosen = 'chosen-by-someone-else';
    const signUp = await identityToolkit('accounts:signUp', { email, password: chosen, returnSecureToken: true });
    assert.equal(signUp.status, 200);
    await sleep(1_100);

    const member = await signInByLink(email);
    // What the provider does by itself: the same account, now verified, and the password kept,
    // so whoever chose it signs in as a verified member and is let in.
    assert.equal(member.isNewUser, false);
    const before = await identityToolkit('accounts:signInWithPassword', {
      email,
      password: chosen,
      returnSecureToken: true,
    });
    assert.equal(before.status, 200);
    const { idToken: theirToken } = (await before.json()) as { idToken: string };
    const theirCookie = await open(theirToken);
    assert.equal((await page(theirCookie)).status, 200);
    await sleep(1_100);

    const finished = await rawRequest(site.origin, '/api/session/email-link', {
      method: 'POST',
      headers: { Origin: site.origin, Authorization: `Bearer ${member.idToken}` },
    });
    assert.equal(finished.status, 200);
    const { customToken } = JSON.parse(finished.body.toString()) as { customToken: string };
    const again = await identityToolkit('accounts:signInWithCustomToken', {
      token: customToken,
      returnSecureToken: true,
    });
    assert.equal(again.status, 200);
    const memberCookie = await open(((await again.json()) as { idToken: string }).idToken);
    assert.equal((await page(memberCookie)).status, 200);

    assert.equal((await page(theirCookie)).status, 302);
    const after = await identityToolkit('accounts:signInWithPassword', { email, password: chosen });
    assert.equal(after.status, 400);
    assert.equal(((await after.json()) as { error: { message: string } }).error.message, 'INVALID_PASSWORD');
    const reused = await rawRequest(site.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: site.origin, Authorization: `Bearer ${theirToken}` },
    });
    assert.equal(reused.status, 401);
  });
});
