import type { IncomingMessage } from 'node:http';
import { ApiError } from './apiError.js';

/** What every API reads of a request: its origin, its client, its credential and its body. */

const MAX_TOKEN_LENGTH = 8 * 1024;

/** The APIs' bodies are a few short fields. */
const MAX_JSON_BODY_BYTES = 4 * 1024;

/**
 * Only the site's own pages may call the APIs that change something: browsers send `Origin`
 * with every POST and DELETE, and a cross-site request carries another origin. It is compared
 * with the configured public origin, because behind Firebase Hosting `Host` names the Cloud Run
 * service. Without one (never in production) the server's own origin stands in: plain http, as
 * this server speaks, on the request's `Host`.
 */
export function isSameOrigin(req: IncomingMessage, publicOrigin: string | null): boolean {
  const origin = req.headers.origin;
  if (!origin || (req.headers['sec-fetch-site'] ?? 'same-origin') !== 'same-origin') return false;
  const host = req.headers.host;
  return origin === (publicOrigin ?? (host === undefined ? null : `http://${host}`));
}

/**
 * A same-origin request: `Origin`, when the browser sends one, must be the site's; a GET, for
 * which browsers send none to the same origin, must say `Sec-Fetch-Site: same-origin`. A caller
 * that sends neither (a script elsewhere, a command-line client) is refused.
 */
export function isSameOriginAny(req: IncomingMessage, publicOrigin: string | null): boolean {
  if (req.headers.origin !== undefined || req.method !== 'GET') return isSameOrigin(req, publicOrigin);
  return req.headers['sec-fetch-site'] === 'same-origin';
}

function forwardedFor(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The client's address: the socket's, or with `hops` trusted proxies in front, the address the
 * outermost trusted proxy appended to `X-Forwarded-For`. Entries further left are the client's
 * own claims and are never used; a header with fewer entries than the trusted hops did not come
 * through them all (a client calling the service directly), so the socket's address is used.
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (hops === 0) return socketAddress;
  const forwarded = forwardedFor(req);
  return forwarded.length >= hops ? forwarded[forwarded.length - hops]! : socketAddress;
}

/**
 * The rate limit's key for an address: IPv4 as it is, IPv6 by its /64 (the block one subscriber
 * or host usually holds, and can rotate through freely).
 */
export function rateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer ([\w.-]+)$/.exec(req.headers.authorization ?? '');
  return match && match[1]!.length <= MAX_TOKEN_LENGTH ? match[1]! : null;
}

/**
 * The body as a JSON object (an empty body is `{}`); larger than `limit` bytes or not an object is
 * an `ApiError` (413, 400). With `anyJson`, any JSON value is taken (a JSON-RPC batch is an array).
 */
export async function readJson(
  req: IncomingMessage,
  limit = MAX_JSON_BODY_BYTES,
  anyJson = false,
): Promise<Record<string, unknown>> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new ApiError(413, 'body-too-large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(413, 'body-too-large');
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (anyJson || (typeof value === 'object' && value !== null && !Array.isArray(value)))
      return value as Record<string, unknown>;
  } catch {
    // Answered below, as any body that is not a JSON object.
  }
  throw new ApiError(400, 'body-not-json-object');
}

/** A string field of a JSON body, or undefined. */
export const stringField = (body: Record<string, unknown>, name: string): string | undefined =>
  typeof body[name] === 'string' ? body[name] : undefined;
