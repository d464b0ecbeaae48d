import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { TestSite } from './helpers.js';

/** A site, and the public origin its tokens name when it has one configured (`SITE_URL`). */
export type McpSite = Pick<TestSite, 'origin'> & { publicOrigin?: string };
const publicOf = (site: McpSite) => site.publicOrigin ?? site.origin;
export const resourceOf = (site: McpSite) => `${publicOf(site)}/mcp`;

/** What an assistant does against the site's authorization server, step by step, as the SDK's client does. */

export const REDIRECT_URI = 'http://127.0.0.1:43117/callback';

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function register(site: McpSite, redirectUris = [REDIRECT_URI], name = 'Test assistant') {
  const response = await fetch(`${site.origin}/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ redirect_uris: redirectUris, client_name: name, token_endpoint_auth_method: 'none' }),
  });
  const body = (await response.json()) as { client_id: string };
  assert.equal(response.status, 201, JSON.stringify(body));
  return body.client_id;
}

export interface AuthorizeOptions {
  clientId: string;
  challenge: string;
  redirectUri?: string;
  method?: string;
  resource?: string;
  state?: string;
  /** What a browser sends besides: Accept, Accept-Language. */
  headers?: Record<string, string>;
}

/** `GET /authorize`: the status and where it sends the browser. */
export async function authorize(site: McpSite, options: AuthorizeOptions) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    code_challenge: options.challenge,
    code_challenge_method: options.method ?? 'S256',
    state: options.state ?? 'state-1',
    resource: options.resource ?? resourceOf(site),
  });
  const response = await fetch(`${site.origin}/authorize?${query}`, { redirect: 'manual', headers: options.headers });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

/** The connect page's decision, as the signed-in member's browser sends it. */
export async function decide(site: McpSite, request: string, cookie: string | undefined, decision = 'allow') {
  const response = await fetch(`${site.origin}/api/connect`, {
    method: 'POST',
    headers: {
      Origin: publicOf(site),
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({ request, decision }),
  });
  return { status: response.status, body: (await response.json()) as { redirect?: string; error?: string } };
}

export async function token(site: McpSite, fields: Record<string, string>) {
  const response = await fetch(`${site.origin}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      access_token?: string;
      refresh_token?: string;
      error?: string;
      expires_in?: number;
    },
  };
}

/** Registration, authorization by the member whose session this is, and the code: everything up to the token request. */
export async function codeFor(site: McpSite, cookie: string, clientId?: string) {
  const id = clientId ?? (await register(site));
  const { verifier, challenge } = pkce();
  const started = await authorize(site, { clientId: id, challenge });
  assert.equal(started.status, 302, started.location);
  const request = new URL(started.location, publicOf(site)).searchParams.get('request')!;
  const decided = await decide(site, request, cookie);
  assert.equal(decided.status, 200, JSON.stringify(decided.body));
  const code = new URL(decided.body.redirect!).searchParams.get('code')!;
  return { clientId: id, verifier, code, redirect: decided.body.redirect! };
}

/** The whole way to an access and a refresh token for the member whose session this is. */
export async function tokensFor(site: McpSite, cookie: string, clientId?: string) {
  const { clientId: id, verifier, code } = await codeFor(site, cookie, clientId);
  const answer = await token(site, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: id,
    redirect_uri: REDIRECT_URI,
    resource: resourceOf(site),
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { clientId: id, access: answer.body.access_token!, refresh: answer.body.refresh_token! };
}

let rpcId = 0;
/** One JSON-RPC request to `/mcp` with a bearer token. */
export async function mcp(site: McpSite, accessToken: string | null, method: string, params: object = {}) {
  const response = await fetch(`${site.origin}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as { result?: Record<string, unknown>; error?: { code: number } }) : null,
  };
}
