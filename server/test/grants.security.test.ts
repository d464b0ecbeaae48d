import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMULATOR_HOST, PROJECT_ID, createAccount } from '../../scripts/authEmulator.mjs';
import { access, dayFromNow, signInByLink, sleep, twoInstances, unique } from './emulatorKit.js';
import { readGuide } from './helpers.js';

/**
 * Access the centre grants at run time (invitations, revocations, suspensions), against the real
 * Auth emulator: the operators' command changes an account, and two instances follow.
 */
const sites = twoInstances();

describe('invitations, revocation and suspension (security)', () => {
  it('an invited outsider signs in by link and reads; after revoke, a kept cookie is refused on another instance at its re-check', async () => {
    const guest = unique('visiting.researcher', 'example.org');
    const invited = access('invite', guest, '--until', dayFromNow(30), '--note', 'Semester visit');
    assert.equal(invited.status, 0, invited.stderr);
    const session = await signInByLink(sites.first, guest);
    assert.equal(session.status, 204);
    assert.equal((await readGuide(sites.first, session.cookie!)).status, 200);
    assert.equal((await readGuide(sites.second, session.cookie!)).status, 200);

    const revoked = access('revoke', guest);
    assert.equal(revoked.status, 0, revoked.stderr);
    await sleep(1_100);
    const kept = await readGuide(sites.second, session.cookie!);
    assert.equal(kept.status, 302);
    // The revocation came with the invitation's end: that is why the session ended.
    assert.equal(kept.headers.location, '/signin?next=%2Fdocs%2Fguide&ended=no-longer-admitted');
  });

  it('refuses an invitation past its end date, saying so', async () => {
    const guest = unique('former.partner', 'example.org');
    await createAccount({ email: guest, emailVerified: true });
    const lookup = (await (
      await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: [guest] }),
      })
    ).json()) as { users: { localId: string }[] };
    const until = dayFromNow(-1);
    const invitation = { email: guest, until, by: 'ops@uai.cl', at: new Date().toISOString() };
    await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: lookup.users[0]!.localId, customAttributes: JSON.stringify({ invitation }) }),
    });
    const session = await signInByLink(sites.first, guest);
    assert.equal(session.status, 403);
    assert.deepEqual(session.body, { error: 'not-allowed', email: guest, reason: 'invitation-ended', until });
  });

  it('an invitation for x@uai.cl.evil.example admits exactly that address', async () => {
    const stamp = Date.now().toString(36);
    const invited = `x${stamp}@uai.cl.evil.example`;
    assert.equal(access('invite', invited, '--until', dayFromNow(7)).status, 0);
    assert.equal((await signInByLink(sites.first, invited)).status, 204);
    for (const other of [`y${stamp}@uai.cl.evil.example`, `x${stamp}@evil.example`])
      assert.equal((await signInByLink(sites.first, other)).status, 403, other);
  });

  it('a suspended university member is refused within the re-check window on another instance', async () => {
    const member = unique('leaving.student', 'alumnos.uai.cl');
    const session = await signInByLink(sites.first, member);
    assert.equal(session.status, 204);
    assert.equal((await readGuide(sites.second, session.cookie!)).status, 200);
    const suspended = access('suspend', member, '--reason', 'Left the programme');
    assert.equal(suspended.status, 0, suspended.stderr);
    await sleep(1_100);
    assert.equal((await readGuide(sites.second, session.cookie!)).status, 302);
    assert.equal(access('restore', member).status, 0);
  });
});
