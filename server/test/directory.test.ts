import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UserRecord } from 'firebase-admin/auth';
import { ACCESS_PAGE_SIZE, defaultReaderPolicy, type AccessEntry } from '@trust/access-policy';
import { AccountDirectory, accountEntries, searchEntries } from '../src/access/directory.js';

/** An account as the Admin SDK lists it. */
function user(email: string, claims: Record<string, unknown> = {}, more: Partial<UserRecord> = {}): UserRecord {
  return {
    uid: email,
    email,
    emailVerified: true,
    disabled: false,
    customClaims: claims,
    metadata: {
      creationTime: 'Mon, 02 Nov 2026 10:00:00 GMT',
      lastSignInTime: 'Tue, 24 Nov 2026 09:30:00 GMT',
      lastRefreshTime: 'Tue, 24 Nov 2026 09:30:00 GMT',
    },
    ...more,
  } as unknown as UserRecord;
}

const rows = (users: UserRecord[]) => users.flatMap((each) => accountEntries(each, defaultReaderPolicy));

describe('the admins’ list', () => {
  it('gives every account its rows: what it is to the rule and the centre, and its request, open or answered', () => {
    const invitation = {
      email: 'guest@example.org',
      until: '2027-01-31',
      by: 'ana@uai.cl',
      at: '2026-11-01T12:00:00Z',
    };
    const listed = rows([
      user('leo@alumnos.uai.cl'),
      user('outsider@example.org', {
        request: { note: 'Thesis\u0007 on sensors', at: '2026-11-20T10:00:00Z', outcome: 'open', page: '/docs/x' },
      }),
      user('guest@example.org', {
        invitation,
        request: {
          at: '2026-11-01T10:00:00Z',
          outcome: 'approved',
          by: 'ana@uai.cl',
          decidedAt: '2026-11-01T12:00:00Z',
        },
      }),
      user(
        'gone@uai.cl',
        { suspension: { reason: 'Left', by: 'ana@uai.cl', at: '2026-11-03T08:00:00Z' } },
        { disabled: true },
      ),
      user('ana@uai.cl', { admin: true }),
    ]);
    assert.deepEqual(
      listed.map((entry) => [
        entry.email,
        entry.kind,
        entry.until,
        entry.by,
        entry.note,
        entry.at,
        entry.page,
        entry.outcome,
      ]),
      [
        ['leo@alumnos.uai.cl', 'member', null, null, null, null, null, null],
        ['outsider@example.org', 'no-access', null, null, null, null, null, null],
        [
          'outsider@example.org',
          'request',
          null,
          null,
          'Thesis\u0007 on sensors',
          '2026-11-20T10:00:00Z',
          '/docs/x',
          null,
        ],
        ['guest@example.org', 'invited', '2027-01-31', 'ana@uai.cl', null, '2026-11-01T12:00:00Z', null, null],
        ['guest@example.org', 'decided', null, 'ana@uai.cl', null, '2026-11-01T12:00:00Z', null, 'approved'],
        ['gone@uai.cl', 'suspended', null, 'ana@uai.cl', 'Left', '2026-11-03T08:00:00Z', null, null],
        ['ana@uai.cl', 'admin', null, null, null, null, null, null],
      ],
    );
  });

  it('says "never" (null) for an account made by an admin that has never signed in', () => {
    const made = user('new.guest@example.org', {}, {
      metadata: {
        creationTime: 'Mon, 02 Nov 2026 10:00:00 GMT',
        lastSignInTime: 'Mon, 02 Nov 2026 10:00:00 GMT',
        lastRefreshTime: null,
      },
    } as unknown as Partial<UserRecord>);
    assert.equal(rows([made])[0]!.lastSignIn, null);
    assert.equal(rows([user('leo@alumnos.uai.cl')])[0]!.lastSignIn, '2026-11-24T09:30:00.000Z');
  });

  it('searches address, note and admin in any case, counts each kind over the search, and pages the chosen kind', () => {
    const many = rows(
      Array.from({ length: 120 }, (_, n) =>
        user(
          `person.${String(n).padStart(3, '0')}@${n % 2 ? 'alumnos.uai.cl' : 'example.org'}`,
          n % 40 === 0 ? { admin: true } : {},
        ),
      ),
    );
    const page = searchEntries(many, { text: 'ALUMNOS' });
    assert.equal(page.total, 60);
    assert.equal(page.matching, 60);
    assert.equal(page.entries.length, ACCESS_PAGE_SIZE);
    assert.deepEqual(page.counts, {
      request: 0,
      admin: 0,
      member: 60,
      invited: 0,
      suspended: 0,
      decided: 0,
      'no-access': 0,
    });
    const second = searchEntries(many, { text: 'alumnos', offset: ACCESS_PAGE_SIZE });
    assert.deepEqual(
      [second.offset, second.entries.length, second.entries[0]!.email],
      [50, 10, 'person.101@alumnos.uai.cl'],
    );
    const admins = searchEntries(many, { kind: 'admin' });
    assert.deepEqual(
      admins.entries.map((entry) => entry.email),
      ['person.000@example.org', 'person.040@example.org', 'person.080@example.org'],
    );
    assert.equal(admins.total, 120);
    assert.equal(searchEntries(many, { text: 'nobody' }).matching, 0);
  });

  it('lists one row per person on the admins’ page, with what else is true of the account and how its request was answered, and counts people', async () => {
    const listed = rows([
      user('outsider@example.org', { request: { note: 'Thesis', at: '2026-11-20T10:00:00Z', outcome: 'open' } }),
      user('asker@example.org', { request: { note: 'Lab', at: '2026-11-21T10:00:00Z', outcome: 'open' } }),
      user('guest@example.org', {
        invitation: { email: 'guest@example.org', until: '2027-01-31', by: 'ana@uai.cl', at: '2026-11-01T12:00:00Z' },
        request: { at: '2026-11-01T10:00:00Z', outcome: 'approved', by: 'ana@uai.cl' },
      }),
      user('leo@alumnos.uai.cl'),
    ]);
    const directory = new AccountDirectory(async () => listed, 60_000);
    const all = await directory.search({});
    assert.deepEqual(
      all.entries.map((entry) => [entry.email, entry.kind, entry.also, entry.outcome]),
      [
        ['outsider@example.org', 'request', [], null],
        ['asker@example.org', 'request', [], null],
        // The guest's row says how their request was answered: the invitation came from it.
        ['guest@example.org', 'invited', ['decided'], 'approved'],
        ['leo@alumnos.uai.cl', 'member', [], null],
      ],
    );
    assert.equal(all.total, 4);
    assert.equal(all.matching, 4);
    assert.equal(all.counts.request, 2);
    assert.equal(all.counts['no-access'], 2);
    const waiting = await directory.search({ kind: 'request' });
    assert.deepEqual(
      waiting.entries.map((entry) => [entry.email, entry.kind, entry.note]),
      [
        ['outsider@example.org', 'request', 'Thesis'],
        ['asker@example.org', 'request', 'Lab'],
      ],
    );
    assert.equal(waiting.matching, 2);
  });

  it('lists open requests oldest first, answered ones newest first', () => {
    const entry = (email: string, kind: AccessEntry['kind'], at: string): AccessEntry => ({
      ...rows([user(email)])[0]!,
      kind,
      at,
    });
    const list = [
      entry('b@x.org', 'request', '2026-11-02T00:00:00Z'),
      entry('a@x.org', 'request', '2026-11-01T00:00:00Z'),
      entry('c@x.org', 'decided', '2026-11-01T00:00:00Z'),
      entry('d@x.org', 'decided', '2026-11-03T00:00:00Z'),
    ];
    assert.deepEqual(
      searchEntries(list, { kind: 'request' }).entries.map((each) => each.email),
      ['a@x.org', 'b@x.org'],
    );
    assert.deepEqual(
      searchEntries(list, { kind: 'decided' }).entries.map((each) => each.email),
      ['d@x.org', 'c@x.org'],
    );
  });

  it('reads the provider once per interval however many search, again after a change here, and keeps no listing begun before it', async () => {
    let clock = 0;
    let scans = 0;
    let release: () => void = () => {};
    let isHeld = false;
    const directory = new AccountDirectory(
      async () => {
        scans += 1;
        const listing = rows([user(`scan.${scans}@uai.cl`)]);
        if (isHeld) await new Promise<void>((resolve) => (release = resolve));
        return listing;
      },
      30_000,
      () => clock,
    );
    await Promise.all(Array.from({ length: 10 }, () => directory.search({})));
    assert.equal(scans, 1);
    clock += 29_999;
    assert.equal((await directory.search({})).entries[0]!.email, 'scan.1@uai.cl');
    clock += 1;
    assert.equal((await directory.search({})).entries[0]!.email, 'scan.2@uai.cl');

    isHeld = true;
    clock += 30_000;
    const before = directory.search({});
    directory.invalidate();
    isHeld = false;
    const after = await directory.search({});
    release();
    assert.equal((await before).entries[0]!.email, 'scan.3@uai.cl');
    assert.equal(after.entries[0]!.email, 'scan.4@uai.cl');
    assert.equal((await directory.search({})).entries[0]!.email, 'scan.4@uai.cl');
    assert.equal(scans, 4);
  });

  it('reads a whole address from the provider now, so an account made or changed since the listing is found as it is', async () => {
    const lookups: string[] = [];
    const directory = new AccountDirectory(
      async () => rows([user('leo@alumnos.uai.cl'), user('leonor@alumnos.uai.cl')]),
      30_000,
      () => 0,
      async (email) => {
        lookups.push(email);
        return email === 'leo@alumnos.uai.cl'
          ? rows([
              user(
                email,
                { suspension: { reason: 'Left', by: 'ana@uai.cl', at: '2026-11-03T08:00:00Z' } },
                { disabled: true },
              ),
            ])
          : email === 'new@example.org'
            ? rows([user(email)])
            : [];
      },
    );
    const kinds = async (text: string) =>
      (await directory.search({ text })).entries.map((entry) => [entry.email, entry.kind]);
    assert.deepEqual(await kinds(' LEO@alumnos.uai.cl '), [['leo@alumnos.uai.cl', 'suspended']]);
    assert.deepEqual(await kinds('new@example.org'), [['new@example.org', 'no-access']]);
    assert.deepEqual(await kinds('leo'), [
      ['leo@alumnos.uai.cl', 'member'],
      ['leonor@alumnos.uai.cl', 'member'],
    ]);
    assert.deepEqual(lookups, ['leo@alumnos.uai.cl', 'new@example.org']);
  });
});
