import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod/v4';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { PROTECTED_RESOURCE_METADATA_PATH, type PlainErrorCode, type ReaderPolicy } from '@trust/access-policy';
import { ApiError } from '../http/apiError.js';
import { bearerToken, readJson } from '../http/request.js';
import type { ExtraHeaders, Responder } from '../http/respond.js';
import { RateLimiter, tooManyRequests } from '../http/rateLimiter.js';
import { isProviderFailure } from '../session/verifier.js';
import type { DocsIndex, DocsPage } from './docsIndex.js';
import { grantRefusal, type GrantRefusal, type MemberGrants } from './memberGrants.js';
import { resourceOf } from './oauth.js';
import type { Tokens } from './tokens.js';

/** A JSON-RPC message to this server is a tool call or a listing: a few hundred bytes. */
const MAX_MCP_BODY_BYTES = 64 * 1024;
const MAX_QUERY_LENGTH = 300;
const MAX_CHECKED = 10_000;

/** Who is calling, as the access token says and the account confirmed. */
export interface McpCaller {
  uid: string;
  email: string;
  clientKey: string;
  clientName: string;
}

export interface McpEndpointDeps {
  members: MemberGrants;
  policy: ReaderPolicy;
  docs: DocsIndex;
  respond: Responder;
  /** How long an account's answer is kept before it is read again (`SESSION_RECHECK_SECONDS`). */
  recheckMs: number;
  /** Requests a minute per member and assistant, and on this instance in all. */
  limits: { perMemberAndClient: number; perInstance: number };
  now: () => number;
  onToolCall: (caller: McpCaller, tool: string, detail: Record<string, unknown>) => void;
  onRefused: (fields: Record<string, unknown>) => void;
  /** The first use of a grant could not be written on the account (the call itself was answered). */
  onUseNotRecorded: (caller: McpCaller, error: unknown) => void;
}

const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0', id: null, error: { code, message } });

/** A refusal of `/mcp`, which its clients read as a JSON-RPC error. */
const rpcRefusal = (
  status: number,
  code: PlainErrorCode,
  rpcCode: number,
  message: string,
  headers?: ExtraHeaders,
): ApiError => new ApiError(status, code, { protocolBody: jsonRpcError(rpcCode, message), headers });

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless (each POST stands alone, so
 * any instance answers any request), behind a bearer token from this site's authorization server.
 * The token's signature, type, issuer, audience (this endpoint, RFC 8707) and expiry are checked
 * on every request; the account behind it is read again every `recheckMs`, as a session is.
 */
export function createMcpEndpoint(deps: McpEndpointDeps) {
  /** Each grant's verdict as last read, and whether its account shows it never used. */
  const checked = new Map<string, { until: number; refusal: GrantRefusal | null; unused: boolean }>();
  const perMemberAndClient = new RateLimiter(deps.limits.perMemberAndClient, 60_000, deps.now, MAX_CHECKED);
  const perInstance = new RateLimiter(deps.limits.perInstance, 60_000, deps.now, 1);

  const challenge = (origin: string, error?: string) =>
    `Bearer resource_metadata="${origin}${PROTECTED_RESOURCE_METADATA_PATH}"${
      error ? `, error="${error}", error_description="The access token is missing, expired or not for this server"` : ''
    }`;

  /** No access token, or one refused: OAuth's bearer error, which tells the client where to sign in. */
  const unauthorized = (origin: string, presented: boolean) =>
    new ApiError(401, presented ? 'invalid-token' : 'missing-token', {
      protocolBody: {
        error: 'invalid_token',
        error_description: 'Sign in through this site to use its documentation.',
      },
      headers: { 'WWW-Authenticate': challenge(origin, presented ? 'invalid_token' : undefined) },
    });

  async function refusalNow(caller: McpCaller, authTime: number, grantId: string): Promise<GrantRefusal | null> {
    const key = `${caller.uid}:${grantId}`;
    const known = checked.get(key);
    const now = deps.now();
    if (known && known.until > now) return known.refusal;
    const account = await deps.members.account(caller.uid);
    const refusal = grantRefusal(
      account,
      { email: caller.email, authTime, clientKey: caller.clientKey, grantId },
      deps.policy,
      now,
    );
    const grant = account?.grants.find((each) => each.c === caller.clientKey && each.i === grantId);
    if (checked.size >= MAX_CHECKED) checked.delete(checked.keys().next().value!);
    checked.set(key, { until: now + deps.recheckMs, refusal, unused: refusal === null && grant?.u === undefined });
    return refusal;
  }

  /**
   * Writes a grant's first use on the account, once: the member's page says "not yet" until the
   * assistant has searched or read, since exchanging the code right after consent is no use. Later
   * uses are stamped by the token renewals, without a write per call.
   */
  async function noteFirstUse(caller: McpCaller, grantId: string): Promise<void> {
    const known = checked.get(`${caller.uid}:${grantId}`);
    if (!known?.unused) return;
    known.unused = false;
    const at = Math.floor(deps.now() / 1000);
    try {
      await deps.members.update(caller.uid, (grants) => {
        const grant = grants.find((each) => each.c === caller.clientKey && each.i === grantId);
        if (!grant || grant.u !== undefined) return null;
        return grants.map((each) => (each === grant ? { ...grant, u: at } : each));
      });
    } catch (error) {
      deps.onUseNotRecorded(caller, error);
    }
  }

  function buildServer(caller: McpCaller, grantId: string, origin: string): McpServer {
    const called = async (tool: string, detail: Record<string, unknown>) => {
      deps.onToolCall(caller, tool, detail);
      await noteFirstUse(caller, grantId);
    };
    const server = new McpServer(
      { name: 'uai-trustworthy-systems-docs', title: 'UAI Trustworthy Systems Centre documentation', version: '1.0.0' },
      {
        instructions:
          'The Intrusion Sentinel documentation of the UAI Trustworthy Systems Centre, in English and Spanish. Search it, then read pages as Markdown; cite each page by its URL.',
      },
    );
    const urlOf = (page: DocsPage) => `${origin}${page.path}`;
    server.registerTool(
      'search_documentation',
      {
        title: 'Search the documentation',
        description:
          'Full-text search over the Intrusion Sentinel documentation. Answers each page found with its title, its URL (cite it) and a passage.',
        inputSchema: {
          query: z.string().min(1).max(MAX_QUERY_LENGTH).describe('Words or a sentence to look for'),
          language: z.enum(['en', 'es', 'all']).default('all').describe('en, es, or all (both)'),
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ query, language }) => {
        await called('search_documentation', { query, language });
        const hits = deps.docs.search(query, language);
        const results = hits.map((hit) => ({
          title: hit.page.title,
          url: urlOf(hit.page),
          markdown_url: `${origin}${hit.page.markdownPath}`,
          language: hit.page.locale,
          passage: hit.passage,
        }));
        const text =
          results.length === 0
            ? `No page matches "${query}".`
            : results.map((each) => `## ${each.title}\n${each.url}\n\n${each.passage}`).join('\n\n');
        return { content: [{ type: 'text', text }], structuredContent: { results } };
      },
    );
    server.registerTool(
      'read_page',
      {
        title: 'Read a documentation page',
        description: 'One documentation page as Markdown, by its URL or path (as search_documentation gives it).',
        inputSchema: { url: z.string().min(1).max(2048).describe('The page URL or path, with or without .md') },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ url }) => {
        const page = deps.docs.page(url);
        await called('read_page', { page: page?.path ?? url, found: page !== undefined });
        if (!page)
          return {
            content: [{ type: 'text', text: `No documentation page at ${url}. Search first to find its URL.` }],
            isError: true,
          };
        return { content: [{ type: 'text', text: page.markdown }] };
      },
    );
    server.registerResource(
      'documentation-page',
      new ResourceTemplate(`${origin}{+path}.md`, {
        list: () => ({
          resources: deps.docs.pages.map((page) => ({
            uri: `${origin}${page.markdownPath}`,
            name: page.path,
            title: page.title,
            mimeType: 'text/markdown',
          })),
        }),
      }),
      { title: 'Documentation page', description: 'A documentation page as Markdown', mimeType: 'text/markdown' },
      async (uri) => {
        const page = deps.docs.page(uri.href);
        await called('resources/read', { page: page?.path ?? uri.pathname, found: page !== undefined });
        if (!page) throw new Error(`No documentation page at ${uri.href}`);
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] };
      },
    );
    return server;
  }

  /** Drops what this instance knows of an account's grants: a change made here applies at once. */
  function forget(uid: string): void {
    for (const key of checked.keys()) if (key.startsWith(`${uid}:`)) checked.delete(key);
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse, origin: string, tokens: Tokens): Promise<void> {
    const token = bearerToken(req);
    if (!token) {
      if (req.headers.authorization) deps.onRefused({ reason: 'malformed' });
      throw unauthorized(origin, req.headers.authorization !== undefined);
    }
    const claims = await tokens.verify('access', token, deps.now(), resourceOf(origin)).catch((error: unknown) => {
      deps.onRefused({ reason: 'invalid', detail: (error as Error).message });
      throw unauthorized(origin, true);
    });
    const caller: McpCaller = {
      uid: String(claims.sub),
      email: String(claims.email),
      clientKey: String(claims.ck),
      clientName: String(claims.cn ?? ''),
    };
    const refusal = await refusalNow(caller, Number(claims.auth_time), String(claims.gid)).catch((error: unknown) => {
      if (!isProviderFailure(error)) throw error;
      throw rpcRefusal(503, 'unavailable', -32000, 'The identity provider cannot be reached; try again shortly.');
    });
    if (refusal) {
      deps.onRefused({ uid: caller.uid, email: caller.email, client: caller.clientName, reason: refusal });
      throw unauthorized(origin, true);
    }
    // Each member's assistant has its own allowance, which no other member's can spend.
    const wait = perMemberAndClient.retryAfter(`${caller.uid} ${caller.clientKey}`) || perInstance.retryAfter('');
    if (wait > 0)
      throw tooManyRequests(wait, { protocolBody: jsonRpcError(-32000, 'Too many requests: wait a minute.') });
    perMemberAndClient.count(`${caller.uid} ${caller.clientKey}`);
    perInstance.count('');
    // Stateless, the server never speaks first: there is no stream for a GET to open (the
    // specification's 405), and no session for a DELETE to end.
    if (req.method !== 'POST')
      throw rpcRefusal(405, 'method-not-allowed', -32000, 'Method not allowed: POST only.', { Allow: 'POST' });
    const body = await readJsonRpc(req);
    // One message a request, as the protocol has asked since its 2025-06-18 revision: a batch would
    // make one counted request of a hundred searches.
    if (Array.isArray(body))
      throw rpcRefusal(
        400,
        'body-not-json-object',
        -32600,
        'Invalid request: batches are not supported; send one JSON-RPC message per request.',
      );
    const server = buildServer(caller, String(claims.gid), origin);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    deps.respond.handOver(res);
    await transport.handleRequest(req, res, body);
  }

  return { handleMcp, forget };
}

/** The body as JSON (an object or a batch), bounded; anything else is refused as JSON-RPC says. */
async function readJsonRpc(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    // The transport answers a wrong content type with the protocol's own error.
    return undefined;
  }
  return readJson(req, MAX_MCP_BODY_BYTES, true).catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    throw error.status === 413
      ? rpcRefusal(413, 'body-too-large', -32600, `Request too large: at most ${MAX_MCP_BODY_BYTES} bytes.`)
      : rpcRefusal(400, 'body-not-json-object', -32700, 'Parse error: the body is not JSON.');
  });
}
