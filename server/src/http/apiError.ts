import type { ApiErrorBody, PlainErrorCode } from '@trust/access-policy';
import { classifyFailure } from '../session/verifier.js';
import type { ExtraHeaders } from './respond.js';

export interface ApiErrorOptions {
  /** Headers the answer carries besides the site's own: `Allow`, `Retry-After`, a cleared cookie. */
  headers?: ExtraHeaders;
  /**
   * For the routes that speak another protocol (JSON-RPC on `/mcp`, OAuth's bearer and token
   * errors): the body in that protocol's shape, which its clients read instead of `{ error }`.
   */
  protocolBody?: object;
}

/**
 * A request the API refuses, or cannot serve, with what the answer says: its status and a code of
 * the catalogue (`ApiErrorCode`), with the reader's message key where a code has one (a refused
 * change's `code`). Handlers throw it, or turn their domain's errors into it; the one guard around
 * every request (`requestGuard.ts`) writes the answer.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly body: ApiErrorBody;

  constructor(
    readonly status: number,
    body: ApiErrorBody | PlainErrorCode,
    readonly options: ApiErrorOptions = {},
  ) {
    const full = typeof body === 'string' ? { error: body } : body;
    super(full.error);
    this.body = full;
  }
}

/**
 * A failed call to the identity provider as the API answers it: 503 when the provider could not
 * answer; with `credentialCode`, 401 with that code for a credential of the reader's that it
 * refused. Anything else, a fault in this server among them, is given back as it is, to be
 * answered 500 and logged with its stack.
 */
export function providerError(error: unknown, credentialCode?: 'invalid-token' | 'sign-in-required'): unknown {
  const failure = classifyFailure(error);
  if (failure === 'provider-failure') return new ApiError(503, 'unavailable');
  if (failure === 'invalid-credential' && credentialCode) return new ApiError(401, credentialCode);
  return error;
}

/** `providerError` for a promise's `catch`: `await call().catch(onProviderError('invalid-token'))`. */
export const onProviderError =
  (credentialCode?: 'invalid-token' | 'sign-in-required') =>
  (error: unknown): never => {
    throw providerError(error, credentialCode);
  };
