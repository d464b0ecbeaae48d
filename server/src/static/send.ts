import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteFile } from './siteFiles.js';

type Encoding = 'br' | 'gzip' | undefined;

/** The best encoding both sides have: brotli, then gzip, unless the client gives it q=0. */
function chooseEncoding(acceptEncoding: string | undefined, file: SiteFile): Encoding {
  if (!acceptEncoding || !file.varies) return undefined;
  const accepts = (name: string) =>
    new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`, 'i').test(acceptEncoding);
  if (file.br && accepts('br')) return 'br';
  if (file.gzip && accepts('gzip')) return 'gzip';
  return undefined;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/**
 * Answers with one in-memory file: the smallest encoding the client accepts, a 304 when its
 * cached copy is current, and no body for HEAD. Range requests get the whole file (allowed by
 * RFC 9110 §14.2), which keeps one code path for every byte served.
 */
export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: SiteFile,
  status = 200,
  { isPrivate = false }: { isPrivate?: boolean } = {},
): void {
  const encoding = chooseEncoding(req.headers['accept-encoding'], file);
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  res.setHeader('Cache-Control', isPrivate ? file.privateCacheControl : file.cacheControl);
  res.setHeader('ETag', etag);
  if (file.varies || isPrivate)
    res.setHeader('Vary', isPrivate ? (file.varies ? 'Accept-Encoding, Cookie' : 'Cookie') : 'Accept-Encoding');
  if (status === 200 && matchesEtag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.body;
  res.statusCode = status;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', body.length);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A short plain-text answer for requests that never reach a file. */
export function sendText(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = Buffer.from(`${message}\n`);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
