import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FakeProvider } from './fakeProvider.js';
import { FIXTURE, MEMBERS_SECRET, openSession, rawRequest, startTestSite, type TestSite } from './helpers.js';

const verifier = new FakeProvider();
let site: TestSite;
before(async () => {
  site = await startTestSite(FIXTURE, { verifier });
});
after(async () => {
  await site.close();
});

function decoded(response: { headers: Record<string, string | string[] | undefined>; body: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
}

const sessionCookieFor = (email: string, options: { verified?: boolean } = {}) =>
  openSession(site.origin, FakeProvider.idToken(email, options));

/** Every spelling of the restricted resources we can think of, each must yield no members' byte. */
function spellings(): string[] {
  const bases = ['/docs/guide', '/docs/assets/js/content.89abcdef.js', '/es/docs/guide'];
  const out = new Set<string>();
  for (const base of bases) {
    const rest = base.replace(/^\/(es\/)?docs/, '');
    const locale = base.startsWith('/es') ? '/es' : '';
    const variants = [
      base,
      `${base}/`,
      `${base}.html`,
      `${base}/index`,
      `${base}/index.html`,
      `${base}?x=1`,
      `${base}#frag`,
      `/${base}`,
      `${base.replace(/\//g, '//')}`,
      `${base.replace(/\//g, '\\')}`,
      `${locale}/./docs${rest}`,
      `${locale}/x/../docs${rest}`,
      `${locale}/labs/..%2fdocs${rest}`,
      `${locale}/labs/%2e%2e/docs${rest}`,
      `${locale}/labs/%2E%2E%2Fdocs${rest}`,
      `${locale}/%64ocs${rest}`,
      `${locale}/%64%6f%63%73${rest}`,
      `${locale}/%44%4F%43%53${rest}`,
      `${locale}/DOCS${rest}`,
      `${locale}/Docs${rest}`,
      `${locale}/dOcS${rest}`,
      `${locale}/docs%2F${rest.slice(1)}`,
      `${locale}/docs%2f${rest.slice(1)}`,
      `${locale}/docs%5C${rest.slice(1)}`,
      `${locale}%2Fdocs${rest}`,
      `${locale}/docs/.${rest}`,
      `${locale}/docs/./${rest.slice(1)}`,
      `${locale}/docs/x/..${rest}`,
      `${locale}/docs;x${rest}`,
      `${locale}/docs${rest}%00`,
      `${locale}/docs${rest}%20`,
      `${locale}/docs${rest}%`,
      `${locale}/docs${rest}%zz`,
      `${locale}/docs${rest}%C0%AF`,
      `${locale}/%2564ocs${rest}`,
      `${locale}/docs${rest}/..;/`,
      `${locale}/%2e/docs${rest}`,
      `${locale}/.%2e/docs${rest}`,
      `${locale}//docs///${rest.slice(1)}`,
      `${locale}/docs/${'./'.repeat(200)}${rest.slice(1)}`,
      `${locale}/docs${rest}?${'a'.repeat(1500)}`,
      `${locale}/${'x/'.repeat(1100)}docs${rest}`,
      `${locale}/docs${rest}%0d%0aSet-Cookie:%20a=b`,
      `${locale}/docs${rest}/%2e%2e/${rest.split('/').pop()}`,
      `${locale}/docs${rest}.HTML`,
      `${locale}/docs${rest}/INDEX.html`,
      `${locale}/docs${rest}%23`,
      `${locale}/docs${rest}%3F`,
      `${locale}/assets/../docs${rest}`,
      `${locale}/%5cdocs${rest}`,
      `http://127.0.0.1${base}`,
    ];
    for (const variant of variants) out.add(variant);
  }
  return [...out];
}

/**
 * What a reader without an allowed session may get for a restricted spelling: the way to
 * sign in, a refusal, a not-found or a bad request; never a 2xx or a 5xx.
 */
const REFUSALS = new Set([302, 400, 401, 404, 414]);

describe('the lock (security)', () => {
  it('tries at least 50 spellings of each kind of restricted path', () => {
    assert.ok(spellings().length >= 150, String(spellings().length));
  });

  for (const method of ['GET', 'HEAD']) {
    for (const cookie of [undefined, 'outsider', 'unverified', 'forged'] as const) {
      it(`${method} with ${cookie ?? 'no'} session: no spelling yields members' bytes or a 5xx`, async () => {
        const headerSets: Array<Record<string, string>> = [
          {},
          { 'Accept-Encoding': 'br, gzip' },
          { Range: 'bytes=0-10', Accept: 'text/html' },
        ];
        let cookieHeader: string | undefined;
        if (cookie === 'forged') cookieHeader = '__session=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFAdWFpLmNsIn0.';
        if (cookie === 'outsider') cookieHeader = `__session=${FakeProvider.sessionCookie('visitor@example.org')}`;
        if (cookie === 'unverified')
          cookieHeader = `__session=${FakeProvider.sessionCookie('ana@uai.cl', { verified: false })}`;
        const failures: string[] = [];
        for (const target of spellings()) {
          for (const headers of headerSets) {
            const response = await rawRequest(site.origin, target, {
              method,
              headers: { ...headers, ...(cookieHeader ? { Cookie: cookieHeader } : {}) },
            });
            const body = decoded(response);
            const label = `${target.slice(0, 80)} ${JSON.stringify(headers)} → ${response.status}`;
            if (!REFUSALS.has(response.status)) failures.push(`${label}: not a refusal`);
            if (body.includes('Quetzal')) failures.push(`${label}: leaked members' text`);
          }
        }
        assert.deepEqual(failures, []);
      });
    }
  }

  it('sends a reader without a session from a docs page to the sign-in page of its locale', async () => {
    const english = await rawRequest(site.origin, '/docs/guide?tab=2', { headers: { Accept: 'text/html' } });
    assert.equal(english.status, 302);
    assert.equal(english.headers.location, `/signin?next=${encodeURIComponent('/docs/guide?tab=2')}`);
    const spanish = await rawRequest(site.origin, '/es/docs/guide/', { headers: { Accept: 'text/html' } });
    assert.equal(spanish.headers.location, `/es/signin?next=${encodeURIComponent('/es/docs/guide')}`);
    const chunk = await rawRequest(site.origin, '/docs/assets/js/content.89abcdef.js');
    assert.equal(chunk.status, 401);
  });

  it('locks a page’s Markdown and the list of pages as it locks a page: sign-in for a navigation, 401 otherwise', async () => {
    for (const target of ['/docs/guide.md', '/docs/llms.txt']) {
      const navigation = await rawRequest(site.origin, target, { headers: { Accept: 'text/html' } });
      assert.equal(navigation.status, 302, target);
      assert.equal(navigation.headers.location, `/signin?next=${encodeURIComponent(target)}`);
      const fetched = await rawRequest(site.origin, target, { headers: { Accept: 'application/json' } });
      assert.equal(fetched.status, 401, target);
      assert.equal(decoded(fetched).includes(MEMBERS_SECRET), false, target);
    }
    const cookie = await sessionCookieFor('ana.torres@uai.cl');
    const markdown = await rawRequest(site.origin, '/docs/guide.md', { headers: { Cookie: cookie } });
    assert.equal(markdown.status, 200);
    assert.equal(markdown.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.match(String(markdown.headers['cache-control']), /^private/);
    assert.equal(decoded(markdown), `# ${MEMBERS_SECRET} guide\n`);
  });

  it('leads an allowed reader from a folder address of the documentation to its first page, and anyone else to sign-in (security)', async () => {
    const cookie = await sessionCookieFor('ana.torres@uai.cl');
    for (const [target, location] of [
      ['/docs/manual/', '/docs/manual/setup'],
      ['/docs/manual?tab=2', '/docs/manual/setup?tab=2'],
      ['/docs', '/docs/guide'],
      ['/es/docs/', '/es/docs/guide'],
    ] as const) {
      const response = await rawRequest(site.origin, target, { headers: { Cookie: cookie, Accept: 'text/html' } });
      assert.equal(response.status, 302, target);
      assert.equal(response.headers.location, location, target);
      assert.equal(response.headers.vary, 'Cookie', target);
      assert.equal(response.headers['cache-control'], 'no-store', target);
    }
    assert.equal((await rawRequest(site.origin, '/docs/other/', { headers: { Cookie: cookie } })).status, 404);
    // The folders are the documentation's outline: a reader without a session learns nothing of them.
    const anonymous = await rawRequest(site.origin, '/docs/manual/', { headers: { Accept: 'text/html' } });
    assert.equal(anonymous.status, 302);
    assert.equal(anonymous.headers.location, `/signin?next=${encodeURIComponent('/docs/manual')}`);
    assert.equal(decoded(anonymous).includes('/docs/manual/setup'), false);
  });

  it('never redirects to another site, whatever the path', async () => {
    const cases: Array<[string, number, string | undefined]> = [
      ['//evil.example/docs/x', 302, '/signin?next=%2Fevil.example%2Fdocs%2Fx'],
      ['/docs//evil.example', 401, undefined],
      ['/docs/%2F%2Fevil.example', 401, undefined],
      ['/\\evil.example/docs/', 302, '/signin?next=%2Fevil.example%2Fdocs'],
      ['/es//evil.example/docs/x', 302, '/es/signin?next=%2Fes%2Fevil.example%2Fdocs%2Fx'],
    ];
    const failures: string[] = [];
    for (const [target, status, location] of cases) {
      const response = await rawRequest(site.origin, target, { headers: { Accept: 'text/html' } });
      if (response.status !== status || response.headers.location !== location)
        failures.push(`${target} → ${response.status} ${String(response.headers.location)}`);
    }
    assert.deepEqual(failures, []);
  });

  it('serves members’ files to an allowed reader, privately, in both locales', async () => {
    const cookie = await sessionCookieFor('ana.torres@uai.cl');
    for (const target of [
      '/docs/guide',
      '/DOCS/guide',
      '/%64ocs/guide/',
      '/es/docs/guide',
      '/docs/assets/js/content.89abcdef.js',
    ]) {
      const response = await rawRequest(site.origin, target, { headers: { Cookie: cookie } });
      assert.equal(response.status, target === '/DOCS/guide' ? 404 : 200, target);
      if (response.status === 200) {
        assert.ok(decoded(response).includes(MEMBERS_SECRET), target);
        assert.match(String(response.headers['cache-control']), /private/);
        assert.match(String(response.headers.vary), /Cookie/);
      }
    }
  });

  it('lets the student domain, subdomains and the whitelisted reader in', async () => {
    for (const email of ['diego.rojas@alumnos.uai.cl', 'ops@lab.uai.cl', 'guest.reader@example.com']) {
      const cookie = await sessionCookieFor(email);
      assert.equal((await rawRequest(site.origin, '/docs/guide', { headers: { Cookie: cookie } })).status, 200, email);
    }
  });

  it('treats a malformed, oversized or foreign cookie as signed out', async () => {
    for (const cookie of [
      '__session=',
      '__session=%%%',
      `__session=${'a'.repeat(9000)}`,
      'session=session.YUB1YWkuY2w.1.1',
      '__session=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFAdWFpLmNsIn0.',
    ]) {
      const response = await rawRequest(site.origin, '/docs/guide', {
        headers: { Cookie: cookie, Accept: 'text/html' },
      });
      assert.equal(response.status, 302, cookie.slice(0, 30));
    }
  });
});
