import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { contentSecurityPolicy, inlineScriptHashes } from '../src/headers/csp.js';
import { FIXTURE, TEST_CSP, rawRequest, startTestSite, type TestSite } from './helpers.js';

describe('security headers', () => {
  let site: TestSite;
  before(async () => {
    site = await startTestSite();
  });
  after(async () => {
    await site.close();
  });

  it('sends the build’s CSP, the opener policy and the other headers on pages, assets and errors', async () => {
    for (const target of ['/', '/labs', '/assets/js/main.0123abcd.js', '/nothing', '/%zz', '/docs/guide']) {
      const response = await rawRequest(site.origin, target);
      assert.equal(response.headers['content-security-policy'], TEST_CSP, target);
      assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin-allow-popups', target);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', target);
      assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', target);
      assert.equal(response.headers['strict-transport-security'], undefined, 'no HSTS outside production');
    }
  });

  it('adds HSTS in production', async () => {
    const production = await startTestSite(FIXTURE, undefined, {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'uai-trustworthy-docs',
      SITE_URL: 'https://trustworthy-systems.example',
    });
    try {
      const response = await rawRequest(production.origin, '/');
      assert.match(String(response.headers['strict-transport-security']), /^max-age=\d{8,}/);
    } finally {
      await production.close();
    }
  });
});

describe('contentSecurityPolicy', () => {
  const html = [
    '<script>document.documentElement.dataset.theme="light"</script><script src="/a.js"></script>',
    '<script type="application/ld+json">{"@type":"Thing"}</script><script>document.documentElement.dataset.theme="light"</script>',
    '<script type="module">import("/x.js")</script>',
  ];

  it('hashes each distinct executable inline script once and skips data blocks and external scripts', () => {
    const expected = ['document.documentElement.dataset.theme="light"', 'import("/x.js")']
      .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`)
      .sort();
    assert.deepEqual(inlineScriptHashes(html), expected);
  });

  it('never allows unsafe-inline scripts and locks objects, base and framing', () => {
    const policy = contentSecurityPolicy(inlineScriptHashes(html), {
      authDomain: 'uai-docs.firebaseapp.com',
      emulatorHost: null,
    });
    const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!;
    assert.doesNotMatch(scriptSrc.replace("'wasm-unsafe-eval'", ''), /unsafe-inline|unsafe-eval|\*/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      assert.ok(policy.includes(directive), directive);
    assert.match(policy, /frame-src [^;]*https:\/\/uai-docs\.firebaseapp\.com/);
  });

  it('lets the browser reach the Auth emulator when the build uses it', () => {
    const policy = contentSecurityPolicy([], { authDomain: 'demo.firebaseapp.com', emulatorHost: 'localhost:9099' });
    assert.match(policy, /connect-src [^;]*http:\/\/localhost:9099/);
    assert.match(policy, /frame-src [^;]*http:\/\/localhost:9099/);
  });
});
