import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EMULATOR_HOST, PROJECT_ID, createAccount } from '../../scripts/authEmulator.mjs';
import {
  access,
  dayFromNow,
  identityToolkit,
  idTokenOf,
  passwordSession,
  redeemAtServer,
  sendLink,
  signInByLink,
  signInWithServerLink,
  sleep,
  toolkitJson,
  unique,
  withEmulator,
} from './emulatorKit.js';
import { postSession, rawRequest, startTestSite, type TestSite, readGuide } from './helpers.js';

/**
 * Whose account it is, against the real Auth emulator and the Admin SDK: an outsider prepares a
 * member's account with every way in the provider's public API allows, before the member
 * arrives, and none of them reads once the member has proven the mailbox.
 */
withEmulator();
let site: TestSite;
/** Behind one trusted proxy, so a test can speak for many clients without meeting their limits. */
let proxied: TestSite;

before(async () => {
  site = await startTestSite(undefined, {}, { SESSION_RECHECK_SECONDS: '1' });
  proxied = await startTestSite(undefined, {}, { SESSION_RECHECK_SECONDS: '1', TRUST_PROXY_HOPS: '1' });
});
after(async () => {
  await site?.close();
  await proxied?.close();
});

const ATTACKER_PASSWORD = 'chosen-by-the-outsider';

/** What the outsider does first: a password account for the member's address. */
async function prepare(email: string): Promise<{ idToken: string; localId: string }> {
  return toolkitJson('accounts:signUp', { email, password: ATTACKER_PASSWORD, returnSecureToken: true });
}

/** A GitHub identity, as the emulator's IdP sign-in takes one (a JSON id_token), linked when `idToken` is given. */
async function github(sub: string, email: string | null, idToken?: string) {
  const claims = JSON.stringify({ sub, ...(email ? { email } : {}) });
  return identityToolkit('accounts:signInWithIdp', {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(claims)}&providerId=github.com`,
    returnSecureToken: true,
    returnIdpCredential: true,
    ...(idToken ? { idToken } : {}),
  });
}

/** A phone sign-in with the code the emulator "sent", linked to the account of `idToken` when given. */
async function phone(phoneNumber: string, idToken?: string) {
  const { sessionInfo } = await toolkitJson<{ sessionInfo: string }>('accounts:sendVerificationCode', {
    phoneNumber,
    recaptchaToken: 'emulator',
  });
  const { verificationCodes } = (await (
    await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`)
  ).json()) as { verificationCodes: { phoneNumber: string; code: string; sessionInfo: string }[] };
  const code = verificationCodes.find((entry) => entry.sessionInfo === sessionInfo)!.code;
  return identityToolkit('accounts:signInWithPhoneNumber', { sessionInfo, code, ...(idToken ? { idToken } : {}) });
}

/** The account as the Admin SDK reads it: ways in, claims, state. */
async function lookup(email: string) {
  const ask = () =>
    fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: [email] }),
    });
  // While `npm run access` runs (synchronously), the emulator may close this process's idle
  // connection unnoticed; the first request on it then fails unanswered, and a lookup can be asked
  // again.
  const response = await ask().catch(ask);
  const { users = [] } = (await response.json()) as {
    users?: {
      localId: string;
      providerUserInfo?: { providerId: string }[];
      phoneNumber?: string;
      customAttributes?: string;
      disabled?: boolean;
    }[];
  };
  return users[0];
}

/** `POST /api/access-request` from the site's page, signed in with the account's demo password. */
async function askForAccess(email: string, note: string) {
  return rawRequest(site.origin, '/api/access-request', {
    method: 'POST',
    headers: {
      Origin: site.origin,
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await idTokenOf(email)}`,
    },
    body: JSON.stringify({ note }),
  });
}

/** Every outcome of trying to read with this ID token: the session's answer, and the page with it. */
async function tryToRead(target: TestSite, idToken: string | undefined, headers: Record<string, string> = {}) {
  if (!idToken) return 'no-token';
  const answer = await postSession(target.origin, idToken, headers);
  if (answer.status !== 204) return answer.status;
  const cookie = String(answer.headers['set-cookie']).split(';')[0]!;
  return (await readGuide(target, cookie)).status === 200 ? 'reads' : 'cookie-refused';
}

describe('an account an outsider prepared before its owner arrived (security)', () => {
  it('keeps neither a linked GitHub identity, with or without an e-mail, nor a linked phone, nor the password', async () => {
    const member = unique('prepared', 'uai.cl');
    const prepared = await prepare(member);
    assert.equal((await github(`gh-with-email-${member}`, member, prepared.idToken)).status, 200);
    const second = await idTokenOf(member, ATTACKER_PASSWORD);
    assert.equal((await github(`gh-without-email-${member}`, null, second)).status, 200);
    const third = await idTokenOf(member, ATTACKER_PASSWORD);
    const phoneNumber = `+5695${String(Date.now()).slice(-7)}`;
    assert.equal((await phone(phoneNumber, third)).status, 200);
    assert.deepEqual((await lookup(member))!.providerUserInfo!.map((provider) => provider.providerId).sort(), [
      'github.com',
      'password',
      'phone',
    ]);
    // Their ways in, before the owner arrives: the address is not verified, and not secured.
    assert.equal(
      await tryToRead(
        site,
        ((await github(`gh-with-email-${member}`, member).then((r) => r.json())) as { idToken?: string }).idToken,
      ),
      403,
    );
    await sleep(1_100);

    const owner = await signInByLink(site, member);
    assert.equal(owner.status, 204);
    assert.equal((await readGuide(site, owner.cookie)).status, 200);
    const after = (await lookup(member))!;
    assert.deepEqual(
      after.providerUserInfo!.map((provider) => provider.providerId),
      ['password'],
    );
    assert.equal(after.phoneNumber, undefined);

    const withEmail = await github(`gh-with-email-${member}`, member);
    const withoutEmail = await github(`gh-without-email-${member}`, null);
    const byPhone = await phone(phoneNumber);
    const byPassword = await identityToolkit('accounts:signInWithPassword', {
      email: member,
      password: ATTACKER_PASSWORD,
      returnSecureToken: true,
    });
    assert.equal(byPassword.status, 400);
    assert.equal(((await byPassword.json()) as { error: { message: string } }).error.message, 'INVALID_PASSWORD');
    const outcomes = [];
    for (const answer of [withEmail, withoutEmail, byPhone]) {
      const body = (await answer.json()) as { idToken?: string; localId?: string; needConfirmation?: boolean };
      // The identities were on an account that no longer exists: the provider gives no token for
      // them, or (a phone) one for a new account without the member's address, which the rule refuses.
      outcomes.push(await tryToRead(site, body.idToken));
    }
    assert.deepEqual(outcomes, ['no-token', 'no-token', 403]);
    // The outsider's tokens from before the proof are refused too.
    for (const earlier of [prepared.idToken, second, third]) assert.equal(await tryToRead(site, earlier), 401);
  });

  it('refuses every password token minted while the owner secures the account, over 20 races', async () => {
    /** One race: an outsider signs in with the password again and again while the owner secures. */
    const race = async (index: number) => {
      const member = unique(`raced${index}`, 'alumnos.uai.cl');
      await prepare(member);
      const tokens: string[] = [];
      let isRacing = true;
      const outsider = (async () => {
        while (isRacing) {
          const answer = await identityToolkit('accounts:signInWithPassword', {
            email: member,
            password: ATTACKER_PASSWORD,
            returnSecureToken: true,
          });
          if (answer.ok) tokens.push(((await answer.json()) as { idToken: string }).idToken);
          await sleep(40);
        }
      })();
      const redeemed = await redeemAtServer(proxied, member, await sendLink(member, `${proxied.origin}/signin`), {
        'X-Forwarded-For': `198.51.100.${index}`,
      });
      isRacing = false;
      await outsider;
      assert.equal(redeemed.status, 200);
      let opened = 0;
      for (const [at, token] of tokens.entries()) {
        const outcome = await tryToRead(proxied, token, { 'X-Forwarded-For': `203.0.${index}.${at % 250}` });
        if (outcome === 'reads' || outcome === 'cookie-refused') opened += 1;
      }
      return { opened, minted: tokens.length };
    };
    // Five races at a time, each on an account and client addresses of its own.
    const results = [];
    for (let first = 0; first < 20; first += 5)
      results.push(...(await Promise.all([0, 1, 2, 3, 4].map((offset) => race(first + offset)))));
    assert.equal(results.length, 20);
    assert.equal(
      results.reduce((sum, { opened }) => sum + opened, 0),
      0,
    );
    const minted = results.reduce((sum, { minted }) => sum + minted, 0);
    assert.ok(minted >= 20, `only ${minted} tokens were minted during the races`);
  });

  it('lets no e-mail change the outsider asked for before the owner arrived complete afterwards', async () => {
    for (const ownerWaits of [0, 1_500]) {
      const member = unique('changed.away', 'uai.cl');
      const theirs = unique('outsider.box', 'example.org');
      const prepared = await prepare(member);
      await toolkitJson('accounts:sendOobCode', {
        requestType: 'VERIFY_AND_CHANGE_EMAIL',
        idToken: prepared.idToken,
        newEmail: theirs,
      });
      const { oobCodes } = (await (
        await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
      ).json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
      const code = oobCodes.find((entry) => entry.requestType === 'VERIFY_AND_CHANGE_EMAIL' && entry.email === member)!;
      await sleep(ownerWaits);
      const owner = await signInByLink(site, member);
      assert.equal(owner.status, 204);
      // The emulator applies the code to whichever account has the address it was sent for.
      await identityToolkit('accounts:update', { oobCode: code.oobCode });
      // At the session's next re-check (every second here) the server finds the address changed
      // without the centre's doing: it puts it back and ends every session of the account.
      await sleep(1_100);
      assert.equal((await readGuide(site, owner.cookie)).status, 302);
      assert.equal(await lookup(theirs), undefined, `the outsider's address ${ownerWaits} ms after`);
      assert.notEqual((await lookup(member))?.localId, undefined);
      const again = await signInByLink(site, member);
      assert.equal(again.status, 204);
      assert.equal((await readGuide(site, again.cookie)).status, 200);
    }
  });

  it('opens no session with a token refreshed from before the owner arrived, on the address or moved onto it', async () => {
    const outcomes: unknown[] = [];
    for (const way of ['signed-up', 'moved-onto']) {
      for (const ownerWaits of [0, 1_500]) {
        const member = unique(`refreshed.${way}`, 'alumnos.uai.cl');
        let refreshToken: string;
        if (way === 'signed-up') {
          refreshToken = (
            await toolkitJson<{ refreshToken: string }>('accounts:signUp', {
              email: member,
              password: ATTACKER_PASSWORD,
              returnSecureToken: true,
            })
          ).refreshToken;
        } else {
          const own = await toolkitJson<{ idToken: string }>('accounts:signUp', {
            email: unique('own', 'example.org'),
            password: ATTACKER_PASSWORD,
            returnSecureToken: true,
          });
          refreshToken = (
            await toolkitJson<{ refreshToken: string }>('accounts:update', {
              idToken: own.idToken,
              email: member,
              returnSecureToken: true,
            })
          ).refreshToken;
        }
        await sleep(ownerWaits);
        assert.equal((await signInByLink(site, member)).status, 204);
        const exchanged = await fetch(`http://${EMULATOR_HOST}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
        });
        const idToken = ((await exchanged.json()) as { id_token?: string }).id_token;
        outcomes.push(await tryToRead(site, idToken));
      }
    }
    for (const outcome of outcomes) assert.ok(outcome === 'no-token' || outcome === 401, String(outcome));
    assert.equal(outcomes.length, 4);
  });

  it('secures the account at a first link the rule refuses, so an invitation later admits only the owner', async () => {
    const partner = unique('partner', 'example.net');
    const prepared = await prepare(partner);
    await sleep(1_100);
    const owner = await signInByLink(site, partner);
    assert.equal(owner.status, 403);
    assert.deepEqual(owner.body, { error: 'not-allowed', email: partner, reason: 'not-admitted' });
    assert.equal(access('invite', partner, '--until', dayFromNow(30)).status, 0);
    const theirs = await identityToolkit('accounts:signInWithPassword', {
      email: partner,
      password: ATTACKER_PASSWORD,
      returnSecureToken: true,
    });
    assert.equal(theirs.status, 400);
    assert.equal(await tryToRead(site, prepared.idToken), 401);
    assert.equal((await signInByLink(site, partner)).status, 204);
  });

  it('lets no password read after the owner opens a verification e-mail the outsider had sent', async () => {
    const member = unique('verified.by.mail', 'uai.cl');
    const prepared = await prepare(member);
    await toolkitJson('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: prepared.idToken });
    const { oobCodes } = (await (
      await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
    ).json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
    const verification = oobCodes
      .filter((entry) => entry.email === member && entry.requestType === 'VERIFY_EMAIL')
      .at(-1)!;
    await toolkitJson('accounts:update', { oobCode: verification.oobCode });
    const theirs = await idTokenOf(member, ATTACKER_PASSWORD);
    const answer = await postSession(site.origin, theirs);
    assert.equal(answer.status, 403);
    assert.deepEqual(JSON.parse(answer.body.toString()), { error: 'not-allowed', email: member, reason: 'unsecured' });
  });

  it('shuts a suspended member’s mailbox, under any spelling of it', async () => {
    const local = `suspended.${Date.now().toString(36)}`;
    const member = `${local}@alumnos.uai.cl`;
    await createAccount({ email: member, emailVerified: true });
    const suspended = access('suspend', member, '--reason', 'Shared the account');
    assert.equal(suspended.status, 0, suspended.stderr);
    for (const spelling of [`${local}+1@alumnos.uai.cl`, `${local.toUpperCase()}+X@ALUMNOS.UAI.CL`]) {
      const attempt = await signInByLink(site, spelling);
      assert.equal(attempt.status, 401, spelling);
      assert.deepEqual(attempt.body, { error: 'invalid-token' });
    }
    assert.equal(access('restore', member).status, 0);
    assert.equal((await signInByLink(site, `${local}+1@alumnos.uai.cl`)).status, 204);
  });

  it('suspends the mailbox of a plus-address too, and lists the accounts of one mailbox together', async () => {
    const local = `tagged.${Date.now().toString(36)}`;
    const tagged = `${local}+lab@uai.cl`;
    await createAccount({ email: tagged, emailVerified: true });
    assert.equal(access('suspend', tagged, '--reason', 'Lost laptop').status, 0);
    assert.equal((await lookup(`${local}@uai.cl`))!.disabled, true);
    assert.equal((await signInByLink(site, `${local}@uai.cl`)).status, 403);
    const rows = access('list')
      .stdout.split('\n')
      .filter((row) => row.startsWith(local));
    const escaped = local.replace(/\./g, '\\.');
    assert.equal(rows.length, 2);
    assert.match(rows[0]!, new RegExp(`^${escaped}@uai\\.cl +suspended +ops@uai\\.cl `));
    assert.match(rows[1]!, new RegExp(`^${escaped}\\+lab@uai\\.cl +${escaped}@uai\\.cl +suspended +ops@uai\\.cl `));
  });

  it('hands the browser a one-time link, never a token another could use again', async () => {
    const member = unique('one.time', 'uai.cl');
    const redeemed = await redeemAtServer(site, member, await sendLink(member, `${site.origin}/signin`));
    assert.equal(redeemed.status, 200);
    const body = JSON.parse(redeemed.body.toString()) as Record<string, string>;
    assert.deepEqual(Object.keys(body).sort(), ['email', 'link']);
    const token = await signInWithServerLink(member, body.link!);
    assert.equal(await tryToRead(site, token), 'reads');
    const again = await identityToolkit('accounts:signInWithEmailLink', {
      email: member,
      oobCode: new URL(body.link!).searchParams.get('oobCode'),
    });
    assert.equal(again.status, 400);
    assert.equal(((await again.json()) as { error: { message: string } }).error.message, 'INVALID_OOB_CODE');
  });
});

describe('npm run access with what it is given (security)', () => {
  it('refuses an option it does not know with exit 2, and grants nothing', async () => {
    const member = unique('not.admin', 'uai.cl');
    await createAccount({ email: member, emailVerified: true });
    for (const option of ['--remove=true', '--remve']) {
      const refused = access('admin', member, option);
      assert.equal(refused.status, 2);
      assert.equal(refused.stderr.split('\n')[0], `access: "admin" takes no option "${option}".`);
    }
    assert.equal(JSON.parse((await lookup(member))!.customAttributes ?? '{}').admin, undefined);
  });

  it('stores a request’s note without control or reordering characters, and prints stored text escaped', async () => {
    const outsider = unique('escape', 'example.org');
    await createAccount({ email: outsider, emailVerified: true });
    const asked = await askForAccess(
      outsider,
      '\u001b[2J\u001b[HPlease \u202Eadmit me \u001b]8;;https://evil.example\u0007now',
    );
    assert.equal(asked.status, 201);
    const requests = access('requests');
    assert.equal(requests.status, 0);
    const line = requests.stdout.split('\n').find((row) => row.startsWith(outsider))!;
    assert.match(line, /request .*\[2J \[HPlease admit me \]8;;https:\/\/evil\.example now$/);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    assert.doesNotMatch(requests.stdout, /[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e]/);
  });

  it('refuses a change the provider could not keep before writing anything, and keeps a suspension whole', async () => {
    const guest = unique('long.notes', 'example.org');
    const quotes = '"'.repeat(200);
    assert.equal(access('invite', guest, '--until', dayFromNow(10), '--note', quotes).status, 0);
    const refused = access('suspend', guest, '--reason', quotes);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^access: What .* would then hold is longer than the identity provider keeps/);
    const account = (await lookup(guest))!;
    assert.equal(account.disabled ?? false, false);
    assert.equal(JSON.parse(account.customAttributes!).suspension, undefined);
    const short = access('suspend', guest, '--reason', 'Left the project');
    assert.equal(short.status, 0, short.stderr);
    const suspended = (await lookup(guest))!;
    assert.equal(suspended.disabled, true);
    assert.equal(JSON.parse(suspended.customAttributes!).suspension.reason, 'Left the project');
  });

  it('drops a request’s words once it is decided', async () => {
    const outsider = unique('decided', 'example.org');
    await createAccount({ email: outsider, emailVerified: true });
    assert.equal((await askForAccess(outsider, 'Visiting the lab in March')).status, 201);
    assert.equal(access('decline', outsider).status, 0);
    const request = JSON.parse((await lookup(outsider))!.customAttributes!).request as Record<string, unknown>;
    assert.deepEqual(Object.keys(request).sort(), ['at', 'by', 'decidedAt', 'outcome']);
    assert.equal(request.outcome, 'declined');
  });

  it('lets an admin list access while their own password session is the only way in they use', async () => {
    const admin = await passwordSession(site, 'ana.torres@uai.cl');
    const list = await rawRequest(site.origin, '/api/admin/access', {
      headers: { Cookie: admin, 'Sec-Fetch-Site': 'same-origin' },
    });
    assert.equal(list.status, 200);
  });
});
