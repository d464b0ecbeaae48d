import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { createGcpLoggingPinoConfig } from '@google-cloud/pino-logging-gcp-config';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export interface LogSettings {
  /** pino's level: `info` by default, `silent` for none; `LOG_LEVEL` sets it. */
  level: string;
  /** The Cloud Run service (`K_SERVICE`), named in every line for Error Reporting. */
  service: string;
  /** The project traces belong to, for the `logging.googleapis.com/trace` field. */
  projectId: string;
  /** Lines for a person at a terminal rather than JSON for Cloud Logging. */
  isHumanReadable: boolean;
}

/** `LOG_LEVEL`, `K_SERVICE` and whether standard output is a terminal (outside production). */
export function readLogSettings(env: NodeJS.ProcessEnv, projectId: string, isProduction: boolean): LogSettings {
  return {
    level: env.LOG_LEVEL?.trim() || 'info',
    service: env.K_SERVICE?.trim() || 'trustworthy-site',
    projectId,
    isHumanReadable: !isProduction && process.stdout.isTTY === true,
  };
}

/** Google's fields a person at a terminal does not need to read. */
const MACHINE_FIELDS = new Set([
  'severity',
  'level',
  'message',
  'timestamp',
  'time',
  'pid',
  'hostname',
  'serviceContext',
  'logging.googleapis.com/insertId',
]);

/** One JSON line as `12:00:01 WARNING message key=value …` (and the stack below it, if any). */
export function humanLine(json: string): string {
  const entry = JSON.parse(json) as Record<string, unknown>;
  const seconds = (entry.timestamp as { seconds?: number } | undefined)?.seconds;
  const time = new Date(typeof seconds === 'number' ? seconds * 1000 : Date.now()).toISOString().slice(11, 19);
  const stack = typeof entry.stack_trace === 'string' ? `\n${entry.stack_trace}` : '';
  const details = Object.entries(entry)
    .filter(([key]) => !MACHINE_FIELDS.has(key) && key !== 'stack_trace' && key !== 'err')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${time} ${String(entry.severity ?? 'INFO')} ${String(entry.message ?? '')}${details ? ` ${details}` : ''}${stack}\n`;
}

function humanReadable(to: NodeJS.WritableStream): DestinationStream {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) to.write(humanLine(line));
      done();
    },
  });
}

/**
 * The server's logger: one JSON object a line on standard output in Cloud Logging's structured
 * format (`severity`, `message`, `logging.googleapis.com/trace`, `stack_trace` for errors), by
 * Google's own pino configuration, which Cloud Logging and Error Reporting read as they are.
 * Service and project are given, so nothing is looked up over the network.
 */
export function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options = createGcpLoggingPinoConfig(
    {
      serviceContext: { service: settings.service },
      traceGoogleCloudProjectId: settings.projectId,
      inihibitDiagnosticMessage: true,
    },
    { level: settings.level, base: undefined },
  );
  const to = destination ?? (settings.isHumanReadable ? humanReadable(process.stdout) : pino.destination(1));
  return pino(options, to);
}

/** A logger that writes nothing (tests that do not read the log). */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * The trace a request belongs to, from Cloud Run's `traceparent` or the older
 * `X-Cloud-Trace-Context`, so its lines group with the request's in Cloud Logging.
 */
export function traceId(req: IncomingMessage): string | undefined {
  const { traceparent, 'x-cloud-trace-context': cloudTrace } = req.headers;
  const parent = traceparent === undefined ? null : /^[\da-f]{2}-([\da-f]{32})-/.exec(String(traceparent));
  if (parent) return parent[1];
  return cloudTrace === undefined ? undefined : /^([\da-f]{32})\//.exec(String(cloudTrace))?.[1];
}
