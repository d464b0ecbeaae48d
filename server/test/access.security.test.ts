import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { EMULATOR_HOST, PROJECT_ID, createAccount, startAuthEmulator } from '../../scripts/authEmulator.mjs';
import { createLogger } from '../src/logging.js';
import { access, dayFromNow, idTokenOf, passwordSession, signInByLink, sleep } from './emulatorKit.js';
import { openSession, rawRequest, readPage, startTestSite, type TestSite } from './helpers.js';

/**
 * Access the centre grants at run time, against the real Auth emulator: the operators' command
 * changes an account's claims or state, and two server instances (re-checking every second) follow.
 */
let stopEmulator: Awaited<ReturnType<typeof startAuthEmulator>>;
let first: TestSite;
let second: TestSite;
const logLines: string[] = [];

before(async () => {
  stopEmulator = await startAuthEmulator({ quiet: true });
  // The first instance keeps a verified session for the default four minutes; the second re-checks every second.
  const env = { SESSION_RECHECK_SECONDS: '1' };
  const logger = createLogger(
    { level: 'info', service: 'test', projectId: PROJECT_ID, isHumanReadable: false },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    }),
  );
  first = await startTestSite(undefined, { logger }, {});
  second = await startTestSite(undefined, {}, env);
});
after(async () => {
  await first?.close();
  await second?.close();
  await stopEmulator?.();
});

const unique = (local: string, domain: string) => `${local}.${Date.now().toString(36)}@${domain}`;
const docs = (site: TestSite, cookie: string) => readPage(site.origin, '/docs/guide', cookie);

describe('invitations, revocation and suspension (security)', () => {
  it('an invited outsider signs in by link and reads; after revoke, a kept cookie is refused on another instance at its re-check', async () => {
    const guest = unique('visiting.researcher', 'example.org');
    const invited = access('invite', guest, '--until', dayFromNow(30), '--note', 'Semester visit');
    assert.equal(invited.status, 0, invited.stderr);
    const session = await signInByLink(first, guest);
    assert.equal(session.status, 204);
    assert.equal((await docs(first, session.cookie!)).status, 200);
    assert.equal((await docs(second, session.cookie!)).status, 200);

    const revoked = access('revoke', guest);
    assert.equal(revoked.status, 0, revoked.stderr);
    await sleep(1_100);
    const kept = await docs(second, session.cookie!);
    assert.equal(kept.status, 302);
    assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide');
  });

  it('refuses an invitation past its end date, saying so', async () => {
    const guest = unique('former.partner', 'example.org');
    await createAccount({ email: guest, emailVerified: true });
    const lookup = (await (
      await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: [guest] }),
      })
    ).json()) as { users: { localId: string }[] };
    const until = dayFromNow(-1);
    const invitation = { email: guest, until, by: 'ops@uai.cl', at: new Date().toISOString() };
    await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: lookup.users[0]!.localId, customAttributes: JSON.stringify({ invitation }) }),
    });
    const session = await signInByLink(first, guest);
    assert.equal(session.status, 403);
    assert.deepEqual(session.body, { error: 'not-allowed', email: guest, reason: 'invitation-ended', until });
  });

  it('an invitation for x@uai.cl.evil.example admits exactly that address', async () => {
    const stamp = Date.now().toString(36);
    const invited = `x${stamp}@uai.cl.evil.example`;
    assert.equal(access('invite', invited, '--until', dayFromNow(7)).status, 0);
    assert.equal((await signInByLink(first, invited)).status, 204);
    for (const other of [`y${stamp}@uai.cl.evil.example`, `x${stamp}@evil.example`])
      assert.equal((await signInByLink(first, other)).status, 403, other);
  });

  it('a suspended university member is refused within the re-check window on another instance', async () => {
    const member = unique('leaving.student', 'alumnos.uai.cl');
    const session = await signInByLink(first, member);
    assert.equal(session.status, 204);
    assert.equal((await docs(second, session.cookie!)).status, 200);
    const suspended = access('suspend', member, '--reason', 'Left the programme');
    assert.equal(suspended.status, 0, suspended.stderr);
    await sleep(1_100);
    assert.equal((await docs(second, session.cookie!)).status, 302);
    assert.equal(access('restore', member).status, 0);
  });
});

describe('the access command', () => {
  it('says why it refuses, in one line, and exits non-zero', () => {
    const cases: [string[], string][] = [
      [
        ['invite', 'ana.torres@uai.cl', '--until', dayFromNow(5)],
        'access: ana.torres@uai.cl is already admitted by the access rule; it needs no invitation.',
      ],
      [['invite', 'partner@example.org', '--until', dayFromNow(-2)], `access: ${dayFromNow(-2)} is in the past.`],
      [
        ['invite', 'partner@example.org', '--until', dayFromNow(400)],
        `access: ${dayFromNow(400)} is more than a year ahead.`,
      ],
      [['invite', 'partner@example.org', '--until', '2027-02-30'], 'access: "2027-02-30" is not a date (YYYY-MM-DD).'],
      [['invite', 'not-an-address', '--until', dayFromNow(5)], 'access: "not-an-address" is not an e-mail address.'],
      [['revoke', 'nobody.here@example.org'], 'access: No account has the address nobody.here@example.org.'],
      [['suspend', 'diego.rojas@alumnos.uai.cl'], 'access: A reason is required.'],
    ];
    for (const [args, line] of cases) {
      const result = access(...args);
      assert.equal(result.status, 1, args.join(' '));
      assert.equal(result.stderr, `${line}\n`, args.join(' '));
      assert.equal(result.stdout, '', args.join(' '));
    }
    assert.equal(access('frobnicate').status, 2);
  });

  it('writes exactly one audit line per change, and lists who has access', () => {
    const guest = unique('audited.guest', 'example.org');
    const invited = access('invite', guest, '--until', dayFromNow(10), '--note', 'Industry partner');
    const lines = invited.stdout.trim().split('\n');
    assert.equal(lines.length, 1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.equal(entry.severity, 'INFO');
    assert.equal(entry.audit, true);
    assert.equal(entry.event, 'access-changed');
    assert.equal(entry.action, 'invite');
    assert.equal(entry.email, 'ops@uai.cl');
    assert.equal(entry.target, guest);
    assert.equal(entry.until, dayFromNow(10));
    assert.equal(entry.note, 'Industry partner');
    assert.equal(entry.outcome, 'done');
    assert.equal(entry.message, `ops@uai.cl: invite ${guest}`);

    const list = access('list');
    assert.equal(list.status, 0);
    const row = list.stdout.split('\n').find((line) => line.startsWith(guest))!;
    assert.match(
      row,
      new RegExp(
        `^${guest.replace(/\./g, '\\.')} +invited +${dayFromNow(10)} +ops@uai\\.cl +\\S+ \\S+ +Industry partner$`,
      ),
    );
    assert.match(list.stdout, /^ana\.torres@uai\.cl +admin/m);
  });
});

describe('the audit trail of the server', () => {
  it('records the session opened, each documentation page served and the sign-out, never a token or cookie', async () => {
    logLines.length = 0;
    const member = unique('audited.member', 'uai.cl');
    const session = await signInByLink(first, member);
    assert.equal(
      (
        await rawRequest(first.origin, '/docs/guide', {
          headers: { Cookie: session.cookie!, traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` },
        })
      ).status,
      200,
    );
    assert.equal(
      (await rawRequest(first.origin, '/docs/assets/js/content.89abcdef.js', { headers: { Cookie: session.cookie! } }))
        .status,
      200,
    );
    await rawRequest(first.origin, '/api/session', {
      method: 'DELETE',
      headers: { Origin: first.origin, Cookie: session.cookie! },
    });
    const events = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.audit === true);
    assert.deepEqual(
      events.map((entry) => [entry.event, entry.email, entry.outcome, entry.path]),
      [
        ['account-secured', member, 'secured', '/api/session/email-link'],
        ['session-opened', member, 'opened', '/api/session'],
        ['page-served', member, 'served', '/docs/guide/index.html'],
        ['signed-out', member, 'signed-out', '/api/session'],
      ],
    );
    assert.equal(events[2]!['logging.googleapis.com/trace'], `projects/${PROJECT_ID}/traces/${'a'.repeat(32)}`);
    const cookieValue = session.cookie!.split('=')[1]!;
    for (const line of logLines) assert.equal(line.includes(cookieValue.slice(0, 40)), false);
  });
});

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
    const member = await passwordSession(first, 'diego.rojas@alumnos.uai.cl');
    for (const [action, body] of [['access', undefined] as [string, undefined], ...CHANGES]) {
      const anonymous = await adminCall(first, action, null, body);
      assert.equal(anonymous.status, 401, action);
      assert.deepEqual(JSON.parse(anonymous.body.toString()), { error: 'sign-in-required' });
      const refused = await adminCall(first, action, member, body);
      assert.equal(refused.status, 403, action);
      assert.deepEqual(JSON.parse(refused.body.toString()), { error: 'not-admin' });
      assert.equal(refused.headers['cache-control'], 'private, no-store');
      assert.equal(refused.headers['content-type'], 'application/json; charset=utf-8');
    }
    assert.equal(access('list').stdout, before);
  });

  it('refuses cross-origin requests, reads included, even with an admin’s cookie', async () => {
    const admin = await passwordSession(first, 'ana.torres@uai.cl');
    assert.equal((await adminCall(first, 'access', admin)).status, 200);
    for (const headers of [
      { Origin: 'https://evil.example' } as Record<string, string>,
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ])
      assert.equal((await adminCall(first, 'access', admin, undefined, headers)).status, 403, JSON.stringify(headers));
    const invite = await adminCall(
      first,
      'invite',
      admin,
      { email: 'x@example.org', until: dayFromNow(3) },
      { Origin: 'https://evil.example' },
    );
    assert.equal(invite.status, 403);
    const bare = await rawRequest(first.origin, '/api/admin/access', { headers: { Cookie: admin } });
    assert.equal(bare.status, 403);
  });

  it('lets an admin change access: one audit line each, a suspension refused at once on this instance and within the window on another', async () => {
    const admin = await passwordSession(first, 'ana.torres@uai.cl');
    const member = unique('suspended.here', 'uai.cl');
    const session = await signInByLink(first, member);
    assert.equal((await docs(first, session.cookie!)).status, 200);
    assert.equal((await docs(second, session.cookie!)).status, 200);

    logLines.length = 0;
    const suspended = await adminCall(first, 'suspend', admin, { email: member, reason: 'Account shared with others' });
    assert.equal(suspended.status, 200);
    assert.equal((await docs(first, session.cookie!)).status, 302);
    await sleep(1_100);
    assert.equal((await docs(second, session.cookie!)).status, 302);
    const changes = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.event === 'access-changed');
    assert.equal(changes.length, 1);
    assert.equal(changes[0]!.action, 'suspend');
    assert.equal(changes[0]!.email, 'ana.torres@uai.cl');
    assert.equal(changes[0]!.target, member);
    assert.equal(changes[0]!.reason, 'Account shared with others');

    const refused = await adminCall(first, 'invite', admin, { email: 'ana.torres@uai.cl', until: dayFromNow(3) });
    assert.equal(refused.status, 400);
    assert.deepEqual(JSON.parse(refused.body.toString()), {
      error: 'refused',
      code: 'already-admitted',
      message: 'ana.torres@uai.cl is already admitted by the access rule; it needs no invitation.',
    });
    assert.equal((await adminCall(first, 'restore', admin, { email: member })).status, 200);
    assert.equal(
      logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.event === 'access-changed').length,
      2,
    );
  });
});

describe('requests for access (security)', () => {
  it('an outsider asks once; an admin approves it as an invitation; the outsider then reads', async () => {
    const outsider = unique('asking', 'example.net');
    await createAccount({ email: outsider, emailVerified: true });
    const ask = (note: string) =>
      rawRequest(first.origin, '/api/access-request', {
        method: 'POST',
        headers: { Origin: first.origin, 'Content-Type': 'application/json', Authorization: '' },
        body: JSON.stringify({ note }),
      });
    assert.equal((await ask('no token')).status, 401);
    const token = await idTokenOf(outsider);
    const request = (note: string, headers: Record<string, string> = {}) =>
      rawRequest(first.origin, '/api/access-request', {
        method: 'POST',
        headers: {
          Origin: first.origin,
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

    const refusal = await rawRequest(first.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: first.origin, Authorization: `Bearer ${await idTokenOf(outsider)}` },
    });
    const said = JSON.parse(refusal.body.toString()) as { reason: string; request: { outcome: string } };
    assert.equal(refusal.status, 403);
    assert.equal(said.request.outcome, 'open');

    const requests = access('requests');
    assert.match(
      requests.stdout,
      new RegExp(`^${outsider.replace(/\./g, '\\.')} +request .*Industry partner on the sensor pilot$`, 'm'),
    );
    const admin = await passwordSession(first, 'ana.torres@uai.cl');
    assert.equal((await adminCall(first, 'approve', admin, { email: outsider, until: dayFromNow(20) })).status, 200);
    const cookie = await openSession(first.origin, await idTokenOf(outsider));
    assert.equal((await docs(first, cookie)).status, 200);
  });

  it('a member’s own request is refused, since the rule already admits them', async () => {
    const token = await idTokenOf('diego.rojas@alumnos.uai.cl');
    const asked = await rawRequest(first.origin, '/api/access-request', {
      method: 'POST',
      headers: { Origin: first.origin, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ note: 'Me too' }),
    });
    assert.equal(asked.status, 409);
    assert.deepEqual(JSON.parse(asked.body.toString()), { error: 'already-allowed' });
  });
});
