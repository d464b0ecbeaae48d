import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultReaderPolicy, isAllowedReader, type ReaderIdentity } from '../src/index.js';

const policy = defaultReaderPolicy;
const verified = (email: string | null | undefined): ReaderIdentity => ({ email, emailVerified: true });

describe('isAllowedReader (security)', () => {
  const cases: Array<[string, ReaderIdentity | null, boolean]> = [
    ['staff address', verified('ana.perez@uai.cl'), true],
    ['student address', verified('jperez@alumnos.uai.cl'), true],
    ['subdomain of the staff domain', verified('ops@lab.uai.cl'), true],
    ['subdomain of the student domain', verified('x@pregrado.alumnos.uai.cl'), true],
    ['whitelisted address', verified('guest.reader@example.com'), true],
    ['whitelisted address in another case', verified('Guest.Reader@EXAMPLE.com'), true],
    ['staff domain in upper case', verified('ANA@UAI.CL'), true],
    ['unverified staff address', { email: 'ana@uai.cl', emailVerified: false }, false],
    ['staff address with unknown verification', { email: 'ana@uai.cl' }, false],
    ['unverified whitelisted address', { email: 'guest.reader@example.com', emailVerified: false }, false],
    ['no e-mail', verified(null), false],
    ['undefined e-mail', verified(undefined), false],
    ['empty e-mail', verified(''), false],
    ['no identity', null, false],
    ['outsider', verified('someone@gmail.com'), false],
    ['look-alike suffix domain', verified('someone@notuai.cl'), false],
    ['staff domain as a prefix of an attacker domain', verified('someone@uai.cl.attacker.example'), false],
    ['staff domain in the local part', verified('uai.cl@attacker.example'), false],
    ['two at-signs', verified('a@uai.cl@attacker.example'), false],
    ['hyphenated look-alike', verified('a@uai-cl.com'), false],
    ['leading whitespace', verified(' ana@uai.cl'), false],
    ['trailing whitespace', verified('ana@uai.cl '), false],
    ['inner whitespace', verified('ana @uai.cl'), false],
    ['trailing dot domain', verified('ana@uai.cl.'), false],
    ['empty domain label', verified('ana@x..uai.cl'), false],
    ['no local part', verified('@uai.cl'), false],
    ['no domain', verified('ana@'), false],
    ['whitelisted local part at another domain', verified('guest.reader@example.org'), false],
    ['whitelisted address with a suffix', verified('guest.reader@example.com.evil.example'), false],
  ];
  for (const [name, identity, expected] of cases) {
    it(`${expected ? 'allows' : 'refuses'}: ${name}`, () => {
      assert.equal(isAllowedReader(identity, policy), expected);
    });
  }

  it('refuses everyone when the settings are empty rather than matching every address', () => {
    const empty = { staffDomain: '', studentDomain: ' ', whitelistedEmail: '' };
    assert.equal(isAllowedReader(verified('ana@uai.cl'), empty), false);
    assert.equal(isAllowedReader(verified('x@y.z'), empty), false);
  });
});
