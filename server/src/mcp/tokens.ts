import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';

/**
 * Every credential the authorization server hands out is a JWT signed with the one shared secret
 * (HS256), so any instance can check what another issued and nothing has to be stored to look it
 * up: the state that must be shared (whether a grant still stands, which refresh token is the
 * current one) lives on the member's account in Firebase Authentication. Each kind has its own
 * `typ` and its own key derived from the secret, so one kind can never be passed off as another.
 */
export type TokenKind = 'access' | 'refresh' | 'code' | 'request' | 'client';

const TYPES: Record<TokenKind, string> = {
  access: 'at+jwt',
  refresh: 'rt+jwt',
  code: 'code+jwt',
  request: 'authz-request+jwt',
  client: 'client+jwt',
};

/** How long each kind lives, in seconds. */
export const LIFETIME_SECONDS: Record<TokenKind, number> = {
  // Short: a token that leaks is good for minutes, and the account is re-checked meanwhile anyway.
  access: 10 * 60,
  refresh: 30 * 24 * 60 * 60,
  // RFC 6749 recommends at most ten minutes; the client redeems it at once.
  code: 60,
  // Time enough to sign in on the way (an e-mail link included) and decide.
  request: 30 * 60,
  // A registered client's identity does not expire; its grants do.
  client: 10 * 365 * 24 * 60 * 60,
};

/** A refused token; `expired` when its time had run out, which the connect page tells apart from invalid. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message);
  }
}

export interface Tokens {
  sign(kind: TokenKind, claims: JWTPayload, nowMs: number): Promise<string>;
  /** The claims of a token of this kind, or a `TokenError` (bad signature, other kind, expired, other audience). */
  verify(kind: TokenKind, token: string, nowMs: number, audience?: string): Promise<JWTPayload>;
}

export function createTokens(secret: string, issuer: string): Tokens {
  const keys = Object.fromEntries(
    Object.keys(TYPES).map((kind) => [kind, createHmac('sha256', secret).update(`mcp-${kind}`).digest()]),
  ) as Record<TokenKind, Buffer>;
  return {
    async sign(kind, claims, nowMs) {
      const now = Math.floor(nowMs / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: TYPES[kind] })
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + LIFETIME_SECONDS[kind])
        .setJti(typeof claims.jti === 'string' ? claims.jti : randomBytes(12).toString('base64url'))
        .sign(keys[kind]);
    },
    async verify(kind, token, nowMs, audience) {
      try {
        const { payload } = await jwtVerify(token, keys[kind], {
          algorithms: ['HS256'],
          typ: TYPES[kind],
          issuer,
          currentDate: new Date(nowMs),
          ...(audience === undefined ? {} : { audience }),
        });
        return payload;
      } catch (error) {
        throw new TokenError(
          `The ${kind} token was refused: ${(error as Error).message}`,
          error instanceof errors.JWTExpired,
        );
      }
    },
  };
}

/** A short, stable name for a client id (a URL or a registration token) to keep on an account. */
export const clientKey = (clientId: string): string =>
  createHash('sha256').update(clientId).digest('base64url').slice(0, 16);
