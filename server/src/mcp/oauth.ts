import { randomBytes } from 'node:crypto';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import {
  CONNECT_PATH,
  MCP_PATH,
  OAUTH_AUTHORIZE_PATH,
  OAUTH_REGISTER_PATH,
  OAUTH_SERVER_METADATA_PATH,
  OAUTH_TOKEN_PATH,
  PROTECTED_RESOURCE_METADATA_PATH,
  localePrefix,
  type ReaderPolicy,
} from '@trust/access-policy';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { authorizationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import { tokenHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/token.js';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { createOAuthMetadata } from '@modelcontextprotocol/sdk/server/auth/router.js';
import {
  InvalidGrantError,
  InvalidRequestError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { clientKey, LIFETIME_SECONDS, type Tokens } from './tokens.js';
import { grantRefusal, type ClientGrant, type GrantRefusal, type MemberGrants } from './memberGrants.js';

/**
 * How long an exchange waits before reading its grant back. Firebase offers no compare-and-set
 * on claims: two instances can each read a grant, then each write its next generation. Each
 * exchange stamps what it writes and reads it back once any rival's read-then-write (two calls to
 * the provider, a few hundred milliseconds) has had time to land; whoever finds another stamp
 * ends the grant, as a refresh token used twice does.
 */
const SETTLE_MS = 750;

/** A client's `state` rides in the connect page's request, through sign-in; clients send a few dozen characters. */
const MAX_STATE_LENGTH = 256;

/** What the members' assistants may do: read the documentation, nothing else. */
const MCP_SCOPE = 'docs:read';

/** The claims every access token carries. */
export interface AccessClaims {
  sub: string;
  email: string;
  /** The client's key and name, for the audit trail. */
  ck: string;
  cn: string;
  gid: string;
  auth_time: number;
  exp: number;
}

export interface OAuthDeps {
  origin: string;
  tokens: Tokens;
  clients: OAuthRegisteredClientsStore;
  members: MemberGrants;
  policy: ReaderPolicy;
  now: () => number;
  /** An authorization or token refused, for the audit trail. */
  onRefused: (event: 'token-refused' | 'grant-refused', fields: Record<string, unknown>) => void;
}

/**
 * The authorization server's issuer identifier, exactly as its metadata states it (the SDK writes
 * the origin as a URL, with its trailing slash); the authorization response's `iss` must be the
 * same string (RFC 9207 §2.4), and clients such as mcp-remote compare them.
 */
export const issuerOf = (origin: string): string => new URL(origin).href;

/** The MCP endpoint as a resource: every access token's audience. */
export const resourceOf = (origin: string): string => `${origin}${MCP_PATH}`;

const refusedGrant = (why: string) => new InvalidGrantError(why);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The authorization server's own decisions, behind the SDK's handlers (which check the protocol:
 * parameters, PKCE S256 and the verifier, redirect URIs with RFC 8252's loopback ports, client
 * registration): where the member is sent to decide, and what a code or a refresh token is
 * worth now. Codes and refresh tokens are single-use through the grant kept on the account.
 */
export function createOAuthProvider(deps: OAuthDeps): OAuthServerProvider & {
  issue(
    client: { key: string; name: string },
    uid: string,
    email: string,
    grant: ClientGrant,
    scope: string,
  ): Promise<OAuthTokens>;
} {
  const resource = resourceOf(deps.origin);
  const checkResource = (requested: URL | string | undefined) => {
    if (requested !== undefined && String(requested) !== resource)
      throw new InvalidTargetError(`This server's only resource is ${resource}`);
  };

  async function issue(
    client: { key: string; name: string },
    uid: string,
    email: string,
    grant: ClientGrant,
    scope: string,
  ): Promise<OAuthTokens> {
    const now = deps.now();
    const common = { sub: uid, email, ck: client.key, cn: client.name, gid: grant.i, auth_time: grant.t };
    const [accessToken, refreshToken] = await Promise.all([
      deps.tokens.sign('access', { ...common, aud: resource, scope, client_id: client.key }, now),
      deps.tokens.sign('refresh', { ...common, aud: deps.origin, gen: grant.g, scope }, now),
    ]);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: LIFETIME_SECONDS.access,
      refresh_token: refreshToken,
      scope,
    };
  }

  /** The account's verdict on a grant, refusing the exchange when it no longer stands. */
  async function admitted(uid: string, claims: Parameters<typeof grantRefusal>[1], kind: string) {
    const account = await deps.members.account(uid);
    const refusal: GrantRefusal | null = grantRefusal(account, claims, deps.policy, deps.now());
    if (refusal) {
      deps.onRefused('token-refused', { uid, email: claims.email, grant: kind, reason: refusal });
      throw refusedGrant(`The grant no longer stands: ${refusal}`);
    }
  }

  /**
   * Moves one grant to its next state (a code redeemed, a refresh token exchanged) so that one
   * exchange at most wins it: `next` answers the grant's next state, `'end'` to end it (a token
   * reused), or null to refuse (a code already used). The new state is stamped, read back after
   * `SETTLE_MS`, and a rival's stamp found there ends the grant.
   */
  async function rotate(
    uid: string,
    key: string,
    grantId: string,
    next: (grant: ClientGrant) => ClientGrant | 'end' | null,
  ): Promise<{ grant: ClientGrant; reason?: never } | { grant?: never; reason: string }> {
    const isIt = (grant: ClientGrant) => grant.c === key && grant.i === grantId;
    const stamp = randomBytes(6).toString('base64url');
    let written: ClientGrant | undefined;
    let outcome = 'client-revoked';
    await deps.members.update(uid, (grants) => {
      const grant = grants.find(isIt);
      if (!grant) return null;
      const changed = next(grant);
      if (changed === null) {
        outcome = 'code-used';
        return null;
      }
      if (changed === 'end') {
        outcome = 'refresh-token-reused';
        return grants.filter((each) => each !== grant);
      }
      written = { ...changed, w: stamp };
      return grants.map((each) => (each === grant ? written! : each));
    });
    if (!written) return { reason: outcome };
    await sleep(SETTLE_MS);
    const now = (await deps.members.account(uid))?.grants.find(isIt);
    if (now?.w === stamp) return { grant: written };
    await deps.members.update(uid, (grants) => (grants.some(isIt) ? grants.filter((each) => !isIt(each)) : null));
    return { reason: 'exchanged-twice' };
  }

  return {
    issue,
    get clientsStore() {
      return deps.clients;
    },

    async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response) {
      checkResource(params.resource);
      if ((params.state?.length ?? 0) > MAX_STATE_LENGTH)
        throw new InvalidRequestError(`state may be at most ${MAX_STATE_LENGTH} characters`);
      const request = await deps.tokens.sign(
        'request',
        {
          cid: client.client_id,
          ru: params.redirectUri,
          cc: params.codeChallenge,
          ...(params.state === undefined ? {} : { st: params.state }),
          sc: MCP_SCOPE,
        },
        deps.now(),
      );
      res.redirect(302, `${connectPageOf(res.req)}?request=${request}`);
    },

    async challengeForAuthorizationCode(client, code) {
      const claims = await deps.tokens.verify('code', code, deps.now()).catch(() => {
        throw refusedGrant('The code is not valid');
      });
      if (claims.ck !== clientKey(client.client_id)) throw refusedGrant('The code is for another client');
      return String(claims.cc);
    },

    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, requested) {
      const now = deps.now();
      const claims = await deps.tokens.verify('code', code, now).catch(() => {
        throw refusedGrant('The code is not valid');
      });
      const key = clientKey(client.client_id);
      if (claims.ck !== key) throw refusedGrant('The code is for another client');
      if (redirectUri !== undefined && redirectUri !== claims.ru)
        throw refusedGrant('redirect_uri differs from the authorization request');
      checkResource(requested);
      const uid = String(claims.sub);
      const email = String(claims.email);
      const grantClaims = { email, authTime: Number(claims.auth_time), clientKey: key, grantId: String(claims.gid) };
      const redeemed = await rotate(uid, key, String(claims.gid), (grant) =>
        grant.k === claims.jti ? { c: grant.c, n: grant.n, i: grant.i, g: 1, t: grant.t } : null,
      );
      if (!redeemed.grant) {
        deps.onRefused('token-refused', { uid, email, grant: 'authorization_code', reason: redeemed.reason });
        throw refusedGrant('The code was used already');
      }
      await admitted(uid, grantClaims, 'authorization_code');
      return issue({ key, name: redeemed.grant.n }, uid, email, redeemed.grant, String(claims.scope ?? MCP_SCOPE));
    },

    async exchangeRefreshToken(client, refreshToken, _scopes, requested) {
      const claims = await deps.tokens.verify('refresh', refreshToken, deps.now(), deps.origin).catch(() => {
        deps.onRefused('token-refused', { grant: 'refresh_token', reason: 'invalid' });
        throw refusedGrant('The refresh token is not valid');
      });
      const key = clientKey(client.client_id);
      if (claims.ck !== key) throw refusedGrant('The refresh token is for another client');
      checkResource(requested);
      const uid = String(claims.sub);
      const email = String(claims.email);
      await admitted(
        uid,
        { email, authTime: Number(claims.auth_time), clientKey: key, grantId: String(claims.gid) },
        'refresh_token',
      );
      // A refresh token used twice: one of the two copies is in someone else's hands (OAuth 2.1
      // §4.3.1). The grant ends; the member allows the client again.
      const rotated = await rotate(uid, key, String(claims.gid), (grant) =>
        // A renewal is the assistant at work: it stamps the grant's last use.
        grant.g === claims.gen ? { ...grant, g: grant.g + 1, u: Math.floor(deps.now() / 1000) } : 'end',
      );
      if (!rotated.grant) {
        deps.onRefused('token-refused', { uid, email, grant: 'refresh_token', reason: rotated.reason });
        throw refusedGrant('The refresh token was used already or its grant was ended');
      }
      return issue({ key, name: rotated.grant.n }, uid, email, rotated.grant, String(claims.scope ?? MCP_SCOPE));
    },

    async verifyAccessToken(token): Promise<AuthInfo> {
      const claims = await deps.tokens.verify('access', token, deps.now(), resource).catch(() => {
        throw new InvalidTokenError('The access token is not valid');
      });
      return {
        token,
        clientId: String(claims.ck),
        scopes: String(claims.scope ?? '').split(' '),
        expiresAt: Number(claims.exp),
        resource: new URL(resource),
        extra: { claims },
      };
    },
  };
}

/** A new grant for a client, with the code that redeems it. */
export function newGrant(client: OAuthClientInformationFull, nowMs: number, name: string): ClientGrant {
  return {
    c: clientKey(client.client_id),
    n: name,
    i: randomBytes(6).toString('base64url'),
    g: 0,
    k: randomBytes(9).toString('base64url'),
    t: Math.floor(nowMs / 1000),
  };
}

/** The Connect page in the reader's language: Spanish when the browser asks for it first. */
function connectPageOf(req: Request): string {
  const spanish = /^\s*es\b/i.test(String(req.headers['accept-language'] ?? ''));
  return `${localePrefix(spanish ? 'es' : 'en')}${CONNECT_PATH}`;
}

/**
 * A request the SDK refuses before it knows where to send the answer (an unknown client, a
 * redirect_uri the client never registered) may not be redirected to the client (RFC 6749
 * §4.1.2.1), and the SDK answers it with JSON. A person's browser asked for it: the Connect page
 * tells them, in their language, to start again from their assistant. Programs still get the JSON.
 */
function refusalsAsPage(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' && /\btext\/html\b/.test(String(req.headers.accept ?? ''))) {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 400) return json(body);
      res.redirect(303, `${connectPageOf(req)}?problem=request-invalid`);
      return res;
    };
  }
  next();
}

/**
 * The authorization server's endpoints as the SDK's handlers answer them, on an Express app the
 * server hands its own requests for those paths. The SDK's rate limits are off: they count by the
 * socket's address, which behind Firebase Hosting is Google's proxy for everyone; the server
 * counts per client itself before handing a request over. The metadata says what this server
 * does beyond the SDK's defaults: public clients only, and client ID metadata documents.
 */
export function createOAuthApp(provider: OAuthServerProvider, origin: string): express.Express {
  const issuerUrl = new URL(issuerOf(origin));
  const metadata = {
    ...createOAuthMetadata({ provider, issuerUrl, scopesSupported: [MCP_SCOPE] }),
    token_endpoint_auth_methods_supported: ['none'],
    client_id_metadata_document_supported: true,
  };
  const resourceMetadata = {
    resource: resourceOf(origin),
    authorization_servers: [metadata.issuer],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'UAI Trustworthy Systems Centre documentation',
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(OAUTH_AUTHORIZE_PATH, refusalsAsPage, authorizationHandler({ provider, rateLimit: false }));
  app.use(OAUTH_TOKEN_PATH, tokenHandler({ provider, rateLimit: false }));
  app.use(
    OAUTH_REGISTER_PATH,
    clientRegistrationHandler({ clientsStore: provider.clientsStore, rateLimit: false, clientIdGeneration: false }),
  );
  app.use(OAUTH_SERVER_METADATA_PATH, metadataHandler(metadata));
  app.use(PROTECTED_RESOURCE_METADATA_PATH, metadataHandler(resourceMetadata));
  app.use((_req, res) => {
    res.status(404).json({ error: 'not_found', error_description: 'No such endpoint.' });
  });
  return app;
}
