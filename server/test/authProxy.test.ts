import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FIXTURE, rawRequest, startTestSite, type TestSite } from './helpers.js';

/** A local stand-in for the project's auth domain, recording what reached it. */
let upstream: Server;
let upstreamOrigin: string;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let site: TestSite;

before(async () => {
  upstream = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Set-Cookie', 'upstream=1');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(`<!doctype html><title>handler</title><p>${req.url}</p>`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  site = await startTestSite(FIXTURE, undefined, { AUTH_PROXY_ORIGIN: upstreamOrigin });
});

after(async () => {
  await site.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

describe('auth handler on our own domain', () => {
  it('relays /__/auth/* with its query to the auth domain and returns the answer', async () => {
    const response = await rawRequest(site.origin, '/__/auth/handler?apiKey=k&authType=signInViaPopup', {
      headers: { Accept: 'text/html' },
    });
    assert.equal(response.status, 200);
    assert.equal(
      response.body.toString(),
      '<!doctype html><title>handler</title><p>/__/auth/handler?apiKey=k&authType=signInViaPopup</p>',
    );
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['content-security-policy'], undefined, 'the site CSP would break the handler');
    assert.equal(response.headers['set-cookie'], undefined, 'no cookie from the upstream is set on our domain');
  });

  it('never forwards the reader’s cookies or credentials (security)', async () => {
    await rawRequest(site.origin, '/__/auth/iframe', {
      headers: { Cookie: '__Host-session=secret', Authorization: 'Bearer secret' },
    });
    const last = seen.at(-1)!;
    assert.equal(last.headers.cookie, undefined);
    assert.equal(last.headers.authorization, undefined);
    assert.equal(last.headers.host, new URL(upstreamOrigin).host);
  });

  it('relays only normalised paths under /__/auth/ (security)', async () => {
    const before = seen.length;
    const escaped = await rawRequest(site.origin, '/__/auth/../../docs/guide');
    assert.equal(seen.length, before, 'a dot-segment escape is not relayed');
    assert.notEqual(escaped.status, 200);
    const dotted = await rawRequest(site.origin, '/__/auth//handler/./x');
    assert.equal(dotted.status, 400);
    assert.equal(seen.length, before, 'a path that normalises to another is refused, not rewritten');
  });

  it('relays the path as it was encoded, and no spelling of it ends the process (security)', async () => {
    for (const target of ['/__/auth/a%20b', '/__/auth/x%23y', '/__/auth/x%3Fy?z=1', '/__/auth/%E2%82%AC']) {
      const response = await rawRequest(site.origin, target);
      assert.equal(response.status, 200, target);
      assert.equal(seen.at(-1)!.url, target);
    }
    const relayed = seen.length;
    const refused: Record<string, number> = {};
    for (const target of ['/__/auth/%2e%2e/x', '/__/auth/a%2Fb', '/__/auth/a%5Cb', '/__/auth/%ZZ', '/__/auth/x/%2E/y'])
      refused[target] = (await rawRequest(site.origin, target)).status;
    // The first resolves to /x, outside the relay, and is simply not found there.
    assert.deepEqual(refused, {
      '/__/auth/%2e%2e/x': 404,
      '/__/auth/a%2Fb': 400,
      '/__/auth/a%5Cb': 400,
      '/__/auth/%ZZ': 400,
      '/__/auth/x/%2E/y': 400,
    });
    assert.equal(seen.length, relayed);
    assert.equal((await rawRequest(site.origin, '/labs')).status, 200);
  });

  it('refuses other methods and answers 502 when the auth domain is unreachable', async () => {
    assert.equal((await rawRequest(site.origin, '/__/auth/handler', { method: 'POST' })).status, 405);
    const unreachable = await startTestSite(FIXTURE, undefined, { AUTH_PROXY_ORIGIN: 'http://127.0.0.1:9' });
    try {
      const response = await rawRequest(unreachable.origin, '/__/auth/handler');
      assert.equal(response.status, 502);
      assert.match(response.body.toString(), /could not be reached/);
      assert.equal((await rawRequest(unreachable.origin, '/labs')).status, 200);
    } finally {
      await unreachable.close();
    }
  });

  it('is off unless AUTH_PROXY_ORIGIN is set', async () => {
    const plain = await startTestSite();
    try {
      assert.equal((await rawRequest(plain.origin, '/__/auth/handler')).status, 404);
    } finally {
      await plain.close();
    }
  });
});
