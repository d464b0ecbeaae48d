import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

export const AUTH_HANDLER_PREFIX = '/__/auth/';

/** Request headers worth passing on; cookies and credentials for this site never leave it. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent', 'if-none-match', 'if-modified-since'];
/** Response headers worth passing back (hop-by-hop and cookie headers are dropped). */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'last-modified',
  'location',
  'expires',
  'content-security-policy',
  'x-frame-options',
];

const UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * Serves the identity provider's auth handler (`/__/auth/handler`, `/__/auth/iframe`, …) from
 * this site's own origin by relaying GET and HEAD requests to the project's auth domain, so the
 * sign-in popup works in browsers that block third-party storage. The path relayed is the
 * normalised one, so nothing outside `/__/auth/` can be reached through it.
 */
export function createAuthProxy(upstreamOrigin: string) {
  const upstream = new URL(upstreamOrigin);
  const request = upstream.protocol === 'https:' ? httpsRequest : httpRequest;

  return function proxy(req: IncomingMessage, res: ServerResponse, normalizedPath: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    const target = req.url ?? '';
    const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
    const headers: Record<string, string> = { host: upstream.host };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const outgoing = request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port || undefined,
        method: req.method,
        path: `${normalizedPath}${query}`,
        headers,
        timeout: UPSTREAM_TIMEOUT_MS,
      },
      (incoming) => {
        res.statusCode = incoming.statusCode ?? 502;
        // The handler pages carry the provider's own policy; the site's CSP would break them.
        res.removeHeader('Content-Security-Policy');
        for (const name of FORWARDED_RESPONSE_HEADERS) {
          const value = incoming.headers[name];
          if (value !== undefined) res.setHeader(name, value);
        }
        incoming.pipe(res);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('The auth handler did not answer in time.')));
    outgoing.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.statusCode = 502;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end('The sign-in service could not be reached. Please try again in a moment.\n');
    });
    outgoing.end();
  };
}
