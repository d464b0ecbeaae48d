import { contentType } from 'mime-types';

/** Types worth compressing: text formats and SVG; images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json|wasm)|image\/svg\+xml)/;

/**
 * Where the shared table lags the standards: RFC 9239 makes `text/javascript` the one type for
 * scripts, and the site's feeds and sitemaps are UTF-8.
 */
const OVERRIDES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/**
 * The `Content-Type` of a file, from the extension table that Node's HTTP ecosystem shares
 * (text types carry `charset=utf-8`). Looked up once per file when the site is loaded, never
 * per request.
 */
export function contentTypeOf(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  const dot = filePath.lastIndexOf('.');
  if (dot <= slash) return 'application/octet-stream';
  const extension = filePath.slice(dot).toLowerCase();
  return OVERRIDES[extension] ?? (contentType(extension) || 'application/octet-stream');
}

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}
