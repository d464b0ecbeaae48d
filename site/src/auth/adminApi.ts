import {
  ADMIN_API_PREFIX,
  type AccessEntry,
  type AdminAction,
  type AdminAnswerCode,
  type AdminChangeBody,
} from '@trust/access-policy';

export type { AccessEntry, AdminAction };

/** What the API answered: the data, or why not (`status` and the server's error code). */
export type AdminAnswer<T> = { ok: true; value: T } | { ok: false; status: number; code: AdminAnswerCode };

async function answer<T>(response: Response, pick: (body: Record<string, unknown>) => T): Promise<AdminAnswer<T>> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, value: pick(body) };
  const code = typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : 'unavailable';
  return { ok: false, status: response.status, code: code as AdminAnswerCode };
}

export async function listAccess(): Promise<AdminAnswer<AccessEntry[]>> {
  const response = await fetch(`${ADMIN_API_PREFIX}/access`, { credentials: 'same-origin', cache: 'no-store' });
  return answer(response, (body) => (Array.isArray(body.entries) ? (body.entries as AccessEntry[]) : []));
}

export async function changeAccess(action: AdminAction, fields: AdminChangeBody): Promise<AdminAnswer<null>> {
  const response = await fetch(`${ADMIN_API_PREFIX}/${action}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fields),
  });
  return answer(response, () => null);
}
