import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { signInUrl } from '@trust/access-policy';
import { idTokenOf } from '../../scripts/authEmulator.mjs';
import { filesUnder } from '../../testkit/files';
import { expect, test } from './fixtures';

/**
 * The Markdown pages and the documentation's llms.txt files sit in the members' tree and are locked
 * as the pages are: a client without a session is sent to sign-in when it navigates there and
 * refused (401) otherwise, with no byte of the text, under every spelling; a member gets them,
 * Markdown as `text/markdown`. The public llms.txt is for
 * anyone and names no documentation page.
 */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist');
const PAGE = '/docs/IntrusionSentinel/architecture/diagram';
const ES_PAGE = '/es/docs/IntrusionSentinel/architecture/diagram';

const membersFile = (sitePath: string) => readFileSync(path.join(dist, 'members', sitePath), 'utf8');

/** The documentation's own words: each page's title and Markdown address, from its llms.txt. */
function documentationTitles(prefix: string): Array<{ title: string; url: string }> {
  return [...membersFile(`${prefix}/docs/llms.txt`).matchAll(/^- \[(.+?)\]\((\S+?)\)/gm)].map((match) => ({
    title: match[1]!,
    url: match[2]!,
  }));
}

const LOCKED = [
  `${PAGE}.md`,
  `${ES_PAGE}.md`,
  '/docs/llms.txt',
  '/docs/llms-full.txt',
  '/es/docs/llms.txt',
  '/es/docs/llms-full.txt',
];

/** The spellings the page lock is tested with that reach a file rather than a page. */
function spellings(target: string): string[] {
  const rest = target.replace(/^\/(es\/)?docs/, '');
  const locale = target.startsWith('/es/') ? '/es' : '';
  return [
    target,
    `${target}?x=1`,
    `${locale}/docs//${rest.slice(1)}`,
    `${locale}/./docs${rest}`,
    `${locale}/x/../docs${rest}`,
    `${locale}/labs/%2e%2e/docs${rest}`,
    `${locale}/%64ocs${rest}`,
    `${locale}/DOCS${rest}`,
    `${locale}/Docs${rest.toUpperCase()}`,
    `${locale}/docs%2F${rest.slice(1)}`,
    `${locale}/docs/./${rest.slice(1)}`,
    `${locale}/%2564ocs${rest}`,
    `${locale}/docs${rest}%20`,
    `${locale}/docs${rest}/`,
  ];
}

async function openSession(request: APIRequestContext, baseURL: string, email: string): Promise<string> {
  const answer = await request.post('/api/session', {
    headers: { Origin: new URL(baseURL).origin, Authorization: `Bearer ${await idTokenOf(email)}` },
  });
  expect(answer.status()).toBe(204);
  return answer.headers()['set-cookie']!.split(';')[0]!;
}

test.describe('Markdown pages and llms.txt (security)', { tag: '@hosting' }, () => {
  test('an anonymous client gets what it gets for the page: sign-in or 401, no documentation text', async ({
    request,
  }) => {
    // The page itself: a navigation goes to sign-in, anything else is refused.
    const page = await request.get(PAGE, { headers: { Accept: 'text/html' }, maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(page.headers().location).toBe(`/signin?next=${encodeURIComponent(PAGE)}`);
    expect((await request.get(PAGE, { headers: { Accept: 'application/json' }, maxRedirects: 0 })).status()).toBe(401);

    const words = [...documentationTitles(''), ...documentationTitles('/es')].filter(
      ({ title }) => title.split(' ').length >= 2,
    );
    expect(words.length).toBeGreaterThan(60);
    for (const target of LOCKED) {
      // Read as a page is: a navigation (or a client that takes anything) goes to sign-in.
      for (const accept of ['text/html', '*/*']) {
        const answer = await request.get(target, { headers: { Accept: accept }, maxRedirects: 0 });
        expect(answer.status(), `${target} (${accept})`).toBe(302);
        expect(answer.headers().location, target).toBe(signInUrl(target));
        expect(await answer.text()).not.toMatch(/^# /m);
      }
      const fetched = await request.get(target, { headers: { Accept: 'text/markdown' }, maxRedirects: 0 });
      expect(fetched.status(), `${target} (text/markdown)`).toBe(401);
      expect(await fetched.text()).toBe('Sign-in required.\n');
      expect(fetched.headers()['cache-control'], target).toMatch(/^(private|no-store)/);
      expect(fetched.headers()['content-type'], target).not.toMatch(/markdown/);
      const head = await request.head(target, { headers: { Accept: 'application/json' }, maxRedirects: 0 });
      expect(head.status(), `HEAD ${target}`).toBe(401);
    }
    for (const target of LOCKED.flatMap(spellings)) {
      const answer = await request.get(target, { headers: { 'Accept-Encoding': 'br, gzip' }, maxRedirects: 0 });
      // The lock's own refusals; through Hosting, an odd spelling may also be answered by its CDN.
      expect([301, 302, 400, 401, 404], target).toContain(answer.status());
      const body = await answer.text();
      expect(body, target).not.toMatch(/^# /m);
      expect(
        words.filter(({ title }) => body.includes(title)),
        target,
      ).toEqual([]);
    }
  });

  test('the public llms.txt of each locale lists the public pages and says how members and their assistants read, naming no page of the documentation', async ({
    request,
  }) => {
    const origin = 'http://localhost:3000';
    for (const [prefix, members] of [
      ['', 'is for members of Universidad Adolfo Ibáñez and invited guests'],
      ['/es', 'es para miembros de la Universidad Adolfo Ibáñez e invitados'],
    ] as const) {
      const answer = await request.get(`${prefix}/llms.txt`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^text\/plain; charset=utf-8$/i);
      expect(answer.headers()['cache-control'] ?? '').not.toMatch(/private|no-store/);
      const text = await answer.text();
      expect(text).toMatch(/^# (UAI Trustworthy Systems Centre|Centro de Sistemas Confiables UAI)\n\n> \S/);
      expect(text).toContain(members);
      expect(text).toContain(`${origin}${prefix}/signin`);
      expect(text).toContain(`${origin}${prefix}/docs/llms.txt`);
      for (const page of ['/', '/labs', '/projects', '/blog', '/blog/2025/06/10/prioridades-id-ciberseguridad'])
        expect(text).toMatch(
          new RegExp(`^- \\[[^\\]]+\\]\\(${origin}${prefix}${page === '/' ? '/' : page}\\): \\S`, 'm'),
        );
      for (const { title, url } of [...documentationTitles(''), ...documentationTitles('/es')]) {
        expect(text, url).not.toContain(url.replace(/\.md$/, ''));
        if (title.split(' ').length >= 2) expect(text, title).not.toContain(title);
      }
      // How an assistant connects: the MCP endpoint, the same for both languages.
      expect(text).toMatch(new RegExp(`servidor MCP|MCP server`));
      expect(text).toContain(`claude mcp add --transport http uai-docs ${origin}/mcp`);
    }
  });

  test('a member gets each Markdown page as text/markdown, and the documentation’s llms.txt files', async ({
    request,
    baseURL,
  }) => {
    const cookie = await openSession(request, baseURL!, 'diego.rojas@alumnos.uai.cl');
    for (const target of [`${PAGE}.md`, `${ES_PAGE}.md`]) {
      const answer = await request.get(target, { headers: { Cookie: cookie } });
      expect(answer.status(), target).toBe(200);
      expect(answer.headers()['content-type']).toBe('text/markdown; charset=utf-8');
      expect(answer.headers()['cache-control']).toMatch(/^private/);
      const text = await answer.text();
      expect(text).toBe(membersFile(target));
      expect(text).toMatch(
        /^# (Architecture diagrams|Diagramas de arquitectura)\n\n(Canonical URL|URL canónica): <http/,
      );
      expect(text).toContain('```mermaid\nflowchart TB\n');
    }
    for (const prefix of ['', '/es']) {
      const index = await request.get(`${prefix}/docs/llms.txt`, { headers: { Cookie: cookie } });
      expect(index.status()).toBe(200);
      expect(index.headers()['content-type']).toBe('text/plain; charset=utf-8');
      const listed = documentationTitles(prefix);
      const markdownFiles = filesUnder(path.join(dist, 'members', prefix, 'docs')).filter((file) =>
        file.endsWith('.md'),
      );
      expect(listed.length).toBe(markdownFiles.length);
      expect(listed.length).toBeGreaterThan(50);
      expect(
        listed.every(({ url }) => url.startsWith(`http://localhost:3000${prefix}/docs/`) && url.endsWith('.md')),
      ).toBe(true);
      const full = await (await request.get(`${prefix}/docs/llms-full.txt`, { headers: { Cookie: cookie } })).text();
      expect(full).toContain(membersFile(`${prefix}${PAGE}.md`).trim());
    }
  });
});
