import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorBody } from '@trust/access-policy';
import type { SiteFile } from '../static/siteFiles.js';

/**
 * Who may keep an answer: `public` any cache (a file's own freshness decides how long),
 * `private` only the reader's browser (members' content, answers about one reader), `no-store`
 * nobody (errors, redirects to sign-in, anything that sets a cookie).
 */
export type CacheClass = 'public' | 'private' | 'no-store';

/** Extra headers of one answer, by their lower-case names. */
export type ExtraHeaders = Readonly<Record<string, string | number | string[]>>;

type Encoding = 'br' | 'gzip' | 'identity';

/** Cache-Control of a generated body (not a file) in each class. */
const BODY_CACHE_CONTROL: Record<CacheClass, string> = {
  public: 'no-cache',
  private: 'private, no-store',
  'no-store': 'no-store',
};

/** Accept-Encoding values seen, with the best encoding each allows; bounded, as clients vary. */
const MAX_REMEMBERED_ACCEPTS = 256;

function acceptsEncoding(acceptEncoding: string, name: string): boolean {
  return new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`, 'i').test(acceptEncoding);
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

function flatten(headers: ExtraHeaders | undefined, into: Array<string | number | string[]>): void {
  if (!headers) return;
  for (const [name, value] of Object.entries(headers)) into.push(name, value);
}

/** The ready headers and body of one file in one encoding and cache class. */
interface Prepared {
  headers: Array<string | number | string[]>;
  body: Buffer;
  etag: string;
}

/**
 * The one writer of the server's answers. Every answer carries the site's security headers, a
 * `Content-Length` and a `Cache-Control` from the cache class its caller names, and HEAD gets the
 * headers without the body. What does not change from one request to the next (a file's headers
 * in each encoding and cache class, the best encoding for an `Accept-Encoding` value) is worked
 * out once, so serving a file is one `writeHead` with a ready header list and one `end`, which is
 * what a bare `node:http` server does.
 */
export class Responder {
  readonly #base: Array<string | number | string[]>;
  /** The base headers without the site's CSP, which would break pages of another origin's making. */
  readonly #relayBase: Array<string | number | string[]>;
  readonly #prepared = new WeakMap<SiteFile, Map<string, Prepared>>();
  readonly #encodings = new Map<string, Encoding>();

  constructor(baseHeaders: Readonly<Record<string, string>>) {
    this.#base = [];
    flatten(baseHeaders, this.#base);
    this.#relayBase = [];
    flatten(
      Object.fromEntries(
        Object.entries(baseHeaders).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
      ),
      this.#relayBase,
    );
  }

  #encodingFor(acceptEncoding: string | undefined, file: SiteFile): Encoding {
    if (!acceptEncoding || !file.varies) return 'identity';
    let best = this.#encodings.get(acceptEncoding);
    if (best === undefined) {
      best = acceptsEncoding(acceptEncoding, 'br')
        ? 'br'
        : acceptsEncoding(acceptEncoding, 'gzip')
          ? 'gzip'
          : 'identity';
      if (this.#encodings.size >= MAX_REMEMBERED_ACCEPTS) this.#encodings.clear();
      this.#encodings.set(acceptEncoding, best);
    }
    if (best === 'br' && !file.br) return file.gzip && acceptsEncoding(acceptEncoding, 'gzip') ? 'gzip' : 'identity';
    if (best === 'gzip' && !file.gzip) return 'identity';
    return best;
  }

  #prepare(file: SiteFile, encoding: Encoding, cache: 'public' | 'private'): Prepared {
    let forFile = this.#prepared.get(file);
    if (!forFile) {
      forFile = new Map();
      this.#prepared.set(file, forFile);
    }
    const key = `${encoding} ${cache}`;
    let prepared = forFile.get(key);
    if (!prepared) {
      const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.body;
      const etag = encoding === 'identity' ? file.etag : `${file.etag.slice(0, -1)}-${encoding}"`;
      const headers = [
        ...this.#base,
        'Content-Type',
        file.contentType,
        'Content-Length',
        body.length,
        'Cache-Control',
        cache === 'private' ? file.privateCacheControl : file.cacheControl,
        'ETag',
        etag,
      ];
      if (cache === 'private') headers.push('Vary', file.varies ? 'Accept-Encoding, Cookie' : 'Cookie');
      else if (file.varies) headers.push('Vary', 'Accept-Encoding');
      if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
      prepared = { headers, body, etag };
      forFile.set(key, prepared);
    }
    return prepared;
  }

  /**
   * One in-memory file: the smallest encoding the client accepts, a 304 when its cached copy is
   * current, and no body for HEAD. Range requests get the whole file (allowed by RFC 9110 §14.2),
   * which keeps one code path for every byte served.
   */
  file(
    req: IncomingMessage,
    res: ServerResponse,
    file: SiteFile,
    { status = 200, cache }: { status?: number; cache: 'public' | 'private' },
  ): void {
    const prepared = this.#prepare(file, this.#encodingFor(req.headers['accept-encoding'], file), cache);
    if (status === 200 && matchesEtag(req.headers['if-none-match'], prepared.etag)) {
      res.writeHead(304, prepared.headers);
      res.end();
      return;
    }
    res.writeHead(status, prepared.headers);
    res.end(req.method === 'HEAD' ? undefined : prepared.body);
  }

  /** A body made for this one answer. */
  body(
    req: IncomingMessage,
    res: ServerResponse,
    {
      status,
      body,
      contentType,
      cache,
      headers,
    }: { status: number; body: Buffer; contentType: string | null; cache: CacheClass; headers?: ExtraHeaders },
  ): void {
    this.#write(
      req,
      res,
      status,
      body,
      [...this.#base, ...(contentType ? ['Content-Type', contentType] : [])],
      cache,
      headers,
    );
  }

  #write(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: Buffer,
    list: Array<string | number | string[]>,
    cache: CacheClass,
    headers: ExtraHeaders | undefined,
  ): void {
    list.push('Content-Length', body.length, 'Cache-Control', BODY_CACHE_CONTROL[cache]);
    flatten(headers, list);
    res.writeHead(status, list);
    res.end(req.method === 'HEAD' || body.length === 0 ? undefined : body);
  }

  /** A short plain-text answer for requests that never reach a file. */
  text(req: IncomingMessage, res: ServerResponse, status: number, message: string, headers?: ExtraHeaders): void {
    this.body(req, res, {
      status,
      body: Buffer.from(`${message}\n`),
      contentType: 'text/plain; charset=utf-8',
      cache: 'no-store',
      headers,
    });
  }

  /** An answer about one reader (the session API): JSON, or nothing (`null`), never stored by anyone. */
  json(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    payload: object | null,
    headers?: ExtraHeaders,
  ): void {
    this.body(req, res, {
      status,
      body: payload === null ? Buffer.alloc(0) : Buffer.from(JSON.stringify(payload)),
      contentType: payload === null ? null : 'application/json; charset=utf-8',
      cache: 'private',
      headers,
    });
  }

  /** An API's error answer: only a code of the catalogue, with what that code carries. */
  error(req: IncomingMessage, res: ServerResponse, status: number, body: ApiErrorBody, headers?: ExtraHeaders): void {
    this.json(req, res, status, body, headers);
  }

  /** A redirect; nobody keeps it, since where it leads depends on who asks. */
  redirect(req: IncomingMessage, res: ServerResponse, location: string, headers?: ExtraHeaders): void {
    this.body(req, res, {
      status: 302,
      body: Buffer.alloc(0),
      contentType: null,
      cache: 'no-store',
      headers: { Location: location, ...headers },
    });
  }

  /**
   * For an answer another library writes (the OAuth handlers, the MCP transport): the site's
   * security headers and `Cache-Control: no-store`, set before it writes its own, since what it
   * answers concerns one client or one member.
   */
  handOver(res: ServerResponse): void {
    for (let index = 0; index < this.#base.length; index += 2)
      res.setHeader(this.#base[index] as string, this.#base[index + 1] as string | string[]);
    res.setHeader('Cache-Control', 'no-store');
  }

  /**
   * An answer relayed from another origin (the identity provider's auth handler): its own
   * headers, the site's security headers but its CSP, and never kept by a shared cache.
   */
  relayed(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer, headers: ExtraHeaders): void {
    this.#write(req, res, status, body, [...this.#relayBase], 'no-store', headers);
  }
}
