import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSiteIdentity } from '../src/config/identity.js';

describe('the site build refuses an access rule that would admit anyone (security)', () => {
  it('stops on a public suffix, a malformed domain or address, naming the setting', () => {
    assert.throws(
      () => readSiteIdentity({ SITE_STAFF_DOMAIN: 'cl' }),
      /^PolicySettingError: SITE_STAFF_DOMAIN="cl" is a public suffix/,
    );
    assert.throws(
      () => readSiteIdentity({ SITE_STUDENT_DOMAIN: 'co.uk' }),
      /^PolicySettingError: SITE_STUDENT_DOMAIN="co\.uk" is a public suffix/,
    );
    assert.throws(
      () => readSiteIdentity({ SITE_WHITELISTED_EMAIL: 'not-an-address' }),
      /^PolicySettingError: SITE_WHITELISTED_EMAIL="not-an-address" is not an e-mail address/,
    );
  });

  it('builds with the institution’s rule by default', () => {
    const identity = readSiteIdentity({});
    assert.deepEqual(
      [identity.staffDomain, identity.studentDomain, identity.whitelistedEmail],
      ['uai.cl', 'alumnos.uai.cl', 'guest.reader@example.com'],
    );
  });
});
