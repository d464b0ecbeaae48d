import { Writable } from 'node:stream';
import { Logging } from '@google-cloud/logging';

/**
 * Where `npm run access` records what it changed, besides the operator's terminal: the same log
 * the site server's audit trail goes to, so that one query (`jsonPayload.audit=true`) finds a
 * change whether an admin made it on the admin page or an operator with the command.
 */
export interface Trail {
  /** Writes the audit lines, as the logger wrote them. */
  write(lines: Record<string, unknown>[]): Promise<void>;
  /** Where the lines went, for the operator. */
  readonly name: string;
}

/** The log the command's lines go to, beside the service's own. */
const COMMAND_LOG_NAME = 'access-command';

/** One entry of Cloud Logging's API for an audit line: its fields as the payload, its severity kept. */
export function entryOf(line: Record<string, unknown>): { severity: string; payload: Record<string, unknown> } {
  // Cloud Logging stamps the entry itself; pino's own level and time would only repeat it.
  const payload = Object.fromEntries(
    Object.entries(line).filter(([name]) => !['severity', 'time', 'timestamp', 'level'].includes(name)),
  );
  return { severity: typeof line.severity === 'string' ? line.severity : 'INFO', payload };
}

/** Cloud Logging of a real project, with Application Default Credentials. */
export function cloudLoggingTrail(projectId: string): Trail {
  const log = new Logging({ projectId }).log(COMMAND_LOG_NAME);
  return {
    name: `Cloud Logging (projects/${projectId}/logs/${COMMAND_LOG_NAME})`,
    async write(lines) {
      if (lines.length === 0) return;
      await log.write(
        lines.map((line) => {
          const { severity, payload } = entryOf(line);
          return log.entry({ severity, resource: { type: 'global' } }, payload);
        }),
      );
    },
  };
}

/**
 * A destination for the command's logger: every line goes to the terminal as it is, and the audit
 * lines are also kept, for the trail.
 */
export function teeAuditLines(terminal: NodeJS.WritableStream): {
  stream: Writable;
  lines: Record<string, unknown>[];
} {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString('utf8');
      terminal.write(text);
      for (const raw of text.split('\n').filter(Boolean)) {
        try {
          const line = JSON.parse(raw) as Record<string, unknown>;
          if (line.audit === true) lines.push(line);
        } catch {
          // Not a line of the trail.
        }
      }
      done();
    },
  });
  return { stream, lines };
}
