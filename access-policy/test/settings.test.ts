import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  SettingError,
  parseRecordedPolicy,
  policyDifferences,
  readPolicySettings,
  readReaderPolicy,
} from '../src/settings.js';
import { defaultReaderPolicy } from '../src/defaults.js';

function refusal(env: Record<string, string>): string {
  try {
    readReaderPolicy(env);
  } catch (error) {
    assert.ok(error instanceof SettingError, `expected a SettingError, got ${String(error)}`);
    return error.message;
  }
  assert.fail(`${JSON.stringify(env)} was accepted`);
}

describe('access-rule settings security', () => {
  it('refuses domains that would admit anyone, naming the setting and why', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SITE_STAFF_DOMAIN: 'cl' }, /^SITE_STAFF_DOMAIN="cl" is a public suffix: anyone who registers/],
      [{ SITE_STAFF_DOMAIN: 'com' }, /^SITE_STAFF_DOMAIN="com" is a public suffix/],
      [{ SITE_STUDENT_DOMAIN: 'co.uk' }, /^SITE_STUDENT_DOMAIN="co.uk" is a public suffix/],
      [{ SITE_STUDENT_DOMAIN: 'github.io' }, /^SITE_STUDENT_DOMAIN="github.io" is a public suffix/],
      [{ SITE_STAFF_DOMAIN: ' ' }, /^SITE_STAFF_DOMAIN is empty: name an institutional e-mail domain/],
      [{ SITE_WHITELISTED_EMAIL: '' }, /^SITE_WHITELISTED_EMAIL is empty: name one e-mail address/],
      [{ SITE_STAFF_DOMAIN: 'uai .cl' }, /^SITE_STAFF_DOMAIN="uai \.cl" is not a domain name/],
      [{ SITE_STAFF_DOMAIN: '*.uai.cl' }, /^SITE_STAFF_DOMAIN="\*\.uai\.cl" is not a domain name/],
      [{ SITE_STAFF_DOMAIN: '@uai.cl' }, /^SITE_STAFF_DOMAIN="@uai\.cl" is not a domain name/],
      [{ SITE_WHITELISTED_EMAIL: 'reader' }, /^SITE_WHITELISTED_EMAIL="reader" is not an e-mail address/],
      [{ SITE_WHITELISTED_EMAIL: 'a@b@example.org' }, /^SITE_WHITELISTED_EMAIL="a@b@example\.org" is not an e-mail/],
      [{ SITE_WHITELISTED_EMAIL: 'reader@cl' }, /^SITE_WHITELISTED_EMAIL="reader@cl" has no valid domain: /],
      [{ SITE_WHITELISTED_EMAIL: 'reader@' }, /^SITE_WHITELISTED_EMAIL="reader@" is not an e-mail address/],
    ];
    const failures: string[] = [];
    for (const [env, expected] of cases) {
      const message = refusal(env);
      if (!expected.test(message)) failures.push(`${JSON.stringify(env)} → ${message}`);
    }
    assert.deepEqual(failures, []);
  });

  it('accepts institutional domains and addresses, in lower case', () => {
    assert.deepEqual(
      readReaderPolicy({
        SITE_STAFF_DOMAIN: 'UAI.cl',
        SITE_STUDENT_DOMAIN: ' alumnos.uai.cl ',
        SITE_WHITELISTED_EMAIL: 'Guest.Reader@Example.com',
      }),
      { staffDomain: 'uai.cl', studentDomain: 'alumnos.uai.cl', whitelistedEmail: 'guest.reader@example.com' },
    );
    assert.deepEqual(readReaderPolicy({}), defaultReaderPolicy);
    assert.deepEqual(readPolicySettings({ SITE_STAFF_DOMAIN: 'uc.cl' }), { staffDomain: 'uc.cl' });
  });

  it('refuses an incomplete or widened recorded rule', () => {
    assert.throws(
      () => parseRecordedPolicy('server-record.json', { staffDomain: 'uai.cl', studentDomain: 'alumnos.uai.cl' }),
      /^SettingError: server-record\.json records no whitelistedEmail: rebuild the site\.$/,
    );
    assert.throws(
      () => parseRecordedPolicy('server-record.json', { ...defaultReaderPolicy, staffDomain: 'cl' }),
      /SITE_STAFF_DOMAIN="cl" is a public suffix/,
    );
    assert.throws(() => parseRecordedPolicy('server-record.json', undefined), /records no staffDomain/);
    assert.deepEqual(parseRecordedPolicy('server-record.json', defaultReaderPolicy), defaultReaderPolicy);
  });

  it('lists each setting that differs from the recorded rule', () => {
    assert.deepEqual(policyDifferences(defaultReaderPolicy, {}), []);
    assert.deepEqual(policyDifferences(defaultReaderPolicy, { staffDomain: 'uai.cl' }), []);
    assert.deepEqual(policyDifferences(defaultReaderPolicy, { staffDomain: 'evil.cl', whitelistedEmail: 'x@y.org' }), [
      'SITE_STAFF_DOMAIN="evil.cl" but the site was built with "uai.cl"',
      'SITE_WHITELISTED_EMAIL="x@y.org" but the site was built with "guest.reader@example.com"',
    ]);
  });
});
