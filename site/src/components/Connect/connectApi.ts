import {
  CONNECT_API_PATH,
  type ConnectAnswer,
  type ConnectErrorCode,
  type ConnectRequestView,
} from '@trust/access-policy';

/** What the connect API answered: the value, or the server's error code. */
export type ConnectResult<T> = { ok: true; value: T } | { ok: false; code: ConnectErrorCode };

async function answerOf<T>(response: Response): Promise<ConnectResult<T>> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, value: body as T };
  return { ok: false, code: (typeof body.error === 'string' ? body.error : 'unavailable') as ConnectErrorCode };
}

/** The assistant asking and the member signed in, for the consent. */
export async function readConnectRequest(request: string): Promise<ConnectResult<ConnectRequestView>> {
  try {
    const response = await fetch(`${CONNECT_API_PATH}?request=${encodeURIComponent(request)}`, {
      credentials: 'same-origin',
      cache: 'no-store',
    });
    return answerOf(response);
  } catch {
    return { ok: false, code: 'unavailable' };
  }
}

/** The member's answer; on success, where the browser goes next. */
export async function sendConnectDecision(
  request: string,
  decision: 'allow' | 'deny',
): Promise<ConnectResult<ConnectAnswer>> {
  try {
    const response = await fetch(CONNECT_API_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ request, decision }),
    });
    return answerOf(response);
  } catch {
    return { ok: false, code: 'unavailable' };
  }
}
