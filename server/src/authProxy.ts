import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AUTH_HANDLER_PREFIX } from '@trust/access-policy';
import type { Responder } from './http/respond.js';

/** Request headers worth passing on; cookies and credentials for this site never leave it. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent', 'if-none-match', 'if-modified-since'];
/**
 * Response headers worth passing back (hop-by-hop, cookie and caching headers are dropped: the
 * relay's answers are never kept by a shared cache).
 */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'etag',
  'last-modified',
  'location',
  'content-security-policy',
  'x-frame-options',
];
/** The auth handler's pages and scripts are small; anything larger is not what was asked for. */
const MAX_RELAYED_BYTES = 2 * 1024 * 1024;

const UPSTREAM_TIMEOUT_MS = 10_000;

/** RFC 3986 path characters as they are, anything else percent-encoded. */
const ENCODED_PATH = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;
/** Encoded slashes, backslashes and dots, dot segments and empty segments. */
const AMBIGUOUS = /%(?:2f|5c|2e)|\/\.{1,2}(?:\/|$)|\/\//i;

/**
 * Whether a request's path, exactly as the client encoded it, may be relayed: under
 * `/__/auth/`, in well-formed percent-encoding, and free of anything a server upstream could
 * resolve to another path. Relaying the client's own encoding keeps `%23`, `%3F` and `%20` what
 * they were; a decoded path would end the query at `#`/`?`, or make `http.request` throw.
 */
function isRelayablePath(rawPath: string): boolean {
  return rawPath.startsWith(AUTH_HANDLER_PREFIX) && ENCODED_PATH.test(rawPath) && !AMBIGUOUS.test(rawPath);
}

/**
 * Serves the identity provider's auth handler (`/__/auth/handler`, `/__/auth/iframe`, …) from
 * this site's own origin by relaying GET and HEAD requests to the project's auth domain, so the
 * sign-in popup works in browsers that block third-party storage. The request reaches here only
 * when its normalised path is under `/__/auth/`; the path relayed is the client's own encoding,
 * and only when that too is plainly under `/__/auth/`, so nothing else can be reached through it.
 */
export function createAuthProxy(upstreamOrigin: string, respond: Responder) {
  const upstream = new URL(upstreamOrigin);
  const request = upstream.protocol === 'https:' ? httpsRequest : httpRequest;

  return function proxy(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return respond.text(req, res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    const target = req.url ?? '';
    const queryStart = target.indexOf('?');
    const rawPath = queryStart === -1 ? target : target.slice(0, queryStart);
    if (!isRelayablePath(rawPath)) return respond.text(req, res, 400, 'Bad request.');
    const headers: Record<string, string> = { host: upstream.host };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let outgoing: ReturnType<typeof request>;
    try {
      outgoing = request(
        {
          protocol: upstream.protocol,
          hostname: upstream.hostname,
          port: upstream.port || undefined,
          method: req.method,
          path: target,
          headers,
          timeout: UPSTREAM_TIMEOUT_MS,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          let size = 0;
          incoming.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RELAYED_BYTES) incoming.destroy(new Error('The auth handler answered too much.'));
            else chunks.push(chunk);
          });
          incoming.on('error', (error) => outgoing.destroy(error));
          incoming.on('end', () => {
            // The handler pages carry the provider's own policy; the site's CSP would break them.
            const headers: Record<string, string | string[]> = {};
            for (const name of FORWARDED_RESPONSE_HEADERS) {
              const value = incoming.headers[name];
              if (value !== undefined) headers[name] = value;
            }
            respond.relayed(req, res, incoming.statusCode ?? 502, Buffer.concat(chunks), headers);
          });
        },
      );
    } catch {
      // Whatever `http.request` still finds wrong with the path: the client's request is bad.
      return respond.text(req, res, 400, 'Bad request.');
    }
    outgoing.on('timeout', () => outgoing.destroy(new Error('The auth handler did not answer in time.')));
    outgoing.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      respond.text(req, res, 502, 'The sign-in service could not be reached. Please try again in a moment.');
    });
    outgoing.end();
  };
}
