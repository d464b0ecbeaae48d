import { createServer, type Server } from 'node:http';
import path from 'node:path';
import {
  ACCESS_REQUEST_API_PATH,
  ADMIN_API_PREFIX,
  AUTH_HANDLER_PREFIX,
  DEFAULT_LOCALE,
  LOCALES,
  EMAIL_LINK_API_PATH,
  SESSION_API_PATH,
  isRestrictedNormalizedPath,
  localeOfPath,
  localePrefix,
  normalizePath,
  securityHeaders,
} from '@trust/access-policy';
import { MEMBERS_DIR, PUBLIC_DIR } from '@trust/access-policy/build-contract';
import type { ServerConfig } from './config.js';
import { createAuthProxy } from './authProxy.js';
import { createAccessApi } from './access/accessApi.js';
import { createMembersHandler } from './access/membersHandler.js';
import { createUnavailableAnswer } from './access/unavailablePage.js';
import { ApiError } from './http/apiError.js';
import { Responder } from './http/respond.js';
import { createPageAudit } from './audit.js';
import { createLogger, traceId, type Logger } from './logging.js';
import { answerClientError, guardRequests, type RequestHandler } from './http/requestGuard.js';
import { enforcedPolicy, readServerRecord } from './serverRecord.js';
import { boundVerifier } from './session/boundedVerifier.js';
import { createFirebaseAuth, createFirebaseVerifier } from './session/firebaseVerifier.js';
import { createGrants, type Grants } from './access/grants.js';
import { RateLimiter } from './http/rateLimiter.js';
import { createSessionApi } from './session/sessionApi.js';
import { SessionGuard } from './session/sessionGuard.js';
import type { IdentityVerifier } from './session/verifier.js';
import { findFile, loadSiteFiles, type SiteFile } from './static/siteFiles.js';
import { DocsIndex } from './mcp/docsIndex.js';
import { createMemberGrants, type MemberGrants } from './mcp/memberGrants.js';
import { createMcpService, mcpRouteOf } from './mcp/mcpService.js';

export interface SiteServer {
  server: Server;
  /** Writes the log lines still waiting in a batch (the audit trail's pages): call before exiting. */
  flushLog(): void;
  /** Number of files held in memory: public and members-only. */
  fileCount: { public: number; members: number };
}

export interface ServerDeps {
  /** Stands in for the identity provider in tests; the Firebase Admin SDK otherwise. */
  verifier?: IdentityVerifier;
  /** The operations on access; with a stand-in verifier and none given, the admin API answers 503. */
  grants?: Grants;
  /** The members' assistants' grants; with a stand-in verifier and none given, `/mcp` and its sign-in answer 503. */
  members?: MemberGrants;
  /** The clock (tests move it forward). */
  now?: () => number;
  /** Where the server logs; by default standard output as the settings say. */
  logger?: Logger;
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::(\d{1,5}))?$/i;

function isLoopbackHost(host: string | undefined, port: number | undefined): boolean {
  const match = LOOPBACK_HOST.exec(host ?? '');
  return match !== null && Number(match[1] ?? 80) === port;
}

const MINUTE_MS = 60_000;

/** Wiring and routing: one normalisation, then the session API, the auth relay, the lock, or a public file. */
export async function createSiteServer(config: ServerConfig, deps: ServerDeps = {}): Promise<SiteServer> {
  const build = readServerRecord(config.siteDir);
  const policy = enforcedPolicy(build.readerPolicy, config.policySettings);
  const publicFiles = await loadSiteFiles(path.join(config.siteDir, PUBLIC_DIR), { requireIndex: true });
  const memberFiles = await loadSiteFiles(path.join(config.siteDir, MEMBERS_DIR), { requireIndex: false });
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? createLogger(config.log);
  const respond = new Responder(securityHeaders(build.contentSecurityPolicy, config.isProduction));
  const auth = deps.verifier ? null : createFirebaseAuth(config);
  const grants = deps.grants ?? (auth ? createGrants(auth, policy) : null);
  const verifier = boundVerifier(
    deps.verifier ?? createFirebaseVerifier(auth!, build.identity, config.firebase.emulatorHost),
    config.provider,
    Date.now,
    (change) =>
      change.state === 'paused'
        ? logger.error(
            { event: 'provider-paused', code: change.code, pauseSeconds: config.provider.pauseMs / 1000 },
            'The identity provider is failing: calls to it are paused; locked pages answer 503 meanwhile',
          )
        : logger.info({ event: 'provider-resumed' }, 'The identity provider answers again: calls resumed'),
  );
  const guard = new SessionGuard(verifier, policy, config.session.revocationCheckMs, now, config.session.outageGraceMs);
  const members = deps.members ?? (auth ? createMemberGrants(auth) : null);
  const mcpService = members
    ? createMcpService({
        config,
        guard,
        members,
        policy,
        docs: new DocsIndex(memberFiles),
        respond,
        logger,
        now,
      })
    : null;

  const handleSession = createSessionApi({
    config,
    verifier,
    guard,
    limiter: new RateLimiter(config.rateLimits.signInFailuresPerMinute, MINUTE_MS, now),
    forgetAssistants: (uid) => mcpService?.forget(uid),
    identityRecord: build.identity,
    policy,
    respond,
    logger,
    now,
  });
  const accessApi = createAccessApi({
    config,
    verifier,
    guard,
    grants,
    policy,
    respond,
    logger,
    adminLimiter: new RateLimiter(config.rateLimits.adminRefusalsPerMinute, MINUTE_MS, now),
    forgetAssistants: (uid) => mcpService?.forget(uid),
    requestLimiter: new RateLimiter(config.rateLimits.accessRequestsPer10Minutes, 10 * MINUTE_MS, now),
    now,
  });
  const proxyAuthHandler = config.authProxyOrigin ? createAuthProxy(config.authProxyOrigin, respond) : null;
  const notFoundPages = new Map<string, SiteFile | undefined>(
    LOCALES.map((locale) => [locale, publicFiles.get(`${localePrefix(locale)}/404.html`)]),
  );
  const sendNotFound = (
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
    normalizedPath: string,
    cache: 'public' | 'private',
  ) => {
    const page = notFoundPages.get(localeOfPath(normalizedPath)) ?? notFoundPages.get(DEFAULT_LOCALE);
    if (page) respond.file(req, res, page, { status: 404, cache });
    else respond.text(req, res, 404, 'Not found.');
  };
  const pageAudit = createPageAudit(logger, config.firebase.projectId);
  const serveMembers = createMembersHandler({
    guard,
    memberFiles,
    sectionPages: new Map(Object.entries(build.sectionPages)),
    respond,
    sendUnavailable: createUnavailableAnswer(publicFiles, respond),
    sendNotFound,
    onPageServed: (req, identity, file) => pageAudit.served(identity, file.urlPath, traceId(req)),
  });

  // With the emulator the provider accepts unsigned tokens, and without SITE_URL the request's
  // own Host stands in for the site's origin: a page elsewhere whose name is made to resolve to
  // this machine (DNS rebinding) would be same-origin with it. Only loopback names are answered.
  const isHostUnchecked = config.firebase.emulatorHost !== null && config.publicOrigin === null;
  // The one Host a browser on this machine sends, once seen good: a string comparison per request.
  let goodHost: string | undefined;
  const handle: RequestHandler = (req, res) => {
    if (isHostUnchecked && req.headers.host !== goodHost) {
      if (!isLoopbackHost(req.headers.host, req.socket.localPort))
        return respond.text(req, res, 421, 'This server answers only at a loopback address.');
      goodHost = req.headers.host;
    }
    const mcpRoute = mcpRouteOf(req.url);
    if (mcpRoute) {
      if (!mcpService) throw new ApiError(503, 'unavailable');
      return mcpService.handle(req, res, mcpRoute);
    }
    const normalized = normalizePath(req.url ?? '/');
    if (!normalized.ok) return respond.text(req, res, normalized.status, normalized.reason);
    if (normalized.path === SESSION_API_PATH || normalized.path === EMAIL_LINK_API_PATH)
      return handleSession(req, res, normalized.path);
    if (normalized.path === ACCESS_REQUEST_API_PATH) return accessApi.handleAccessRequest(req, res);
    if (normalized.path.startsWith(`${ADMIN_API_PREFIX}/`)) return accessApi.handleAdmin(req, res, normalized.path);
    if (proxyAuthHandler && normalized.path.startsWith(AUTH_HANDLER_PREFIX)) return proxyAuthHandler(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return respond.text(req, res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    if (isRestrictedNormalizedPath(normalized.path)) return serveMembers(req, res, normalized.path);
    const file = findFile(publicFiles, normalized.path);
    if (file && !file.urlPath.endsWith('/404.html')) respond.file(req, res, file, { cache: 'public' });
    else sendNotFound(req, res, normalized.path, 'public');
  };

  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
    },
    guardRequests(handle, respond, (message, error, req) =>
      logger.error(
        { event: 'request-failed', err: error, method: req.method, path: req.url, trace_id: traceId(req) },
        message,
      ),
    ),
  );
  server.on('clientError', answerClientError);
  return { server, flushLog: pageAudit.flush, fileCount: { public: publicFiles.size, members: memberFiles.size } };
}
