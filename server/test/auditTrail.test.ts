import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROJECT_ID } from '../../scripts/authEmulator.mjs';
import { rawRequest } from './helpers.js';
import { signInByLink, twoInstances, unique } from './emulatorKit.js';

/**
 * The server's audit trail against the real Auth emulator: sessions opened, pages (and a page's
 * Markdown) served and sign-outs, each with its reader and trace, and never a token or a cookie.
 */
const sites = twoInstances();

describe('the audit trail of the server', () => {
  it('records the session opened, each documentation page served and the sign-out, never a token or cookie', async () => {
    sites.logLines.length = 0;
    const member = unique('audited.member', 'uai.cl');
    const session = await signInByLink(sites.first, member);
    assert.equal(
      (
        await rawRequest(sites.first.origin, '/docs/guide', {
          headers: { Cookie: session.cookie!, traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` },
        })
      ).status,
      200,
    );
    assert.equal(
      (await rawRequest(sites.first.origin, '/docs/guide.md', { headers: { Cookie: session.cookie! } })).status,
      200,
    );
    assert.equal(
      (
        await rawRequest(sites.first.origin, '/docs/assets/js/content.89abcdef.js', {
          headers: { Cookie: session.cookie! },
        })
      ).status,
      200,
    );
    await rawRequest(sites.first.origin, '/api/session', {
      method: 'DELETE',
      headers: { Origin: sites.first.origin, Cookie: session.cookie! },
    });
    const events = sites.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.audit === true);
    assert.deepEqual(
      events.map((entry) => [entry.event, entry.email, entry.outcome, entry.path]),
      [
        ['account-secured', member, 'secured', '/api/session/email-link'],
        ['session-opened', member, 'opened', '/api/session'],
        ['page-served', member, 'served', '/docs/guide/index.html'],
        ['page-served', member, 'served', '/docs/guide.md'],
        ['signed-out', member, 'signed-out', '/api/session'],
      ],
    );
    assert.equal(events[2]!['logging.googleapis.com/trace'], `projects/${PROJECT_ID}/traces/${'a'.repeat(32)}`);
    const cookieValue = session.cookie!.split('=')[1]!;
    for (const line of sites.logLines) assert.equal(line.includes(cookieValue.slice(0, 40)), false);
  });
});
