import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { normalizePath } from '@trust/access-policy';
import type { ServerConfig } from './config.js';
import { sendFile, sendText } from './static/send.js';
import { findFile, loadSiteFiles, type SiteFile } from './static/siteFiles.js';

/** Headers every response carries. */
const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

const LOCALES = ['es'] as const;

/** The locale a path belongs to, for choosing its not-found page. */
function localePrefixOf(normalizedPath: string): string {
  const first = normalizedPath.split('/')[1];
  return LOCALES.find((locale) => locale === first) ? `/${first}` : '';
}

export interface SiteServer {
  server: Server;
  /** Number of files held in memory. */
  fileCount: number;
}

export async function createSiteServer(config: ServerConfig): Promise<SiteServer> {
  const files = await loadSiteFiles(config.siteDir);
  const notFoundPages = new Map<string, SiteFile | undefined>(
    ['', ...LOCALES.map((locale) => `/${locale}`)].map((prefix) => [prefix, files.get(`${prefix}/404.html`)]),
  );

  function handle(req: IncomingMessage, res: ServerResponse): void {
    for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
      return;
    }
    const normalized = normalizePath(req.url ?? '/');
    if (!normalized.ok) {
      sendText(res, normalized.status, normalized.reason);
      return;
    }
    const file = findFile(files, normalized.path);
    if (file && !file.urlPath.endsWith('/404.html')) {
      sendFile(req, res, file);
      return;
    }
    const notFound = notFoundPages.get(localePrefixOf(normalized.path)) ?? notFoundPages.get('');
    if (notFound) sendFile(req, res, notFound, 404);
    else sendText(res, 404, 'Not found.');
  }

  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
    },
    handle,
  );
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  return { server, fileCount: files.size };
}
