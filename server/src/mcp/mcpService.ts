import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ASSISTANTS_API_PATH,
  CONNECT_API_PATH,
  MCP_PATH,
  MCP_SERVER_PATHS,
  OAUTH_SERVER_METADATA_PATH,
  PROTECTED_RESOURCE_METADATA_PATH,
  type ReaderPolicy,
} from '@trust/access-policy';
import type { Express } from 'express';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { audit, auditChange } from '../audit.js';
import type { ServerConfig } from '../config.js';
import type { Responder } from '../http/respond.js';
import type { Logger } from '../logging.js';
import { RateLimiter, clientKeyOf, tooManyRequests } from '../http/rateLimiter.js';
import type { SessionGuard } from '../session/sessionGuard.js';
import type { VerifiedIdentity } from '../session/verifier.js';
import { createClientStore } from './clients.js';
import { createAssistantsApi } from './assistantsApi.js';
import { createConnectApi, type OriginServices } from './connectApi.js';
import type { DocsIndex } from './docsIndex.js';
import { createMcpEndpoint } from './mcpEndpoint.js';
import type { MemberGrants } from './memberGrants.js';
import { createOAuthApp, createOAuthProvider } from './oauth.js';
import { clientKey, createTokens } from './tokens.js';

export interface McpServiceDeps {
  config: ServerConfig;
  guard: SessionGuard;
  members: MemberGrants;
  policy: ReaderPolicy;
  docs: DocsIndex;
  respond: Responder;
  logger: Logger;
  now: () => number;
}

const ROUTES: readonly string[] = [...MCP_SERVER_PATHS, CONNECT_API_PATH, ASSISTANTS_API_PATH];

/**
 * The route this service answers, read off the raw request URL (`/.well-known/…` included), or
 * null. Every request of the site passes here first, so it allocates nothing: a length and a
 * prefix comparison per route.
 */
export function mcpRouteOf(url: string | undefined): string | null {
  if (url === undefined) return null;
  const query = url.indexOf('?');
  const length = query === -1 ? url.length : query;
  for (const route of ROUTES) if (length === route.length && url.startsWith(route)) return route;
  return null;
}

/**
 * The members' assistants: the authorization server, the connect page's API and the MCP
 * endpoint. Tokens name their issuer and audience, so what signs them is made per origin: in
 * production the one configured origin; locally, whichever loopback origin the request came to.
 */
export function createMcpService(deps: McpServiceDeps) {
  const { config, respond, logger, now } = deps;
  const oauthLimiter = new RateLimiter(config.mcp.oauthPerMinute, 60_000, now);
  const perOrigin = new Map<string, OriginServices & { app: Express }>();

  const endpoint = createMcpEndpoint({
    members: deps.members,
    policy: deps.policy,
    docs: deps.docs,
    respond,
    recheckMs: config.session.revocationCheckMs,
    limits: {
      perMemberAndClient: config.mcp.callsPerMemberPerMinute,
      perInstance: config.mcp.callsPerInstancePerMinute,
    },
    now,
    onToolCall: (caller, tool, detail) =>
      audit(
        logger,
        {
          event: 'mcp-tool-call',
          outcome: 'served',
          uid: caller.uid,
          email: caller.email,
          client: caller.clientName,
          clientKey: caller.clientKey,
          tool,
          ...detail,
        },
        `An assistant called ${tool}`,
      ),
    onRefused: (fields) =>
      audit(logger, { event: 'mcp-token-refused', outcome: 'refused', ...fields }, 'An MCP access token was refused'),
    onUseNotRecorded: (caller, error) =>
      logger.warn(
        { uid: caller.uid, clientKey: caller.clientKey, err: error },
        "An assistant's first use could not be written on its member's account",
      ),
  });

  const handleConnect = createConnectApi({
    guard: deps.guard,
    members: deps.members,
    respond,
    publicOrigin: config.publicOrigin,
    now,
    onDecision: (identity: VerifiedIdentity, client: OAuthClientInformationFull, outcome) =>
      audit(
        logger,
        {
          event: 'oauth-authorization',
          outcome,
          uid: identity.uid,
          email: identity.email ?? null,
          client: client.client_name ?? null,
          clientKey: clientKey(client.client_id),
        },
        outcome === 'granted' ? 'A member allowed an assistant' : 'A member refused an assistant',
      ),
  });

  const handleAssistants = createAssistantsApi({
    guard: deps.guard,
    members: deps.members,
    respond,
    publicOrigin: config.publicOrigin,
    onDisconnect: (identity, grant) => {
      const by = identity.email ?? identity.uid;
      auditChange(logger, {
        action: 'assistant-disconnected',
        target: by,
        uid: identity.uid,
        by,
        client: `${grant.n} (${grant.c})`,
      });
      endpoint.forget(identity.uid);
    },
  });

  function servicesFor(origin: string): OriginServices & { app: Express } {
    let services = perOrigin.get(origin);
    if (!services) {
      const tokens = createTokens(config.mcp.tokenSecret, origin);
      const clients = createClientStore({ tokens, allowLoopbackDocuments: !config.isProduction, now });
      const provider = createOAuthProvider({
        origin,
        tokens,
        clients,
        members: deps.members,
        policy: deps.policy,
        now,
        onRefused: (event, fields) =>
          audit(logger, { event: `oauth-${event}`, outcome: 'refused', ...fields }, 'An OAuth grant was refused'),
      });
      services = { tokens, clients, app: createOAuthApp(provider, origin) };
      perOrigin.set(origin, services);
    }
    return services;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, route: string): Promise<void> {
    // Without a configured origin (never in production) the server answers loopback hosts only.
    const origin = config.publicOrigin ?? `http://${req.headers.host}`;
    const services = servicesFor(origin);
    if (route === MCP_PATH) return endpoint.handleMcp(req, res, origin, services.tokens);
    // The metadata documents are the same for everyone and cost nothing: they are not counted, so
    // the assistants that reach the site from one provider's addresses (Claude's cloud) do not
    // spend their shared allowance on discovery.
    if (route === OAUTH_SERVER_METADATA_PATH || route === PROTECTED_RESOURCE_METADATA_PATH) {
      respond.handOver(res);
      return services.app(req as never, res as never);
    }
    const wait = oauthLimiter.take(clientKeyOf(req, config.trustProxyHops));
    // The connect page reads the site's own error codes; the OAuth endpoints answer as OAuth does.
    if (wait > 0)
      throw route === CONNECT_API_PATH || route === ASSISTANTS_API_PATH
        ? tooManyRequests(wait)
        : tooManyRequests(wait, {
            protocolBody: { error: 'too_many_requests', error_description: 'Too many requests: wait a minute.' },
          });
    if (route === CONNECT_API_PATH) return handleConnect(req, res, services, origin);
    if (route === ASSISTANTS_API_PATH) return handleAssistants(req, res);
    respond.handOver(res);
    services.app(req as never, res as never);
  }

  return { handle, forget: endpoint.forget };
}
