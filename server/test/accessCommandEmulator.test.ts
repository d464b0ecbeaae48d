import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { access, dayFromNow, unique, withEmulator } from './emulatorKit.js';

/**
 * `npm run access` against the real Auth emulator: what it refuses, the one audit line each change
 * writes, and the list of who has access.
 */
withEmulator();

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
      new RegExp(`^${guest.replace(/\./g, '\\.')} +invited +${dayFromNow(10)} +ops@uai\\.cl +never +Industry partner$`),
    );
    assert.match(list.stdout, /^ana\.torres@uai\.cl +admin/m);

    // The admins' search, from the command line: every account, a member by address included.
    const found = access('find', 'diego.rojas', '--kind', 'member');
    assert.equal(found.status, 0, found.stderr);
    assert.deepEqual(
      found.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(/ {2,}/).slice(0, 2)),
      [['diego.rojas@alumnos.uai.cl', 'member']],
    );
    const badKind = access('find', 'x', '--kind', 'guests');
    assert.equal(badKind.status, 2);
    assert.match(
      badKind.stderr,
      /^access: --kind must be one of request, admin, member, invited, suspended, decided, no-access\./,
    );
  });
});
