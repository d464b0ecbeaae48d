import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainText } from '../src/access/grants.js';
import { auditChange } from '../src/audit.js';
import { parseCommandLine, terminalSafe, UsageError } from '../src/cli/commandLine.js';
import { entryOf, teeAuditLines } from '../src/cli/trail.js';
import { createLogger } from '../src/logging.js';

describe('npm run access: the command line (security)', () => {
  it('reads each command’s own options', () => {
    assert.deepEqual(parseCommandLine(['invite', 'p@example.org', '--until', '2027-03-31', '--note', 'Pilot']), {
      command: 'invite',
      email: 'p@example.org',
      options: new Map([
        ['until', '2027-03-31'],
        ['note', 'Pilot'],
      ]),
    });
    assert.deepEqual(parseCommandLine(['admin', 'a@uai.cl', '--remove']).options, new Map([['remove', true]]));
    assert.deepEqual(parseCommandLine(['list']).options, new Map());
    assert.deepEqual(parseCommandLine(['find', 'alumnos', '--kind', 'member']), {
      command: 'find',
      email: 'alumnos',
      options: new Map([['kind', 'member']]),
    });
    assert.deepEqual(
      parseCommandLine(['decline', 'p@example.org', '--reason', 'Not a partner']).options,
      new Map([['reason', 'Not a partner']]),
    );
  });

  const refused: Array<[string[], string]> = [
    [['admin', 'a@uai.cl', '--remove=true'], '"admin" takes no option "--remove=true".'],
    [['admin', 'a@uai.cl', '--remve'], '"admin" takes no option "--remve".'],
    [['admin', 'a@uai.cl', '-r'], '"admin" takes no option "-r".'],
    [['revoke', 'a@example.org', '--until', '2027-01-01'], '"revoke" takes no option "--until".'],
    [['invite', 'a@example.org', '--until'], '--until needs a value.'],
    [['invite', 'a@example.org', '--until', '--note', 'x'], '--until needs a value.'],
    [['invite', 'a@example.org', '--note', 'a', '--note', 'b'], '--note is given twice.'],
    [['suspend', 'a@uai.cl', 'b@uai.cl', '--reason', 'x'], 'Unexpected argument "b@uai.cl".'],
    [['list', 'a@uai.cl'], 'Unexpected argument "a@uai.cl".'],
    [['restore'], '"restore" needs an e-mail address.'],
    [['find'], '"find" needs the text to look for.'],
    [['find', 'a', 'b'], 'Unexpected argument "b".'],
    [['grant', 'a@uai.cl'], 'Unknown command "grant".'],
    [[], 'No command given.'],
  ];
  for (const [argv, message] of refused)
    it(`refuses ${JSON.stringify(argv.join(' '))}: ${message}`, () => {
      assert.throws(
        () => parseCommandLine(argv),
        (error: unknown) => {
          assert.ok(error instanceof UsageError);
          assert.equal(error.message, message);
          return true;
        },
      );
    });
});

describe('text from the accounts in an operator’s terminal (security)', () => {
  it('escapes control and bidirectional-formatting characters', () => {
    assert.equal(terminalSafe('\u001b[2J\u001b[Hhello'), '\\u{1b}[2J\\u{1b}[Hhello');
    assert.equal(
      terminalSafe('\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007'),
      '\\u{1b}]8;;https://evil.example\\u{7}click\\u{1b}]8;;\\u{7}',
    );
    assert.equal(terminalSafe('invoice\u202Etxt.exe'), 'invoice\\u{202e}txt.exe');
    assert.equal(terminalSafe('a\u2066b\u2069c\u009bd'), 'a\\u{2066}b\\u{2069}c\\u{9b}d');
    assert.equal(terminalSafe('Visiting researcher, ñandú'), 'Visiting researcher, ñandú');
  });

  it('keeps notes and reasons free of them when they are written', () => {
    assert.equal(plainText('\u001b[2J\u001b[HPlease \u202Eadmit me'), '[2J [HPlease admit me');
    assert.equal(plainText('line one\nline two\ttabbed'), 'line one line two tabbed');
    assert.equal(plainText('  Visiting researcher  '), 'Visiting researcher');
  });
});

describe('the command’s changes in the service’s trail', () => {
  it('keeps every audit line the command’s logger writes, prints every line, and makes each an entry of the same fields', () => {
    const printed: string[] = [];
    const { stream, lines } = teeAuditLines({
      write: (text: string) => printed.push(text),
    } as unknown as NodeJS.WritableStream);
    const logger = createLogger(
      { level: 'info', service: 'access-command', projectId: 'demo-trail', isHumanReadable: false },
      stream,
    );
    logger.info({ event: 'note' }, 'not part of the trail');
    auditChange(logger, {
      action: 'suspend',
      target: 'student@alumnos.uai.cl',
      uid: 'u-1',
      by: 'ops@uai.cl',
      reason: 'Shared the account',
    });
    logger.flush();
    assert.equal(printed.join('').trim().split('\n').length, 2);
    assert.equal(lines.length, 1);
    const { severity, payload } = entryOf(lines[0]!);
    assert.equal(severity, 'INFO');
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(payload).filter(
          ([name]) => !['serviceContext', 'logging.googleapis.com/insertId'].includes(name),
        ),
      ),
      {
        audit: true,
        event: 'access-changed',
        action: 'suspend',
        uid: null,
        email: 'ops@uai.cl',
        target: 'student@alumnos.uai.cl',
        targetUid: 'u-1',
        outcome: 'done',
        reason: 'Shared the account',
        message: 'ops@uai.cl: suspend student@alumnos.uai.cl',
      },
    );
  });
});
