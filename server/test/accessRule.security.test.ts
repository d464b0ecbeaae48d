import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { defaultReaderPolicy } from '@trust/access-policy';
import { SettingError } from '@trust/access-policy';
import { FakeProvider } from './fakeProvider.js';
import { TEST_SERVER_RECORD, postSession, startTestSite, writeTestSite, type TestSite } from './helpers.js';

const serverMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');

let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const signIn = (origin: string, email: string) => postSession(origin, FakeProvider.idToken(email));

/** Expects the server not to start; one that does start is closed so the failure is reported at once. */
async function assertRefused(starting: Promise<TestSite>, expected: RegExp | ((error: unknown) => boolean)) {
  await assert.rejects(
    starting.then(async (started) => {
      await started.close();
      throw new Error('the server started');
    }),
    (error: unknown) =>
      typeof expected === 'function'
        ? expected(error)
        : expected.test(`${(error as Error).name}: ${(error as Error).message}`),
  );
}

describe('the server enforces the rule the site was built with (security)', () => {
  it('refuses to start when its environment names a different rule, naming the difference', async () => {
    await assertRefused(
      startTestSite(undefined, undefined, { SITE_STAFF_DOMAIN: 'evil.cl' }),
      (error: unknown) =>
        error instanceof SettingError &&
        error.message ===
          `The server's access rule differs from the one the site was built with: SITE_STAFF_DOMAIN="evil.cl" but the site was built with "uai.cl". Rebuild the site with these settings, or unset them on the server.`,
    );
    await assertRefused(
      startTestSite(undefined, undefined, { SITE_WHITELISTED_EMAIL: 'someone.else@example.org' }),
      /SITE_WHITELISTED_EMAIL="someone\.else@example\.org" but the site was built with "guest\.reader@example\.com"/,
    );
  });

  it('refuses to start with a looser rule: a bare top-level domain is refused before anything else', async () => {
    await assertRefused(
      startTestSite(undefined, undefined, { SITE_STAFF_DOMAIN: 'cl' }),
      /^SettingError: SITE_STAFF_DOMAIN="cl" is a public suffix/,
    );
  });

  it('refuses a build whose recorded rule is missing or too wide', async () => {
    const withoutPolicy = { ...TEST_SERVER_RECORD, readerPolicy: undefined };
    await assertRefused(
      startTestSite(undefined, undefined, {}, withoutPolicy),
      /server-record\.json records no staffDomain: rebuild the site\.$/,
    );
    await assertRefused(
      startTestSite(
        undefined,
        undefined,
        {},
        {
          ...TEST_SERVER_RECORD,
          readerPolicy: { ...defaultReaderPolicy, studentDomain: 'com' },
        },
      ),
      /SITE_STUDENT_DOMAIN="com" is a public suffix/,
    );
    await assertRefused(
      startTestSite(undefined, undefined, {}, { ...TEST_SERVER_RECORD, localePrefixes: [''] }),
      /was built for the locales \[""\], this version serves \["","\/es"\]/,
    );
  });

  it('refuses a build whose documentation sections lead anywhere but into the documentation', async () => {
    for (const [section, page] of [
      ['/docs/manual', '/labs'],
      ['/docs/manual', 'https://elsewhere.example/docs/x'],
      ['/docs/manual', '//elsewhere.example/docs/x'],
      ['/labs', '/docs/guide'],
      ['/docs/manual/', '/docs/guide'],
    ] as const) {
      await assertRefused(
        startTestSite(undefined, undefined, {}, { ...TEST_SERVER_RECORD, sectionPages: { [section]: page } }),
        /server-record\.json leads "[^"]*" to "[^"]*"; both must be documentation addresses: rebuild the site\.$/,
      );
    }
    await assertRefused(
      startTestSite(undefined, undefined, {}, { ...TEST_SERVER_RECORD, sectionPages: undefined }),
      /server-record\.json records no documentation sections: rebuild the site\.$/,
    );
  });

  it('enforces the recorded rule when its environment names none', async () => {
    site = await startTestSite(
      undefined,
      undefined,
      {},
      {
        ...TEST_SERVER_RECORD,
        readerPolicy: { ...defaultReaderPolicy, staffDomain: 'uc.cl' },
      },
    );
    assert.equal((await signIn(site.origin, 'ana.torres@uai.cl')).status, 403);
    assert.equal((await signIn(site.origin, 'maria@uc.cl')).status, 204);
  });

  it('starts when its environment names the same rule', async () => {
    site = await startTestSite(undefined, undefined, {
      SITE_STAFF_DOMAIN: 'UAI.cl',
      SITE_STUDENT_DOMAIN: 'alumnos.uai.cl',
      SITE_WHITELISTED_EMAIL: 'guest.reader@example.com',
    });
    assert.equal((await signIn(site.origin, 'diego.rojas@alumnos.uai.cl')).status, 204);
  });

  it('the server process exits with the message when the rules differ', async () => {
    const dir = await writeTestSite();
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', serverMain], {
        env: { ...process.env, SITE_DIR: dir, PORT: '0', SITE_STUDENT_DOMAIN: 'alumnos.evil.cl' },
        encoding: 'utf8',
        // A bound, not a measure: compiling the server's source on a busy machine took over 8 s.
        timeout: 60_000,
      });
      assert.equal(result.status, 1);
      // One line in Cloud Logging's structured format, and nothing else.
      const lines = result.stdout.trim().split('\n');
      assert.equal(lines.length, 1, result.stdout);
      const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
      assert.equal(entry.severity, 'CRITICAL');
      assert.equal(entry.event, 'config-error');
      assert.match(
        String(entry.message),
        /^Cannot start: The server's access rule differs from the one the site was built with: SITE_STUDENT_DOMAIN="alumnos\.evil\.cl" but the site was built with "alumnos\.uai\.cl"\./,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
