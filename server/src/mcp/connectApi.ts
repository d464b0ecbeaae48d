import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConnectAnswer, ConnectErrorCode, ConnectRequestView } from '@trust/access-policy';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { ApiError, onProviderError, providerError } from '../http/apiError.js';
import { isSameOriginAny, readJson, stringField } from '../http/request.js';
import type { Responder } from '../http/respond.js';
import type { SessionGuard } from '../session/sessionGuard.js';
import { readSessionCookie } from '../session/cookies.js';
import type { VerifiedIdentity } from '../session/verifier.js';
import { AssistantsFull, MAX_CLIENTS_PER_MEMBER, type MemberGrants } from './memberGrants.js';
import { issuerOf, newGrant } from './oauth.js';
import { TokenError, type Tokens } from './tokens.js';

export interface ConnectApiDeps {
  guard: SessionGuard;
  members: MemberGrants;
  respond: Responder;
  publicOrigin: string | null;
  now: () => number;
  onDecision: (identity: VerifiedIdentity, client: OAuthClientInformationFull, outcome: 'granted' | 'denied') => void;
}

/** What the authorization server of one origin signs and knows. */
export interface OriginServices {
  tokens: Tokens;
  clients: OAuthRegisteredClientsStore;
}

interface PendingRequest {
  client: OAuthClientInformationFull;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  scope: string;
}

/**
 * The member behind a request from the site's own page, and the request's JSON body (a POST's):
 * the session checked with the provider at the moment of a change, the cached check for a read.
 * Throws the refusal otherwise: 403 another origin, 401 no session the rule admits, 503 provider
 * down.
 */
export async function signedInMember(
  req: IncomingMessage,
  deps: Pick<ConnectApiDeps, 'guard' | 'publicOrigin'>,
): Promise<{ identity: VerifiedIdentity; body: Record<string, unknown> }> {
  if (!isSameOriginAny(req, deps.publicOrigin)) throw new ApiError(403, 'cross-origin');
  const body = req.method === 'POST' ? await readJson(req) : {};
  const cookie = readSessionCookie(req);
  const session = await (req.method === 'POST' ? deps.guard.checkNow(cookie) : deps.guard.check(cookie)).catch(
    onProviderError(),
  );
  if (session.kind === 'unavailable') throw new ApiError(503, 'unavailable');
  if (session.kind !== 'allowed') throw new ApiError(401, 'sign-in-required');
  return { identity: session.identity, body };
}

/** Where the client's metadata comes from, for the member to judge it by. */
const hostOf = (clientId: string): string => {
  try {
    return /^https:\/\//.test(clientId) ? new URL(clientId).host : 'registered';
  } catch {
    return 'registered';
  }
};

/** A redirect URI's origin; an app's own scheme has none, so its scheme stands for it. */
const originOf = (uri: string): string => {
  const url = new URL(uri);
  return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
};

/**
 * `/api/connect`, behind the connect page: GET shows the signed-in member which assistant asks and
 * where the answer goes; POST takes the member's decision and answers where the browser goes next
 * (the client's redirect URI, with a code or with `access_denied`). Only a session the access rule
 * admits, checked with the provider at the moment of the decision, gets a code: a reader who is
 * not allowed has no session at all, and so never a code.
 */
export function createConnectApi(deps: ConnectApiDeps) {
  /** A refusal of this API, of the codes its page explains. */
  const refusal = (status: number, code: ConnectErrorCode) => new ApiError(status, code);

  /** The assistant's request the page carries; a request that does not verify is refused. */
  async function pending({ tokens, clients }: OriginServices, raw: string | undefined): Promise<PendingRequest> {
    if (!raw || raw.length > 4096) throw refusal(400, 'request-invalid');
    const claims = await tokens.verify('request', raw, deps.now()).catch((error: unknown) => {
      throw refusal(400, error instanceof TokenError && error.expired ? 'request-expired' : 'request-invalid');
    });
    const client = await clients.getClient(String(claims.cid));
    if (!client) throw refusal(400, 'request-invalid');
    return {
      client,
      redirectUri: String(claims.ru),
      codeChallenge: String(claims.cc),
      state: typeof claims.st === 'string' ? claims.st : undefined,
      scope: String(claims.sc),
    };
  }

  const redirectWith = (request: PendingRequest, params: Record<string, string>, issuer: string): string => {
    const url = new URL(request.redirectUri);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (request.state !== undefined) url.searchParams.set('state', request.state);
    url.searchParams.set('iss', issuerOf(issuer));
    return url.href;
  };

  return async function handleConnect(
    req: IncomingMessage,
    res: ServerResponse,
    services: OriginServices,
    origin: string,
  ): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'POST') throw refusal(405, 'method-not-allowed');
    const { identity, body } = await signedInMember(req, deps);
    const raw =
      req.method === 'GET'
        ? (new URL(req.url ?? '/', 'http://x').searchParams.get('request') ?? undefined)
        : stringField(body, 'request');
    const request = await pending(services, raw);

    if (req.method === 'GET') {
      const view: ConnectRequestView = {
        clientName: request.client.client_name || hostOf(request.client.client_id),
        clientHost: hostOf(request.client.client_id),
        redirectOrigin: originOf(request.redirectUri),
        email: identity.email ?? '',
      };
      return deps.respond.json(req, res, 200, view);
    }

    const decision = stringField(body, 'decision');
    if (decision !== 'allow' && decision !== 'deny') throw refusal(400, 'request-invalid');
    if (decision === 'deny') {
      deps.onDecision(identity, request.client, 'denied');
      const answer: ConnectAnswer = { redirect: redirectWith(request, { error: 'access_denied' }, origin) };
      return deps.respond.json(req, res, 200, answer);
    }
    const grant = newGrant(request.client, deps.now(), request.client.client_name || hostOf(request.client.client_id));
    await deps.members
      .update(identity.uid, (grants) =>
        [...grants.filter((each) => each.c !== grant.c), grant]
          .sort((a, b) => a.t - b.t)
          .slice(-MAX_CLIENTS_PER_MEMBER),
      )
      .catch((error: unknown) => {
        throw error instanceof AssistantsFull ? refusal(409, 'assistants-full') : providerError(error);
      });
    const code = await services.tokens.sign(
      'code',
      {
        sub: identity.uid,
        email: identity.email,
        ck: grant.c,
        gid: grant.i,
        jti: grant.k,
        ru: request.redirectUri,
        cc: request.codeChallenge,
        scope: request.scope,
        auth_time: grant.t,
      },
      deps.now(),
    );
    deps.onDecision(identity, request.client, 'granted');
    const answer: ConnectAnswer = { redirect: redirectWith(request, { code }, origin) };
    return deps.respond.json(req, res, 200, answer);
  };
}
