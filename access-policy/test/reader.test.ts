import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canonicalMailbox,
  defaultReaderPolicy,
  isAllowedReader,
  type Invitation,
  type ReaderIdentity,
} from '../src/index.js';

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
    ['whitelisted mailbox under a plus-tag', verified('Guest.Reader+docs@example.com'), true],
    ['plus-tag that changes the mailbox part before it', verified('guest+reader@example.com'), false],
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

describe('invitations in the rule (security)', () => {
  const now = Date.parse('2027-03-10T12:00:00Z');
  const invited = (email: string, invitation: Partial<Invitation> | null) => ({
    email,
    emailVerified: true,
    invitation:
      invitation === null
        ? null
        : { email, until: '2027-03-31', by: 'ana.torres@uai.cl', at: '2027-03-01T10:00:00Z', ...invitation },
  });

  it('admits an invited address until the end of its last day, UTC, and not after', () => {
    assert.equal(isAllowedReader(invited('partner@example.org', {}), policy, now), true);
    assert.equal(isAllowedReader(invited('partner@example.org', {}), policy, Date.parse('2027-03-31T23:59:59Z')), true);
    assert.equal(
      isAllowedReader(invited('partner@example.org', {}), policy, Date.parse('2027-04-01T00:00:00Z')),
      false,
    );
    assert.equal(isAllowedReader(invited('partner@example.org', { until: '2027-03-09' }), policy, now), false);
  });

  it('admits exactly the invited address: not a look-alike, not the account after its address changed', () => {
    assert.equal(isAllowedReader(invited('x@uai.cl.evil.example', {}), policy, now), true);
    assert.equal(
      isAllowedReader({ ...invited('x@uai.cl.evil.example', {}), email: 'y@uai.cl.evil.example' }, policy, now),
      false,
    );
    assert.equal(
      isAllowedReader(invited('X@UAI.CL.Evil.Example', { email: 'x@uai.cl.evil.example' }), policy, now),
      true,
    );
  });

  it('refuses an unverified invited address, a malformed end date and no invitation', () => {
    assert.equal(isAllowedReader({ ...invited('partner@example.org', {}), emailVerified: false }, policy, now), false);
    for (const until of ['2027-02-30', '31/03/2027', '', '2027-3-31'])
      assert.equal(isAllowedReader(invited('partner@example.org', { until }), policy, now), false, until);
    assert.equal(isAllowedReader(invited('partner@example.org', null), policy, now), false);
  });
});

describe('canonicalMailbox (security)', () => {
  const cases: Array<[string, string]> = [
    ['diego.rojas@alumnos.uai.cl', 'diego.rojas@alumnos.uai.cl'],
    ['diego.rojas+1@alumnos.uai.cl', 'diego.rojas@alumnos.uai.cl'],
    ['DIEGO.ROJAS+x@ALUMNOS.UAI.CL', 'diego.rojas@alumnos.uai.cl'],
    ['diego.rojas+a+b@alumnos.uai.cl', 'diego.rojas@alumnos.uai.cl'],
    [' Ana@UAI.cl ', 'ana@uai.cl'],
    ['+tag@uai.cl', '+tag@uai.cl'],
    ['no-at-sign', 'no-at-sign'],
  ];
  for (const [address, mailbox] of cases)
    it(`${address} is the mailbox ${mailbox}`, () => assert.equal(canonicalMailbox(address), mailbox));
});
