import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SettingError } from '@trust/access-policy';
import { describeIdentityMode, readServerConfig } from '../src/config.js';

const production = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'uai-docs',
  SITE_URL: 'https://trustworthy-systems.example',
  OAUTH_TOKEN_SECRET: 'a-production-secret-of-at-least-32-chars',
};

describe('server settings', () => {
  it('runs on the embedded default with no settings: port 3000, the emulator, 5-day sessions', () => {
    const config = readServerConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.firebase.projectId, 'demo-trustworthy-systems');
    assert.equal(config.firebase.emulatorHost, '127.0.0.1:9099');
    assert.equal(config.session.maxAgeMs, 5 * 24 * 3600 * 1000);
    assert.equal(config.session.isSecure, true);
    assert.deepEqual(config.policySettings, {});
    assert.equal(config.session.revocationCheckMs, 240_000);
  });

  it('refuses to start in production with FIREBASE_AUTH_EMULATOR_HOST set (security)', () => {
    assert.throws(
      () => readServerConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
      (error: unknown) => {
        return (
          error instanceof SettingError &&
          /FIREBASE_AUTH_EMULATOR_HOST/.test(error.message) &&
          /unsigned tokens/.test(error.message)
        );
      },
    );
  });

  it('names the missing settings in production', () => {
    assert.throws(
      () => readServerConfig({ NODE_ENV: 'production' }),
      /FIREBASE_PROJECT_ID, SITE_URL, OAUTH_TOKEN_SECRET\.$/,
    );
    assert.throws(
      () => readServerConfig({ ...production, SITE_URL: '', OAUTH_TOKEN_SECRET: '' }),
      /: SITE_URL, OAUTH_TOKEN_SECRET\.$/,
    );
    assert.throws(
      () => readServerConfig({ ...production, OAUTH_TOKEN_SECRET: 'too-short' }),
      /^SettingError: OAUTH_TOKEN_SECRET must be at least 32 random characters, the same on every instance\.$/,
    );
    const config = readServerConfig(production);
    assert.equal(config.firebase.emulatorHost, null);
    assert.equal(config.publicOrigin, 'https://trustworthy-systems.example');
  });

  it('starts in production on Application Default Credentials, with no key file named', () => {
    assert.equal(readServerConfig(production).isProduction, true);
  });

  it('listens on every interface on Cloud Run, which names its service in K_SERVICE', () => {
    assert.equal(readServerConfig({}).host, '127.0.0.1');
    const onCloudRun = { ...production, K_SERVICE: 'trustworthy-site', PORT: '8080' };
    assert.equal(readServerConfig(onCloudRun).host, '0.0.0.0');
    assert.equal(readServerConfig(onCloudRun).port, 8080);
  });

  it('allows the emulator (which makes the Admin SDK accept unsigned tokens) only on loopback, off Cloud Run (security)', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost'])
      assert.equal(readServerConfig({ HOST: host }).firebase.emulatorHost, '127.0.0.1:9099', host);
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '192.0.2.10' }, { K_SERVICE: 'trustworthy-site' }])
      assert.throws(
        () => readServerConfig(env),
        (error: unknown) =>
          error instanceof SettingError &&
          /^The Auth emulator accepts unsigned tokens: emulator mode needs HOST on loopback \(127\.0\.0\.1, ::1 or localhost\) and no K_SERVICE; /.test(
            error.message,
          ),
        JSON.stringify(env),
      );
    assert.equal(
      describeIdentityMode(readServerConfig({})),
      'Emulator mode: sessions are verified against the Auth emulator at 127.0.0.1:9099, which accepts unsigned tokens; listening on loopback only.',
    );
    assert.equal(
      describeIdentityMode(readServerConfig(production)),
      'Sessions are verified against Firebase project uai-docs.',
    );
  });

  it('reads the trusted proxy hops', () => {
    assert.equal(readServerConfig({}).trustProxyHops, 0);
    assert.equal(readServerConfig({ TRUST_PROXY_HOPS: '2' }).trustProxyHops, 2);
    assert.throws(() => readServerConfig({ TRUST_PROXY_HOPS: '-1' }), /TRUST_PROXY_HOPS="-1" must be a whole number/);
  });

  it('reads the rate limits, with their defaults', () => {
    assert.deepEqual(readServerConfig({}).rateLimits, {
      signInFailuresPerMinute: 10,
      adminRefusalsPerMinute: 60,
      accessRequestsPer10Minutes: 5,
    });
    assert.deepEqual(
      readServerConfig({ RATE_LIMIT_SIGN_IN: '20', RATE_LIMIT_ADMIN: '120', RATE_LIMIT_ACCESS_REQUEST: '2' })
        .rateLimits,
      { signInFailuresPerMinute: 20, adminRefusalsPerMinute: 120, accessRequestsPer10Minutes: 2 },
    );
    assert.throws(
      () => readServerConfig({ RATE_LIMIT_SIGN_IN: '0' }),
      /^SettingError: RATE_LIMIT_SIGN_IN="0" must be a whole number from 1 to 10000\.$/,
    );
  });

  it('reads the MCP limits per member and assistant and per instance, and refuses the retired per-assistant one', () => {
    assert.deepEqual(
      [readServerConfig({}).mcp.callsPerMemberPerMinute, readServerConfig({}).mcp.callsPerInstancePerMinute],
      [120, 12_000],
    );
    const set = readServerConfig({ RATE_LIMIT_MCP: '30', RATE_LIMIT_MCP_INSTANCE: '900' }).mcp;
    assert.deepEqual([set.callsPerMemberPerMinute, set.callsPerInstancePerMinute], [30, 900]);
    assert.throws(
      () => readServerConfig({ RATE_LIMIT_MCP_CLIENT: '600' }),
      /^SettingError: RATE_LIMIT_MCP_CLIENT is no longer read: RATE_LIMIT_MCP counts per member and assistant, and RATE_LIMIT_MCP_INSTANCE caps one instance\.$/,
    );
  });

  it('explains bad values', () => {
    assert.throws(() => readServerConfig({ PORT: 'eighty' }), /PORT="eighty" is not a port number/);
    assert.throws(() => readServerConfig({ SESSION_MAX_AGE_DAYS: '30' }), /SESSION_MAX_AGE_DAYS="30" must be between/);
    assert.throws(() => readServerConfig({ SESSION_COOKIE_SECURE: 'maybe' }), /must be true or false/);
    assert.throws(
      () => readServerConfig({ ...production, SESSION_COOKIE_SECURE: 'false' }),
      /not allowed in production/,
    );
    assert.throws(
      () => readServerConfig({ AUTH_PROXY_ORIGIN: 'not a url' }),
      /AUTH_PROXY_ORIGIN="not a url" is not a URL/,
    );
  });
});
