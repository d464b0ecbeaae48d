import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFirebaseClientConfig } from '../src/config/firebase';

const PRODUCTION = {
  FIREBASE_API_KEY: 'AIzaKey',
  FIREBASE_AUTH_DOMAIN: 'trust.example.org',
  FIREBASE_PROJECT_ID: 'trust',
};

describe('the university-account settings', () => {
  it('offers Google in the demo and nothing in production until named', () => {
    assert.deepEqual(readFirebaseClientConfig({}).universityAccount, { provider: 'google', hint: null });
    assert.equal(readFirebaseClientConfig(PRODUCTION).universityAccount, null);
    assert.equal(readFirebaseClientConfig({ SITE_SSO_PROVIDER: 'none' }).universityAccount, null);
  });

  it('takes the provider and its hint as set', () => {
    assert.deepEqual(
      readFirebaseClientConfig({ ...PRODUCTION, SITE_SSO_PROVIDER: 'Microsoft', SITE_SSO_HINT: 'uai.cl' })
        .universityAccount,
      { provider: 'microsoft', hint: 'uai.cl' },
    );
    assert.deepEqual(
      readFirebaseClientConfig({ ...PRODUCTION, SITE_SSO_PROVIDER: 'google', SITE_SSO_HINT: '*' }).universityAccount,
      { provider: 'google', hint: '*' },
    );
  });

  it('refuses an unknown provider, a malformed hint, and a hint without a provider, naming the setting', () => {
    assert.throws(
      () => readFirebaseClientConfig({ SITE_SSO_PROVIDER: 'okta' }),
      /^SettingError: SITE_SSO_PROVIDER="okta" is not valid: expected google, microsoft or none\.$/,
    );
    assert.throws(
      () => readFirebaseClientConfig({ SITE_SSO_HINT: 'uai.cl&prompt=none' }),
      /^SettingError: SITE_SSO_HINT="uai\.cl&prompt=none" is not valid: /,
    );
    assert.throws(
      () => readFirebaseClientConfig({ ...PRODUCTION, SITE_SSO_HINT: 'uai.cl' }),
      /^SettingError: SITE_SSO_HINT is set but SITE_SSO_PROVIDER is none\.$/,
    );
  });
});
