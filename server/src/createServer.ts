import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { isRestrictedNormalizedPath, normalizePath } from '@trust/access-policy';
import type { ServerConfig } from './config.js';
import { AUTH_HANDLER_PREFIX, createAuthProxy } from './authProxy.js';
import { signInLocation, wantsPage } from './access/lock.js';
import { securityHeaders } from './headers/securityHeaders.js';
import { readSessionCookie } from './session/cookies.js';
import { createFirebaseVerifier } from './session/firebaseVerifier.js';
import { FailureLimiter } from './session/rateLimiter.js';
import { SESSION_PATH, createSessionApi } from './session/sessionApi.js';
import { SessionGuard, type SessionCheck } from './session/sessionGuard.js';
import type { IdentityVerifier } from './session/verifier.js';
import { sendFile, sendText } from './static/send.js';
import { findFile, loadSiteFiles, type SiteFile } from './static/siteFiles.js';

const LOCALES = ['es'] as const;

/** The locale a path belongs to, for choosing its not-found page. */
function localePrefixOf(normalizedPath: string): string {
  const first = normalizedPath.split('/')[1];
  return LOCALES.some((locale) => locale === first) ? `/${first}` : '';
}

/**
 * Headers on every response. The CSP comes from the post-build step (`security.json`), which
 * hashed the inline scripts of that very build.
 */
function buildSecurityHeaders(config: ServerConfig): Record<string, string> {
  const file = path.join(config.siteDir, 'security.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" (its post-build step writes it).`);
  const { contentSecurityPolicy } = JSON.parse(readFileSync(file, 'utf8')) as { contentSecurityPolicy: string };
  return securityHeaders(contentSecurityPolicy, config.isProduction);
}

export interface SiteServer {
  server: Server;
  /** Number of files held in memory: public and members-only. */
  fileCount: { public: number; members: number };
}

export interface ServerDeps {
  /** Stands in for the identity provider in tests; the Firebase Admin SDK otherwise. */
  verifier?: IdentityVerifier;
  /** The clock (tests move it forward). */
  now?: () => number;
}

export async function createSiteServer(config: ServerConfig, deps: ServerDeps = {}): Promise<SiteServer> {
  const publicFiles = await loadSiteFiles(path.join(config.siteDir, 'public'), { requireIndex: true });
  const memberFiles = await loadSiteFiles(path.join(config.siteDir, 'members'), { requireIndex: false });
  const verifier = deps.verifier ?? createFirebaseVerifier(config);
  const now = deps.now ?? Date.now;
  const guard = new SessionGuard(verifier, config.policy, config.session.revocationCheckMs, now);
  const handleSession = createSessionApi({
    config,
    verifier,
    guard,
    limiter: new FailureLimiter(10, 60_000, now),
    policy: config.policy,
    now,
  });
  const proxyAuthHandler = config.authProxyOrigin ? createAuthProxy(config.authProxyOrigin) : null;
  const baseHeaders = buildSecurityHeaders(config);
  const notFoundPages = new Map<string, SiteFile | undefined>(
    ['', ...LOCALES.map((locale) => `/${locale}`)].map((prefix) => [prefix, publicFiles.get(`${prefix}/404.html`)]),
  );

  function sendNotFound(req: IncomingMessage, res: ServerResponse, normalizedPath: string, isPrivate = false): void {
    const page = notFoundPages.get(localePrefixOf(normalizedPath)) ?? notFoundPages.get('');
    if (page) sendFile(req, res, page, 404, { isPrivate });
    else sendText(res, 404, 'Not found.');
  }

  function answerRestricted(
    req: IncomingMessage,
    res: ServerResponse,
    normalizedPath: string,
    session: SessionCheck,
  ): void {
    if (session.kind !== 'allowed') res.setHeader('Vary', 'Cookie');
    if (session.kind === 'unavailable') {
      sendText(
        res,
        503,
        'The documentation is temporarily unavailable: sign-in cannot be checked right now. Please try again in a few minutes.',
        {
          'Retry-After': '30',
        },
      );
      return;
    }
    if (session.kind === 'none') {
      if (wantsPage(req, normalizedPath)) {
        const target = req.url ?? '';
        const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
        res.statusCode = 302;
        res.setHeader('Location', signInLocation(normalizedPath, query.length <= 512 ? query : ''));
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Content-Length', 0);
        res.end();
      } else {
        sendText(res, 401, 'Sign-in required.');
      }
      return;
    }
    const file = findFile(memberFiles, normalizedPath);
    if (file) sendFile(req, res, file, 200, { isPrivate: true });
    // A 404 under the documentation tells what the documentation does not hold: members only.
    else sendNotFound(req, res, normalizedPath, true);
  }

  function serveRestricted(req: IncomingMessage, res: ServerResponse, normalizedPath: string): void {
    const cookie = readSessionCookie(req);
    const known = guard.checkCached(cookie);
    if (known) {
      answerRestricted(req, res, normalizedPath, known);
      return;
    }
    guard
      .check(cookie)
      .then((session) => answerRestricted(req, res, normalizedPath, session))
      .catch((error: unknown) => fail(res, error));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    const normalized = normalizePath(req.url ?? '/');
    if (!normalized.ok) {
      sendText(res, normalized.status, normalized.reason);
      return;
    }
    if (normalized.path === SESSION_PATH) {
      handleSession(req, res).catch((error: unknown) => fail(res, error));
      return;
    }
    if (proxyAuthHandler && normalized.path.startsWith(AUTH_HANDLER_PREFIX)) {
      proxyAuthHandler(req, res, normalized.path);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
      return;
    }
    if (isRestrictedNormalizedPath(normalized.path)) {
      serveRestricted(req, res, normalized.path);
      return;
    }
    const file = findFile(publicFiles, normalized.path);
    if (file && !file.urlPath.endsWith('/404.html')) sendFile(req, res, file);
    else sendNotFound(req, res, normalized.path);
  }

  function fail(res: ServerResponse, error: unknown): void {
    console.error('Request failed:', error);
    if (!res.headersSent) sendText(res, 500, 'Something went wrong on our side.');
    else res.destroy();
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
  return { server, fileCount: { public: publicFiles.size, members: memberFiles.size } };
}
