import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount, latestLink } from '../../scripts/authEmulator.mjs';
import { openSession, rawRequest, type TestSite, readGuide } from './helpers.js';
import {
  access,
  dayFromNow,
  idTokenOf,
  passwordSession,
  signInByLink,
  sleep,
  twoInstances,
  unique,
} from './emulatorKit.js';

/**
 * The admins' API and requests for access against the real Auth emulator: who may call it, from
 * where, and what each change does on both instances.
 */
const sites = twoInstances();

function adminCall(
  site: TestSite,
  action: string,
  cookie: string | null,
  body?: object,
  headers: Record<string, string> = {},
) {
  const isRead = body === undefined;
  return rawRequest(site.origin, `/api/admin/${action}`, {
    method: isRead ? 'GET' : 'POST',
    headers: {
      ...(isRead ? { 'Sec-Fetch-Site': 'same-origin' } : { Origin: site.origin, 'Content-Type': 'application/json' }),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    ...(isRead ? {} : { body: JSON.stringify(body) }),
  });
}

const CHANGES: [string, object][] = [
  ['invite', { email: 'someone@example.org', until: dayFromNow(3) }],
  ['revoke', { email: 'guest.reader@example.com' }],
  ['suspend', { email: 'ana.torres@uai.cl', reason: 'test' }],
  ['restore', { email: 'ana.torres@uai.cl' }],
  ['approve', { email: 'visitor@example.org', until: dayFromNow(3) }],
  ['decline', { email: 'visitor@example.org' }],
];

describe('the admin API (security)', () => {
  it('answers 401 without a session and 403 to a member who is not an admin, for every endpoint, changing nothing', async () => {
    const before = access('list').stdout;
    const member = await passwordSession(sites.first, 'diego.rojas@alumnos.uai.cl');
    for (const [action, body] of [['access', undefined] as [string, undefined], ...CHANGES]) {
      const anonymous = await adminCall(sites.first, action, null, body);
      assert.equal(anonymous.status, 401, action);
      assert.deepEqual(JSON.parse(anonymous.body.toString()), { error: 'sign-in-required' });
      const refused = await adminCall(sites.first, action, member, body);
      assert.equal(refused.status, 403, action);
      assert.deepEqual(JSON.parse(refused.body.toString()), { error: 'not-admin' });
      assert.equal(refused.headers['cache-control'], 'private, no-store');
      assert.equal(refused.headers['content-type'], 'application/json; charset=utf-8');
    }
    assert.equal(access('list').stdout, before);
  });

  it('refuses cross-origin requests, reads included, even with an admin’s cookie', async () => {
    const admin = await passwordSession(sites.first, 'ana.torres@uai.cl');
    assert.equal((await adminCall(sites.first, 'access', admin)).status, 200);
    for (const headers of [
      { Origin: 'https://evil.example' } as Record<string, string>,
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ])
      assert.equal(
        (await adminCall(sites.first, 'access', admin, undefined, headers)).status,
        403,
        JSON.stringify(headers),
      );
    const invite = await adminCall(
      sites.first,
      'invite',
      admin,
      { email: 'x@example.org', until: dayFromNow(3) },
      { Origin: 'https://evil.example' },
    );
    assert.equal(invite.status, 403);
    const bare = await rawRequest(sites.first.origin, '/api/admin/access', { headers: { Cookie: admin } });
    assert.equal(bare.status, 403);
  });

  it('lets an admin change access: one audit line each, a suspension refused at once on this instance and within the window on another', async () => {
    const admin = await passwordSession(sites.first, 'ana.torres@uai.cl');
    const member = unique('suspended.here', 'uai.cl');
    const session = await signInByLink(sites.first, member);
    assert.equal((await readGuide(sites.first, session.cookie!)).status, 200);
    assert.equal((await readGuide(sites.second, session.cookie!)).status, 200);

    sites.logLines.length = 0;
    const suspended = await adminCall(sites.first, 'suspend', admin, {
      email: member,
      reason: 'Account shared with others',
    });
    assert.equal(suspended.status, 200);
    assert.equal((await readGuide(sites.first, session.cookie!)).status, 302);
    await sleep(1_100);
    assert.equal((await readGuide(sites.second, session.cookie!)).status, 302);
    const changes = sites.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.event === 'access-changed');
    assert.equal(changes.length, 1);
    assert.equal(changes[0]!.action, 'suspend');
    assert.equal(changes[0]!.email, 'ana.torres@uai.cl');
    assert.equal(changes[0]!.target, member);
    assert.equal(changes[0]!.reason, 'Account shared with others');

    const refused = await adminCall(sites.first, 'invite', admin, { email: 'ana.torres@uai.cl', until: dayFromNow(3) });
    assert.equal(refused.status, 400);
    assert.deepEqual(JSON.parse(refused.body.toString()), {
      error: 'refused',
      code: 'already-admitted',
      message: 'ana.torres@uai.cl is already admitted by the access rule; it needs no invitation.',
    });
    assert.equal((await adminCall(sites.first, 'restore', admin, { email: member })).status, 200);
    assert.equal(
      sites.logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.event === 'access-changed').length,
      2,
    );
  });
});

describe('an admin’s own account (security)', () => {
  it('refuses an admin’s suspension of their own account, in any spelling of the address, and the admin stays signed in', async () => {
    const email = unique('own.admin', 'uai.cl');
    await createAccount({ email, emailVerified: true, admin: true });
    const admin = await passwordSession(sites.first, email);
    const [local, domain] = email.split('@');
    for (const spelling of [email, email.toUpperCase(), `${local}+other@${domain}`]) {
      if (spelling.includes('+')) await createAccount({ email: spelling, emailVerified: true });
      const refused = await adminCall(sites.first, 'suspend', admin, { email: spelling, reason: 'Mistake' });
      assert.equal(refused.status, 400, spelling);
      assert.deepEqual(JSON.parse(refused.body.toString()), {
        error: 'refused',
        code: 'self-suspend',
        message: 'An admin cannot suspend their own account.',
      });
    }
    assert.equal((await adminCall(sites.first, 'access', admin)).status, 200);
    const found = access('find', email);
    assert.doesNotMatch(found.stdout, /suspended/i);
  });
});

describe('an invited guest is told', () => {
  it('e-mails a new guest a sign-in link in the admin page’s language, to the documentation, as an approval does', async () => {
    const admin = await passwordSession(sites.first, 'ana.torres@uai.cl');
    for (const [locale, prefix] of [
      ['es', '/es'],
      [undefined, ''],
    ] as const) {
      const guest = unique('told.guest', 'example.org');
      const invited = await adminCall(sites.first, 'invite', admin, {
        email: guest,
        until: dayFromNow(30),
        ...(locale ? { locale } : {}),
      });
      assert.equal(invited.status, 200, invited.body.toString());
      const answer = JSON.parse(invited.body.toString()) as { mailed: boolean; done: { previousUntil?: string } };
      assert.equal(answer.mailed, true);
      // A first invitation replaces none.
      assert.equal(answer.done.previousUntil, undefined);
      const mailed = await latestLink(guest);
      assert.match(
        new URL(mailed!).searchParams.get('continueUrl')!,
        new RegExp(
          `^${sites.first.origin.replace(/\./g, '\\.')}${prefix}/signin\\?next=${encodeURIComponent(`${prefix}/docs/documentation/firebase-auth-setup`)}&granted=1$`,
        ),
      );
    }
  });

  it('says when an address was invited already: the answer names the last day of the invitation it replaces', async () => {
    const admin = await passwordSession(sites.first, 'ana.torres@uai.cl');
    const guest = unique('again.guest', 'example.org');
    const invite = async (until: string) =>
      JSON.parse((await adminCall(sites.first, 'invite', admin, { email: guest, until })).body.toString()) as {
        done: { until: string; previousUntil?: string };
      };
    assert.equal((await invite(dayFromNow(30))).done.previousUntil, undefined);
    const again = await invite(dayFromNow(60));
    assert.deepEqual([again.done.until, again.done.previousUntil], [dayFromNow(60), dayFromNow(30)]);
  });
});

describe('requests for access (security)', () => {
  it('an outsider asks once; an admin approves it as an invitation; the outsider then reads', async () => {
    const outsider = unique('asking', 'example.net');
    await createAccount({ email: outsider, emailVerified: true });
    const ask = (note: string) =>
      rawRequest(sites.first.origin, '/api/access-request', {
        method: 'POST',
        headers: { Origin: sites.first.origin, 'Content-Type': 'application/json', Authorization: '' },
        body: JSON.stringify({ note }),
      });
    assert.equal((await ask('no token')).status, 401);
    const token = await idTokenOf(outsider);
    const request = (note: string, headers: Record<string, string> = {}) =>
      rawRequest(sites.first.origin, '/api/access-request', {
        method: 'POST',
        headers: {
          Origin: sites.first.origin,
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          ...headers,
        },
        body: JSON.stringify({ note }),
      });
    assert.equal((await request('From elsewhere', { Origin: 'https://evil.example' })).status, 403);
    const asked = await request('Industry partner on the sensor pilot');
    assert.equal(asked.status, 201);
    assert.equal((await request('Again')).status, 409);

    const refusal = await rawRequest(sites.first.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: sites.first.origin, Authorization: `Bearer ${await idTokenOf(outsider)}` },
    });
    const said = JSON.parse(refusal.body.toString()) as { reason: string; request: { outcome: string } };
    assert.equal(refusal.status, 403);
    assert.equal(said.request.outcome, 'open');

    const requests = access('requests');
    assert.match(
      requests.stdout,
      new RegExp(`^${outsider.replace(/\./g, '\\.')} +request .*Industry partner on the sensor pilot$`, 'm'),
    );
    const admin = await passwordSession(sites.first, 'ana.torres@uai.cl');
    const approved = await adminCall(sites.first, 'approve', admin, { email: outsider, until: dayFromNow(20) });
    assert.equal(approved.status, 200);
    assert.equal((JSON.parse(approved.body.toString()) as { mailed: boolean }).mailed, true);
    // The provider e-mailed the outsider a sign-in link to the sign-in page, saying access was
    // granted, and on to the documentation's first page (the request named no page).
    const mailed = await latestLink(outsider);
    assert.match(
      new URL(mailed!).searchParams.get('continueUrl')!,
      new RegExp(
        `^${sites.first.origin.replace(/\./g, '\\.')}/signin\\?next=%2Fdocs%2Fdocumentation%2Ffirebase-auth-setup&granted=1$`,
      ),
    );
    const cookie = await openSession(sites.first.origin, await idTokenOf(outsider));
    assert.equal((await readGuide(sites.first, cookie)).status, 200);
  });

  it('a declined request tells the requester the reason, with the page they asked for kept', async () => {
    const outsider = unique('declined', 'example.net');
    await createAccount({ email: outsider, emailVerified: true });
    const asked = await rawRequest(sites.first.origin, '/api/access-request', {
      method: 'POST',
      headers: {
        Origin: sites.first.origin,
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await idTokenOf(outsider)}`,
      },
      body: JSON.stringify({ note: 'Curious', page: '/es/docs/IntrusionSentinel/usage/monitoring' }),
    });
    assert.equal(asked.status, 201);
    const admin = await passwordSession(sites.first, 'ana.torres@uai.cl');
    const listed = await adminCall(sites.first, `access?q=${encodeURIComponent(outsider)}&kind=request`, admin);
    assert.deepEqual(
      (JSON.parse(listed.body.toString()) as { entries: { email: string; page: string; note: string }[] }).entries.map(
        ({ email, page, note }) => [email, page, note],
      ),
      [[outsider, '/es/docs/IntrusionSentinel/usage/monitoring', 'Curious']],
    );
    const reason = 'The documentation is for the pilot’s partners';
    assert.equal((await adminCall(sites.first, 'decline', admin, { email: outsider, reason })).status, 200);
    const refusal = await rawRequest(sites.first.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: sites.first.origin, Authorization: `Bearer ${await idTokenOf(outsider)}` },
    });
    assert.equal(refusal.status, 403);
    const said = JSON.parse(refusal.body.toString()) as { request: { outcome: string; reason: string } };
    assert.deepEqual([said.request.outcome, said.request.reason], ['declined', reason]);
    assert.equal(await latestLink(outsider), null, 'a decline e-mails nothing');
  });

  it('a member’s own request is refused, since the rule already admits them', async () => {
    const token = await idTokenOf('diego.rojas@alumnos.uai.cl');
    const asked = await rawRequest(sites.first.origin, '/api/access-request', {
      method: 'POST',
      headers: { Origin: sites.first.origin, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ note: 'Me too' }),
    });
    assert.equal(asked.status, 409);
    assert.deepEqual(JSON.parse(asked.body.toString()), { error: 'already-allowed' });
  });
});
