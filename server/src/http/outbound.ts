/**
 * Reading what another server answers: its body taken as it streams, never more than a limit.
 * `response.text()` would hold a body of any size (one without `Content-Length` streams as long as
 * its sender likes) before its size could be checked; the time a read may take is bounded by the
 * signal the request was made with (`AbortSignal.timeout`), which ends the stream too.
 */

/** Bodies from the identity provider's REST API: a few hundred bytes of JSON. */
export const PROVIDER_BODY_BYTES = 64 * 1024;
/** How long a call to the identity provider's REST API may take, its answer read whole. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** The body as text, or null when it is larger than `maxBytes` or its stream fails (an abort included). */
export async function readBoundedText(response: Response, maxBytes: number): Promise<string | null> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body as JSON within `maxBytes`, or undefined when it is larger, unreadable or not JSON. */
export async function readBoundedJson(response: Response, maxBytes: number): Promise<unknown> {
  const text = await readBoundedText(response, maxBytes);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
