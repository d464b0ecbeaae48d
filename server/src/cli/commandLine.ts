/** How `npm run access` reads its command line, and how it prints stored text. */

const EMAIL = 'an e-mail address';

/** What each command takes: its one argument (named as an error names it), its options and whether each needs a value. */
const COMMANDS: Record<string, { argument: string | null; options: Record<string, 'value' | 'flag'> }> = {
  invite: { argument: EMAIL, options: { until: 'value', note: 'value' } },
  revoke: { argument: EMAIL, options: {} },
  suspend: { argument: EMAIL, options: { reason: 'value' } },
  restore: { argument: EMAIL, options: {} },
  admin: { argument: EMAIL, options: { remove: 'flag' } },
  list: { argument: null, options: {} },
  find: { argument: 'the text to look for', options: { kind: 'value' } },
  requests: { argument: null, options: {} },
  approve: { argument: EMAIL, options: { until: 'value' } },
  decline: { argument: EMAIL, options: { reason: 'value' } },
  assistants: { argument: EMAIL, options: {} },
  disconnect: { argument: EMAIL, options: { client: 'value' } },
};

/** A command line the command cannot take: said in one line with the usage, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Parsed {
  command: string;
  email: string | undefined;
  options: Map<string, string | true>;
}

/**
 * Reads the command line strictly: an option the command does not take (a misspelling, or
 * `--remove=true`, which is no flag) is refused rather than ignored, since ignoring it could do
 * the opposite of what was asked.
 */
export function parseCommandLine(argv: string[]): Parsed {
  const [command = '', ...rest] = argv;
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  const options = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (!arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    const kind = arg.startsWith('--') ? spec.options[name] : undefined;
    if (!kind) throw new UsageError(`"${command}" takes no option ${JSON.stringify(arg)}.`);
    if (options.has(name)) throw new UsageError(`--${name} is given twice.`);
    if (kind === 'flag') {
      options.set(name, true);
      continue;
    }
    const value = rest[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`);
    options.set(name, value);
    i += 1;
  }
  const takes = spec.argument === null ? 0 : 1;
  if (positional.length > takes) throw new UsageError(`Unexpected argument ${JSON.stringify(positional[takes])}.`);
  if (spec.argument && !positional[0]) throw new UsageError(`"${command}" needs ${spec.argument}.`);
  return { command, email: positional[0], options };
}

/**
 * Text from the accounts (notes, reasons, addresses) as a terminal may print it: control and
 * bidirectional-formatting characters are written as escapes, so stored text cannot move the
 * cursor, clear the screen, make links or reorder what the operator reads.
 */
export function terminalSafe(value: string): string {
  return value.replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`,
  );
}
