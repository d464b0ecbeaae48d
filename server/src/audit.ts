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
  logger.info({ audit: true, ...fields }, message);
}

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
