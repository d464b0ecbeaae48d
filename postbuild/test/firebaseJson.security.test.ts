import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
// Firebase's own matcher for rewrite and header patterns (firebase-tools serves with it).
import { configMatcher } from 'superstatic/lib/utils/patterns.js';
import { securityHeaders } from '@trust/access-policy';
import { hostingConfig, readDeployConfig, writeFirebaseJson } from '../src/firebaseJson.js';

const TEST_CSP = "default-src 'self'; script-src 'self' 'sha256-abc'; object-src 'none'";

const deploy = { serviceId: 'trustworthy-site', region: 'southamerica-west1' };
const hosting = hostingConfig(deploy, TEST_CSP);

/** Where Hosting sends a path that no public file answers: the first rewrite that matches. */
const rewriteOf = (urlPath: string) => hosting.rewrites.find((rule) => configMatcher(urlPath, rule))?.run;

describe('firebase.json for Hosting (security)', () => {
  it('sends every documentation path of both locales and the session API to the Cloud Run service', () => {
    for (const urlPath of [
      '/docs',
      '/docs/',
      '/docs/IntrusionSentinel/architecture',
      '/docs/category/intrusion-sentinel',
      '/docs/assets/js/content.89abcdef.js',
      '/docs/pagefind/pagefind-entry.json',
      '/es/docs',
      '/es/docs/IntrusionSentinel/architecture',
      '/es/docs/assets/js/content.89abcdef.js',
      '/api/session',
      '/api/session/email-link',
      '/api/access-request',
      '/api/admin/access',
      '/api/admin/invite',
    ])
      assert.deepEqual(rewriteOf(urlPath), deploy, urlPath);
    for (const urlPath of [
      '/',
      '/labs/',
      '/es/blog/',
      '/signin',
      '/docsx',
      '/api/sessionx',
      '/assets/js/main.0123abcd.js',
    ])
      assert.equal(rewriteOf(urlPath), undefined, urlPath);
  });

  it('gives static responses the headers the server sends, and does not upload precompressed copies', () => {
    const everyPath = hosting.headers.find((rule) => rule.source === '**')!;
    const sent = Object.fromEntries(everyPath.headers.map(({ key, value }) => [key, value]));
    assert.deepEqual(sent, securityHeaders(TEST_CSP, true));
    const immutable = hosting.headers.find((rule) => rule.regex)!;
    assert.equal(configMatcher('/assets/js/main.0123abcd.js', immutable), true);
    assert.equal(configMatcher('/es/assets/js/main.0123abcd.js', immutable), true);
    assert.equal(configMatcher('/labs/index.html', immutable), false);
    // Hosting applies header rules to the answers of rewrites too: members' chunks and their 401s
    // would be kept by the CDN for a year.
    for (const members of ['/docs/assets/js/content.89abcdef.js', '/es/docs/assets/js/content.89abcdef.js'])
      assert.equal(configMatcher(members, immutable), false, members);
    assert.deepEqual(immutable.headers, [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }]);
    assert.ok(['**/*.br', '**/*.gz'].every((glob) => hosting.ignore.includes(glob)));
  });

  it('refuses to write it while the public folder still holds documentation', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'deploy-'));
    try {
      await writeFile(path.join(dir, 'firebase.json'), JSON.stringify({ emulators: { auth: { port: 9099 } } }));
      await mkdir(path.join(dir, 'public', 'es', 'docs'), { recursive: true });
      await assert.rejects(
        writeFirebaseJson(dir, TEST_CSP, deploy, dir),
        /es\/docs exists: the documentation must not reach/,
      );
      await rm(path.join(dir, 'public', 'es', 'docs'), { recursive: true });
      await writeFirebaseJson(dir, TEST_CSP, deploy, dir);
      const written = JSON.parse(await readFile(path.join(dir, 'firebase.json'), 'utf8')) as Record<string, unknown>;
      assert.deepEqual(written, { hosting, emulators: { auth: { port: 9099 } } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads the Cloud Run service and region it rewrites to, and explains bad values', () => {
    assert.deepEqual(readDeployConfig({}), { serviceId: 'trustworthy-site', region: 'southamerica-west1' });
    assert.deepEqual(readDeployConfig({ CLOUD_RUN_SERVICE: 'docs', CLOUD_RUN_REGION: 'us-central1' }), {
      serviceId: 'docs',
      region: 'us-central1',
    });
    assert.throws(() => readDeployConfig({ CLOUD_RUN_SERVICE: 'Bad_Name' }), /CLOUD_RUN_SERVICE="Bad_Name"/);
    assert.throws(() => readDeployConfig({ CLOUD_RUN_REGION: 'mars' }), /CLOUD_RUN_REGION="mars"/);
  });
});
