import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FakeProvider } from './fakeProvider.js';
import { FIXTURE, rawRequest, startTestSite, type TestSite } from './helpers.js';

const CACHE_CLASSES = [
  /^public, max-age=31536000, immutable$/,
  /^no-cache$/,
  /^private, max-age=31536000, immutable$/,
  /^private, no-cache$/,
  /^private, no-store$/,
  /^no-store$/,
];

let upstream: Server;
let site: TestSite;
let broken: TestSite;
const provider = new FakeProvider();

before(async () => {
  upstream = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<p>${req.url}</p>`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  site = await startTestSite(FIXTURE, { verifier: provider }, { AUTH_PROXY_ORIGIN: upstreamOrigin });
  broken = await startTestSite(FIXTURE, { verifier: provider }, { AUTH_PROXY_ORIGIN: 'http://127.0.0.1:9' });
});
after(async () => {
  await site.close();
  await broken.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('every answer the server writes', () => {
  it('carries Content-Length and a cache class, whatever was asked and however it ended', async () => {
    const opened = await rawRequest(site.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: site.origin, Authorization: `Bearer ${FakeProvider.idToken('ana@uai.cl')}` },
    });
    const member = { Cookie: String(opened.headers['set-cookie']).split(';')[0]!, Accept: 'text/html' };
    const page = await rawRequest(site.origin, '/labs');
    const cases: Array<[string, string, Record<string, string>?, string?]> = [
      ['public page', '/'],
      ['public page, brotli', '/', { 'Accept-Encoding': 'br' }],
      ['public page, unchanged', '/labs', { 'If-None-Match': String(page.headers.etag) }],
      ['hashed asset', '/assets/js/main.0123abcd.js'],
      ['not found', '/nothing-here'],
      ['malformed', '/%zz'],
      ['too long', `/${'a'.repeat(9000)}`],
      ['method', '/labs', {}, 'POST'],
      ['locked page, anonymous', '/docs/guide', { Accept: 'text/html' }],
      ['locked asset, anonymous', '/docs/assets/js/content.89abcdef.js'],
      ['members page', '/docs/guide', member],
      ['members asset', '/docs/assets/js/content.89abcdef.js', member],
      ['members not found', '/docs/nothing', member],
      ['session read', '/api/session', member],
      ['session, cross-origin', '/api/session', { Origin: 'https://evil.example' }, 'POST'],
      ['session, method', '/api/session', {}, 'PUT'],
      ['session, body', '/api/session', { 'Content-Length': '5000' }, 'POST'],
      ['relay', '/__/auth/handler'],
      ['relay, refused', '/__/auth/a%2Fb'],
      ['relay, method', '/__/auth/handler', {}, 'POST'],
    ];
    const missing: string[] = [];
    for (const [name, target, headers = {}, method = 'GET'] of cases)
      for (const verb of method === 'GET' ? ['GET', 'HEAD'] : [method]) {
        const response = await rawRequest(site.origin, target, { method: verb, headers });
        const cacheControl = String(response.headers['cache-control']);
        if (response.headers['content-length'] === undefined)
          missing.push(`${name} ${verb} ${response.status}: no Content-Length`);
        if (!CACHE_CLASSES.some((pattern) => pattern.test(cacheControl)))
          missing.push(`${name} ${verb} ${response.status}: Cache-Control ${cacheControl}`);
      }
    provider.mode = { kind: 'refuse' };
    const unavailable = await rawRequest(site.origin, '/docs/other', {
      headers: { Cookie: `__session=${FakeProvider.sessionCookie('bea@uai.cl')}`, Accept: 'text/html' },
    });
    provider.mode = { kind: 'ok' };
    const unreachable = await rawRequest(broken.origin, '/__/auth/handler');
    for (const [name, response] of [
      ['provider unavailable', unavailable],
      ['relay unreachable', unreachable],
    ] as const) {
      if (response.headers['content-length'] === undefined)
        missing.push(`${name} ${response.status}: no Content-Length`);
      if (!CACHE_CLASSES.some((pattern) => pattern.test(String(response.headers['cache-control']))))
        missing.push(`${name} ${response.status}: Cache-Control ${response.headers['cache-control']}`);
    }
    assert.deepEqual([unavailable.status, unreachable.status], [503, 502]);
    assert.deepEqual(missing, []);
  });
});
