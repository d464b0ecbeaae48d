import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
      OAUTH_TOKEN_SECRET: 'a-production-secret-of-at-least-32-chars',
    });
    try {
      const response = await rawRequest(production.origin, '/');
      assert.match(String(response.headers['strict-transport-security']), /^max-age=\d{8,}/);
    } finally {
      await production.close();
    }
  });
});
