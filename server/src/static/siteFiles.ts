import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, isCompressible } from '@trust/access-policy/content-types';

export interface SiteFile {
  /** Site path, e.g. `/labs/index.html` or `/assets/js/main.1a2b3c4d.js`. */
  urlPath: string;
  contentType: string;
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
  cacheControl: string;
  /** The same for members-only files: the reader's browser may keep them, shared caches not. */
  privateCacheControl: string;
  /** Whether responses differ by Accept-Encoding. */
  varies: boolean;
}

/** Content-hashed build output (`main.1a2b3c4d.js`) never changes under the same name. */
const HASHED = /\/assets\/.*[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';
const PRIVATE_REVALIDATE = 'private, no-cache';

async function* walk(dir: string, prefix: string): AsyncGenerator<[string, string]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const urlPath = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) yield* walk(full, urlPath);
    else if (entry.isFile()) yield [full, urlPath];
  }
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  return existsSync(file) ? readFile(file) : undefined;
}

/**
 * Reads a whole build into memory once, with its precompressed siblings, so that serving a
 * request is a map lookup and a write: no file system access after start-up.
 */
export async function loadSiteFiles(
  root: string,
  { requireIndex }: { requireIndex: boolean },
): Promise<Map<string, SiteFile>> {
  if (requireIndex && !existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No built site at ${root} (index.html is missing). Run "npm run build" first.`);
  }
  const files = new Map<string, SiteFile>();
  if (!existsSync(root)) return files;
  for await (const [full, urlPath] of walk(root, '')) {
    if (urlPath.endsWith('.br') || urlPath.endsWith('.gz')) continue;
    const contentType = contentTypeOf(urlPath);
    const compressible = isCompressible(contentType);
    const body = await readFile(full);
    files.set(urlPath, {
      urlPath,
      contentType,
      body,
      br: compressible ? await readOptional(`${full}.br`) : undefined,
      gzip: compressible ? await readOptional(`${full}.gz`) : undefined,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: HASHED.test(urlPath) ? IMMUTABLE : REVALIDATE,
      privateCacheControl: HASHED.test(urlPath) ? PRIVATE_IMMUTABLE : PRIVATE_REVALIDATE,
      varies: compressible,
    });
  }
  return files;
}

/**
 * The file a normalised path names: the file itself (`/sitemap.xml`), or the page it stands for
 * (`/labs` → `/labs/index.html`, `/404` → `/404.html`).
 */
export function findFile(files: ReadonlyMap<string, SiteFile>, normalizedPath: string): SiteFile | undefined {
  const base = normalizedPath === '/' ? '' : normalizedPath;
  return files.get(normalizedPath) ?? files.get(`${base}/index.html`) ?? files.get(`${base}.html`);
}
