import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import {
  DEFAULT_LOCALE,
  LOCALES,
  isRestrictedNormalizedPath,
  localeOfPath,
  localePrefix,
  SESSION_API_PATH,
  normalizePath,
  signInUrl,
  securityHeaders,
} from '@trust/access-policy';
import type { ServerConfig } from './config.js';
import { AUTH_HANDLER_PREFIX, createAuthProxy } from './authProxy.js';
import { guardRequests } from './http/requestGuard.js';
import { wantsPage } from './access/lock.js';
import { createUnavailableAnswer } from './access/unavailablePage.js';
import { enforcedPolicy, readServerRecord } from './serverRecord.js';
import { boundVerifier } from './session/boundedVerifier.js';
import { readSessionCookie } from './session/cookies.js';
import { createFirebaseVerifier } from './session/firebaseVerifier.js';
import { FailureLimiter } from './session/rateLimiter.js';
import { createSessionApi } from './session/sessionApi.js';
import { SessionGuard, type SessionCheck } from './session/sessionGuard.js';
import type { IdentityVerifier } from './session/verifier.js';
import { sendFile, sendText } from './static/send.js';
import { findFile, loadSiteFiles, type SiteFile } from './static/siteFiles.js';

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
  const manifest = readServerRecord(config.siteDir);
  const policy = enforcedPolicy(manifest.readerPolicy, config.policySettings);
  const publicFiles = await loadSiteFiles(path.join(config.siteDir, 'public'), { requireIndex: true });
  const memberFiles = await loadSiteFiles(path.join(config.siteDir, 'members'), { requireIndex: false });
  const now = deps.now ?? Date.now;
  const verifier = boundVerifier(deps.verifier ?? createFirebaseVerifier(config), config.provider);
  const guard = new SessionGuard(verifier, policy, config.session.revocationCheckMs, now, config.session.outageGraceMs);
  const handleSession = createSessionApi({
    config,
    verifier,
    guard,
    limiter: new FailureLimiter(10, 60_000, now),
    policy,
    now,
  });
  const proxyAuthHandler = config.authProxyOrigin ? createAuthProxy(config.authProxyOrigin) : null;
  const sendUnavailable = createUnavailableAnswer(publicFiles);
  const baseHeaders = securityHeaders(manifest.contentSecurityPolicy, config.isProduction);
  const notFoundPages = new Map<string, SiteFile | undefined>(
    LOCALES.map((locale) => [locale, publicFiles.get(`${localePrefix(locale)}/404.html`)]),
  );

  function sendNotFound(req: IncomingMessage, res: ServerResponse, normalizedPath: string, isPrivate = false): void {
    const page = notFoundPages.get(localeOfPath(normalizedPath)) ?? notFoundPages.get(DEFAULT_LOCALE);
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
      sendUnavailable(res, normalizedPath, wantsPage(req, normalizedPath));
      return;
    }
    if (session.kind === 'none') {
      if (wantsPage(req, normalizedPath)) {
        const target = req.url ?? '';
        const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
        res.statusCode = 302;
        res.setHeader('Location', signInUrl(normalizedPath, query.length <= 512 ? query : ''));
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

  function serveRestricted(req: IncomingMessage, res: ServerResponse, normalizedPath: string): void | Promise<void> {
    const cookie = readSessionCookie(req);
    const known = guard.checkCached(cookie);
    if (known) {
      answerRestricted(req, res, normalizedPath, known);
      return;
    }
    return guard.check(cookie).then((session) => answerRestricted(req, res, normalizedPath, session));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    const normalized = normalizePath(req.url ?? '/');
    if (!normalized.ok) {
      sendText(res, normalized.status, normalized.reason);
      return;
    }
    if (normalized.path === SESSION_API_PATH) return handleSession(req, res);
    if (proxyAuthHandler && normalized.path.startsWith(AUTH_HANDLER_PREFIX)) {
      proxyAuthHandler(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
      return;
    }
    if (isRestrictedNormalizedPath(normalized.path)) return serveRestricted(req, res, normalized.path);
    const file = findFile(publicFiles, normalized.path);
    if (file && !file.urlPath.endsWith('/404.html')) sendFile(req, res, file);
    else sendNotFound(req, res, normalized.path);
  }

  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
    },
    guardRequests(handle),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });
  return { server, fileCount: { public: publicFiles.size, members: memberFiles.size } };
}
