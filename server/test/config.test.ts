import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, readServerConfig } from '../src/config.js';

const production = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'uai-docs',
  GOOGLE_APPLICATION_CREDENTIALS: '/etc/key.json',
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
          error instanceof ConfigError &&
          /FIREBASE_AUTH_EMULATOR_HOST/.test(error.message) &&
          /unsigned tokens/.test(error.message)
        );
      },
    );
  });

  it('names the missing settings in production', () => {
    assert.throws(
      () => readServerConfig({ NODE_ENV: 'production' }),
      /FIREBASE_PROJECT_ID, GOOGLE_APPLICATION_CREDENTIALS/,
    );
    assert.throws(
      () => readServerConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'x' }),
      /GOOGLE_APPLICATION_CREDENTIALS/,
    );
    assert.equal(readServerConfig(production).firebase.emulatorHost, null);
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
