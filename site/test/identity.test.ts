import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readReaderPolicy } from '@trust/access-policy/settings';
import { readSiteIdentity } from '../src/config/identity.js';

describe('the site build refuses an access rule that would admit anyone (security)', () => {
  it('stops on a public suffix, a malformed domain or address, naming the setting', () => {
    assert.throws(
      () => readReaderPolicy({ SITE_STAFF_DOMAIN: 'cl' }),
      /^SettingError: SITE_STAFF_DOMAIN="cl" is a public suffix/,
    );
    assert.throws(
      () => readReaderPolicy({ SITE_STUDENT_DOMAIN: 'co.uk' }),
      /^SettingError: SITE_STUDENT_DOMAIN="co\.uk" is a public suffix/,
    );
    assert.throws(
      () => readReaderPolicy({ SITE_WHITELISTED_EMAIL: 'not-an-address' }),
      /^SettingError: SITE_WHITELISTED_EMAIL="not-an-address" is not an e-mail address/,
    );
  });

  it('builds with the institution’s rule by default', () => {
    const policy = readReaderPolicy({});
    assert.deepEqual(
      [policy.staffDomain, policy.studentDomain, policy.whitelistedEmail],
      ['uai.cl', 'alumnos.uai.cl', 'guest.reader@example.com'],
    );
  });

  it('keeps the rule out of the identity every page carries (the server alone decides who may read)', () => {
    const identity = readSiteIdentity({ SITE_WHITELISTED_EMAIL: 'visiting.reader@example.org' });
    assert.equal(JSON.stringify(identity).includes('visiting.reader@example.org'), false);
    assert.deepEqual(
      Object.keys(identity).filter((key) => /domain|email/i.test(key)),
      ['contactEmail'],
    );
  });
});
