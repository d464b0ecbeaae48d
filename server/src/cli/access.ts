/**
 * `npm run access -- <command>`: the operators' way to grant and withdraw access. Against the
 * local Auth emulator by default; against a real project when FIREBASE_PROJECT_ID names one, with
 * Application Default Credentials (`gcloud auth application-default login`). Each change prints
 * its audit line; a refused one prints one line saying why and exits 1.
 */
import { userInfo } from 'node:os';
import { applicationDefault, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  ACCESS_KINDS,
  DEFAULT_EMULATOR_HOST,
  DEMO_PROJECT_ID,
  isDemoProjectId,
  type AccessEntry,
  type AccessKind,
} from '@trust/access-policy';
import { readReaderPolicy } from '@trust/access-policy/settings';
import { searchEntries } from '../access/directory.js';
import { AccessError, createGrants, type AccessChange } from '../access/grants.js';
import { auditChange, auditFailedChange } from '../audit.js';
import { createLogger, readLogSettings } from '../logging.js';
import { parseCommandLine, terminalSafe, UsageError, type Parsed } from './commandLine.js';
import { cloudLoggingTrail, teeAuditLines, type Trail } from './trail.js';

const USAGE = `Usage: npm run access -- <command>
  invite EMAIL --until YYYY-MM-DD [--note TEXT]   invite an address outside the domains until that day (UTC)
  revoke EMAIL                                     end an invitation and the account's sessions
  suspend EMAIL --reason TEXT                      disable any account and end its sessions
  restore EMAIL                                    lift a suspension
  admin EMAIL [--remove]                           let an account manage access (or no longer)
  list                                             every admin, invited guest, suspended account and open request
  find TEXT [--kind KIND]                          every account whose address, note or admin contains TEXT;
                                                   KIND: ${ACCESS_KINDS.join(', ')}
  requests                                         the open requests for access
  approve EMAIL --until YYYY-MM-DD                 answer a request with an invitation until that day
  decline EMAIL [--reason TEXT]                    answer a request with a refusal (the reader sees the reason)
  assistants EMAIL                                 the AI assistants the account has allowed, with their keys
  disconnect EMAIL --client KEY                    end one assistant's access (its key from "assistants")`;

function option(options: Map<string, string | true>, name: string): string | undefined {
  const value = options.get(name);
  return value === true ? undefined : value;
}

function table(entries: AccessEntry[]): string {
  const rows = [
    ['address', 'mailbox', 'kind', 'until', 'by', 'last sign-in', 'note'],
    ...entries.map((entry) =>
      [
        entry.email,
        entry.mailbox === entry.email ? '' : entry.mailbox,
        entry.kind,
        entry.until ?? '',
        entry.by ?? '',
        entry.lastSignIn ? new Date(entry.lastSignIn).toISOString().slice(0, 16).replace('T', ' ') : 'never',
        entry.note ?? '',
      ].map(terminalSafe),
    ),
  ];
  return aligned(rows);
}

/** Rows as columns padded to their widest cell. */
function aligned(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main(): Promise<number> {
  const { command, email, options }: Parsed = parseCommandLine(process.argv.slice(2));
  const projectId = process.env.FIREBASE_PROJECT_ID?.trim() || DEMO_PROJECT_ID;
  const isEmulated = isDemoProjectId(projectId);
  if (isEmulated) process.env.FIREBASE_AUTH_EMULATOR_HOST ||= DEFAULT_EMULATOR_HOST;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const auth = getAuth(initializeApp({ projectId, ...(isEmulated ? {} : { credential: applicationDefault() }) }));
  const grants = createGrants(auth, readReaderPolicy(process.env));
  // Against a real project every audit line also goes to the project's Cloud Logging, where the
  // site server's trail is; the emulator has no log but the terminal.
  const trail = isEmulated ? null : cloudLoggingTrail(projectId);
  const tee = trail ? teeAuditLines(process.stdout) : null;
  const logger = createLogger(readLogSettings(process.env, projectId, !isEmulated), tee?.stream);
  const by = process.env.ACCESS_OPERATOR?.trim() || `${userInfo().username} (access command)`;

  /** A change, recorded when made and when it fails part-way; a refusal changes nothing and is said only. */
  async function change(run: () => Promise<AccessChange>): Promise<void> {
    try {
      auditChange(logger, await run());
    } catch (error) {
      if (!(error instanceof AccessError))
        auditFailedChange(logger, { action: command, target: email ?? '', by }, error);
      throw error;
    } finally {
      logger.flush();
      if (trail && tee) await recordIn(trail, tee.lines);
    }
  }

  const needEmail = () => email!;
  switch (command) {
    case 'invite': {
      const until = option(options, 'until');
      if (!until) throw new UsageError('An invitation needs --until YYYY-MM-DD.');
      await change(() => grants.invite(needEmail(), until, option(options, 'note'), by));
      break;
    }
    case 'revoke':
      await change(() => grants.revoke(needEmail(), by));
      break;
    case 'suspend':
      await change(() => grants.suspend(needEmail(), option(options, 'reason') ?? '', by));
      break;
    case 'restore':
      await change(() => grants.restore(needEmail(), by));
      break;
    case 'admin':
      await change(() => grants.setAdmin(needEmail(), !options.has('remove'), by));
      break;
    case 'list':
      process.stdout.write(`${table(await grants.list())}\n`);
      break;
    case 'requests':
      process.stdout.write(`${table((await grants.list()).filter((entry) => entry.kind === 'request'))}\n`);
      break;
    case 'find': {
      const kind = option(options, 'kind');
      if (kind !== undefined && !ACCESS_KINDS.includes(kind as AccessKind))
        throw new UsageError(`--kind must be one of ${ACCESS_KINDS.join(', ')}.`);
      const rows = searchEntries(await grants.scan(), {
        text: needEmail(),
        kind: (kind as AccessKind) ?? null,
        limit: Infinity,
      });
      process.stdout.write(`${table(rows.entries)}\n`);
      break;
    }
    case 'approve':
      await change(() => grants.decide(needEmail(), 'approve', option(options, 'until'), by));
      break;
    case 'decline':
      await change(() => grants.decide(needEmail(), 'decline', undefined, by, option(options, 'reason')));
      break;
    case 'assistants': {
      const { assistants } = await grants.assistants(needEmail());
      const rows = assistants.map((each) =>
        [each.key, each.name, each.allowedAt.slice(0, 16).replace('T', ' ')].map(terminalSafe),
      );
      process.stdout.write(`${aligned([['key', 'assistant', 'allowed'], ...rows])}\n`);
      break;
    }
    case 'disconnect': {
      const key = option(options, 'client');
      if (!key) throw new UsageError('disconnect needs --client KEY (see "assistants EMAIL").');
      await change(() => grants.disconnect(needEmail(), key, by));
      break;
    }
  }
  return 0;
}

/** The trail not written is said, and fails the command: the change itself was made. */
class TrailError extends Error {
  override name = 'TrailError';
}

async function recordIn(trail: Trail, lines: Record<string, unknown>[]): Promise<void> {
  try {
    await trail.write(lines.splice(0));
  } catch (error) {
    throw new TrailError(
      `The change was made, but could not be recorded in ${trail.name}: ${(error as Error).message}`,
    );
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`access: ${error.message}\n${USAGE}\n`);
      process.exitCode = 2;
      return;
    }
    const reason =
      error instanceof AccessError || error instanceof TrailError
        ? error.message
        : `The identity provider could not be reached or refused the change: ${(error as Error).message}`;
    process.stderr.write(`access: ${terminalSafe(reason)}\n`);
    process.exitCode = 1;
  },
);
