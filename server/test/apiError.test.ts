import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { ApiError, providerError } from '../src/http/apiError.js';
import { tooManyRequests } from '../src/http/rateLimiter.js';
import { Responder } from '../src/http/respond.js';
import { guardRequests, type RequestHandler } from '../src/http/requestGuard.js';
import { rawRequest } from './helpers.js';

const closers: Array<() => Promise<void>> = [];
after(async () => {
  for (const close of closers) await close();
});

/** A server whose one handler throws what `thrown` makes of the request's path; and what it logged. */
async function serverThrowing(thrown: (path: string) => unknown) {
  const logged: unknown[] = [];
  const handler: RequestHandler = async (req) => {
    throw thrown(req.url ?? '');
  };
  const server = createServer(guardRequests(handler, new Responder({}), (_message, error) => logged.push(error)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logged };
}

describe('the one place an error becomes an answer', () => {
  it('answers an ApiError with its status, its body, its headers, as private JSON, and logs nothing', async () => {
    const { origin, logged } = await serverThrowing((path) =>
      path === '/refused'
        ? new ApiError(400, { error: 'refused', code: 'bad-date', message: '"soon" is not a date (YYYY-MM-DD).' })
        : new ApiError(405, 'method-not-allowed', { headers: { Allow: 'POST' } }),
    );
    const refused = await rawRequest(origin, '/refused');
    assert.equal(refused.status, 400);
    assert.deepEqual(JSON.parse(refused.body.toString()), {
      error: 'refused',
      code: 'bad-date',
      message: '"soon" is not a date (YYYY-MM-DD).',
    });
    assert.equal(refused.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(refused.headers['cache-control'], 'private, no-store');
    const method = await rawRequest(origin, '/method');
    assert.equal(method.status, 405);
    assert.deepEqual(JSON.parse(method.body.toString()), { error: 'method-not-allowed' });
    assert.equal(method.headers.allow, 'POST');
    assert.deepEqual(logged, []);
  });

  it('answers a route of another protocol in its own shape, and a rate refusal with Retry-After', async () => {
    const { origin } = await serverThrowing(() =>
      tooManyRequests(42, { protocolBody: { error: 'too_many_requests' }, headers: { 'X-Kept': 'yes' } }),
    );
    const answer = await rawRequest(origin, '/');
    assert.equal(answer.status, 429);
    assert.deepEqual(JSON.parse(answer.body.toString()), { error: 'too_many_requests' });
    assert.equal(answer.headers['retry-after'], '42');
    assert.equal(answer.headers['x-kept'], 'yes');
  });

  it('answers anything else 500 and logs it once', async () => {
    const fault = new TypeError('a fault in this server');
    const { origin, logged } = await serverThrowing(() => fault);
    const answer = await rawRequest(origin, '/');
    assert.equal(answer.status, 500);
    assert.equal(answer.body.toString(), 'Something went wrong on our side.\n');
    assert.deepEqual(logged, [fault]);
  });

  it('sorts a failed call to the provider: 401 for a refused credential, 503 for an outage, a fault as it is', () => {
    const refused = providerError({ code: 'auth/id-token-expired' }, 'invalid-token');
    assert.ok(refused instanceof ApiError);
    assert.deepEqual([refused.status, refused.body], [401, { error: 'invalid-token' }]);
    const outage = providerError({ code: 'app/network-timeout' }, 'sign-in-required');
    assert.ok(outage instanceof ApiError);
    assert.deepEqual([outage.status, outage.body], [503, { error: 'unavailable' }]);
    const fault = new TypeError('no code');
    assert.equal(providerError(fault, 'invalid-token'), fault);
    const notTheReaders = { code: 'auth/user-not-found' };
    assert.equal(providerError(notTheReaders), notTheReaders);
  });
});

/**
 * Never run: the error body an answer may carry is typed over the catalogue, so a code outside it
 * is a compile error (`npm run typecheck` compiles this file).
 */
export function unknownCodesDoNotCompile(respond: Responder, req: IncomingMessage, res: ServerResponse): void {
  // @ts-expect-error 'no-such-code' is not a code of the catalogue.
  respond.error(req, res, 400, { error: 'no-such-code' });
  // @ts-expect-error A refused change carries the reason's code and words.
  respond.error(req, res, 400, { error: 'refused' });
  // @ts-expect-error Nor does an ApiError take a code outside it.
  void new ApiError(400, 'no-such-code');
}
