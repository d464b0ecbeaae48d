import {
  ADMIN_API_PREFIX,
  type AccessEntry,
  type AccessKind,
  type AccessPage,
  type AdminAction,
  type AdminAnswerCode,
  type AdminChangeBody,
} from '@trust/access-policy';

export type { AccessEntry, AccessKind, AccessPage, AdminAction };

/** What the API answered: the data, or why not (`status` and the server's error code). */
export type AdminAnswer<T> = { ok: true; value: T } | { ok: false; status: number; code: AdminAnswerCode };

async function answer<T>(response: Response, pick: (body: Record<string, unknown>) => T): Promise<AdminAnswer<T>> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, value: pick(body) };
  const code = typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : 'unavailable';
  return { ok: false, status: response.status, code: code as AdminAnswerCode };
}

/** One page of the accounts whose address, note or admin contains `text`, of one kind or all. */
export async function listAccess(query: {
  text?: string;
  kind?: AccessKind | null;
  offset?: number;
}): Promise<AdminAnswer<AccessPage>> {
  const parameters = new URLSearchParams();
  if (query.text) parameters.set('q', query.text);
  if (query.kind) parameters.set('kind', query.kind);
  if (query.offset) parameters.set('offset', String(query.offset));
  const response = await fetch(`${ADMIN_API_PREFIX}/access?${parameters}`, {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  return answer(response, (body) => body as unknown as AccessPage);
}

/** What the API says of a change made, beyond that it was made. */
export interface ChangeMade {
  /** For an approval or invitation: whether the provider took the e-mail that tells the reader. */
  mailed?: boolean;
  /** For an invitation given again while the one before stood: that one's last day. */
  previousUntil?: string;
}

/** A change made, and what the API says of it. */
export async function changeAccess(action: AdminAction, fields: AdminChangeBody): Promise<AdminAnswer<ChangeMade>> {
  const response = await fetch(`${ADMIN_API_PREFIX}/${action}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fields),
  });
  return answer(response, (body) => {
    const done = (body.done ?? {}) as { previousUntil?: unknown };
    return {
      ...(typeof body.mailed === 'boolean' ? { mailed: body.mailed } : {}),
      ...(typeof done.previousUntil === 'string' ? { previousUntil: done.previousUntil } : {}),
    };
  });
}
