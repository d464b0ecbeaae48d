import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FIXTURE, rawRequest, startTestSite, type TestSite } from './helpers.js';

let site: TestSite;
before(async () => {
  site = await startTestSite();
});
after(async () => {
  await site.close();
});

describe('serving the build', () => {
  for (const target of ['/labs', '/labs/', '/labs.html', '/labs/index', '/labs/index.html', '//labs', '/labs?x=1']) {
    it(`${target} serves the labs page`, async () => {
      const response = await rawRequest(site.origin, target);
      assert.equal(response.status, 200);
      assert.equal(response.body.toString(), FIXTURE['/public/labs/index.html']);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    });
  }

  it('serves the home page at / and /index.html', async () => {
    for (const target of ['/', '/index.html', '/index']) {
      const response = await rawRequest(site.origin, target);
      assert.equal(response.status, 200, target);
      assert.match(response.body.toString(), /Home page/);
    }
  });

  it('serves each locale from its own folder', async () => {
    const response = await rawRequest(site.origin, '/es/labs');
    assert.equal(response.status, 200);
    assert.match(response.body.toString(), /Laboratorios/);
  });

  it('answers an unknown path with the locale’s not-found page and status 404', async () => {
    const english = await rawRequest(site.origin, '/nothing/here');
    assert.equal(english.status, 404);
    assert.match(english.body.toString(), /Page Not Found/);
    const spanish = await rawRequest(site.origin, '/es/nada');
    assert.equal(spanish.status, 404);
    assert.match(spanish.body.toString(), /Página no encontrada/);
    const direct = await rawRequest(site.origin, '/404.html');
    assert.equal(direct.status, 404);
  });

  it('gives content types by extension', async () => {
    const cases: Array<[string, string]> = [
      ['/blog/rss.xml', 'application/xml; charset=utf-8'],
      ['/assets/js/main.0123abcd.js', 'text/javascript; charset=utf-8'],
      ['/img/logo.svg', 'image/svg+xml'],
    ];
    for (const [target, type] of cases) {
      assert.equal((await rawRequest(site.origin, target)).headers['content-type'], type, target);
    }
  });

  it('caches hashed assets for a year and makes HTML revalidate', async () => {
    const asset = await rawRequest(site.origin, '/assets/js/main.0123abcd.js');
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    const page = await rawRequest(site.origin, '/labs');
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.ok(page.headers.etag);
  });

  it('answers a current ETag with 304 and no body', async () => {
    const first = await rawRequest(site.origin, '/labs');
    const second = await rawRequest(site.origin, '/labs', { headers: { 'If-None-Match': String(first.headers.etag) } });
    assert.equal(second.status, 304);
    assert.equal(second.body.length, 0);
  });

  it('sends brotli, then gzip, as the client accepts, and identity otherwise', async () => {
    const original = FIXTURE['/public/index.html'];
    const br = await rawRequest(site.origin, '/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.body).toString(), original);
    assert.equal(br.headers.vary, 'Accept-Encoding');
    const gz = await rawRequest(site.origin, '/', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body).toString(), original);
    const refused = await rawRequest(site.origin, '/', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.equal(refused.body.toString(), original);
    assert.notEqual(br.headers.etag, gz.headers.etag);
  });

  it('answers HEAD with headers and no body', async () => {
    const response = await rawRequest(site.origin, '/labs', { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.equal(response.body.length, 0);
    assert.equal(Number(response.headers['content-length']), Buffer.byteLength(FIXTURE['/public/labs/index.html']!));
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE']) {
      const response = await rawRequest(site.origin, '/labs', { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.allow, 'GET, HEAD');
    }
  });

  it('refuses malformed and escaping paths with 400 and keeps serving', async () => {
    for (const target of ['/%zz', '/%C3', '/..', '/a/%2e%2e/%2e%2e/x', '/a%00b']) {
      assert.equal((await rawRequest(site.origin, target)).status, 400, target);
    }
    assert.equal((await rawRequest(site.origin, '/' + 'a'.repeat(5000))).status, 414);
    assert.equal((await rawRequest(site.origin, '/labs')).status, 200);
  });

  it('sets nosniff on every response', async () => {
    for (const target of ['/', '/nothing', '/%zz']) {
      assert.equal((await rawRequest(site.origin, target)).headers['x-content-type-options'], 'nosniff', target);
    }
  });
});
