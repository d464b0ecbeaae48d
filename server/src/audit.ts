import { pino } from 'pino';
import type { DestinationStream } from 'pino';
import type { Logger } from './logging.js';
import type { AccessChange } from './access/grants.js';

/**
 * The audit trail: one structured log line per event, in the same Cloud Logging format as the
 * rest of the log (`severity`, `message`, the trace), with `audit: true` so that one filter
 * (`jsonPayload.audit=true`) finds it all. Never a token or a cookie: addresses, uids, paths,
 * outcomes and reasons only.
 */
export interface AuditFields {
  event: string;
  /** The reader (or the admin acting). */
  uid?: string | null;
  email?: string | null;
  path?: string;
  outcome: string;
  reason?: string;
}

export function audit(logger: Logger, fields: AuditFields & Record<string, unknown>, message: string): void {
  // The pages served before this event are written before it, so the trail reads in order.
  waitingPages.get(logger)?.();
  trailOf(logger).info({ audit: true, ...fields }, message);
}

/**
 * The logger the trail is written with: at `info` whatever level the rest of the log is set to,
 * since `LOG_LEVEL=warn` quiets operations, not the record of who read and changed what. Only
 * `silent` (the tests' logger) writes no trail.
 */
const trails = new WeakMap<Logger, Logger>();
function trailOf(logger: Logger): Logger {
  if (logger.level === 'silent' || logger.isLevelEnabled('info')) return logger;
  let trail = trails.get(logger);
  if (!trail) {
    trail = logger.child({}, { level: 'info' });
    trails.set(logger, trail);
  }
  return trail;
}

/** Each logger's batch of page lines not yet written. */
const waitingPages = new WeakMap<Logger, () => void>();

/** A change of access: who did what to whom. */
export function auditChange(
  logger: Logger,
  change: AccessChange,
  actorUid: string | null = null,
  trace: string | undefined = undefined,
): void {
  const { action, target, uid, by, ...details } = change;
  audit(
    logger,
    {
      event: 'access-changed',
      action,
      uid: actorUid,
      email: by,
      target,
      targetUid: uid,
      outcome: 'done',
      ...details,
      ...(trace ? { trace_id: trace } : {}),
    },
    `${by}: ${action} ${target}`,
  );
}

/**
 * A change of access that failed part-way (a claim written, its revocation not): what was
 * asked, by whom, and the provider's error code, so the trail shows an account that may be in
 * between and needs the change made again.
 */
export function auditFailedChange(
  logger: Logger,
  asked: { action: string; target: string; by: string },
  error: unknown,
  actorUid: string | null = null,
  trace: string | undefined = undefined,
): void {
  const code = (error as { code?: unknown } | null)?.code;
  audit(
    logger,
    {
      event: 'access-change-failed',
      action: asked.action,
      uid: actorUid,
      email: asked.by,
      target: asked.target,
      outcome: 'failed',
      reason: typeof code === 'string' ? code : 'error',
      ...(trace ? { trace_id: trace } : {}),
    },
    `${asked.by}: ${asked.action} ${asked.target} failed (${typeof code === 'string' ? code : 'error'})`,
  );
}

/** How long page lines wait to be written together, at most. */
const PAGE_BATCH_MS = 250;
const PAGE_BATCH_CHARS = 64 * 1024;

export interface PageAudit {
  served(identity: { uid: string; email?: string | null | undefined }, path: string, trace: string | undefined): void;
  /** Writes the lines waiting (before the process exits). */
  flush(): void;
}

/**
 * The line for each documentation page served, written by hand and handed to the logger's own
 * stream in batches: going through Google's pino configuration (insert id, trace, service
 * context) and writing to the stream for every page would cost more than serving the page. Same
 * fields and format as `audit`'s lines, each with its own time; a batch waits at most a quarter of
 * a second, and is written before any other line of the audit trail, so the trail reads in order.
 */
export function createPageAudit(logger: Logger, projectId: string): PageAudit {
  if (logger.level === 'silent') return { served: () => {}, flush: () => {} };
  const stream = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]!;
  const traces = `"logging.googleapis.com/trace":"projects/${projectId}/traces/`;
  // Everything of a line but its trace and time, once per reader and page: a verified session's
  // identity is one object until its re-check, and a reader reads a bounded set of pages.
  const heads = new WeakMap<object, Map<string, string>>();
  let waiting = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = '';
    stream.write(batch);
  };
  waitingPages.set(logger, flush);
  return {
    served(identity, path, trace) {
      let pages = heads.get(identity);
      if (!pages) {
        pages = new Map();
        heads.set(identity, pages);
      }
      let head = pages.get(path);
      if (head === undefined) {
        const email = identity.email ?? null;
        head = `{"severity":"INFO","level":30,"audit":true,"event":"page-served","uid":${JSON.stringify(identity.uid)},"email":${JSON.stringify(email)},"path":${JSON.stringify(path)},"outcome":"served","message":${JSON.stringify(`Documentation page served to ${email ?? identity.uid}`)},`;
        pages.set(path, head);
      }
      const now = Date.now();
      // A trace id is 32 hexadecimal digits (`traceId` accepts nothing else): nothing to escape.
      waiting += `${head}${trace ? `${traces}${trace}",` : ''}"timestamp":{"seconds":${Math.floor(now / 1000)},"nanos":${(now % 1000) * 1_000_000}}}\n`;
      if (waiting.length >= PAGE_BATCH_CHARS) flush();
      else timer ??= setTimeout(flush, PAGE_BATCH_MS).unref();
    },
    flush,
  };
}
