import {
  ASSISTANTS_API_PATH,
  type AssistantDisconnectBody,
  type AssistantsErrorCode,
  type MemberAssistants,
} from '@trust/access-policy';

/** What the member's assistants API answered: their assistants, or the server's error code. */
export type AssistantsResult = { ok: true; value: MemberAssistants } | { ok: false; code: AssistantsErrorCode };

async function answerOf(request: Promise<Response>): Promise<AssistantsResult> {
  try {
    const response = await request;
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return { ok: true, value: body as unknown as MemberAssistants };
    return { ok: false, code: (typeof body.error === 'string' ? body.error : 'unavailable') as AssistantsErrorCode };
  } catch {
    return { ok: false, code: 'unavailable' };
  }
}

/** The signed-in member's own assistants. */
export const readAssistants = (): Promise<AssistantsResult> =>
  answerOf(fetch(ASSISTANTS_API_PATH, { credentials: 'same-origin', cache: 'no-store' }));

/** Ends one of the member's assistants; answers the assistants left. */
export const disconnectAssistant = (client: string): Promise<AssistantsResult> =>
  answerOf(
    fetch(ASSISTANTS_API_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client } satisfies AssistantDisconnectBody),
    }),
  );
