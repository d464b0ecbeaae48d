import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SERVER_RECORD_FILE, parseServerRecord } from '@trust/access-policy/build-contract';
import { filesUnder } from '../../testkit/files';
import { expect, test } from './fixtures';

/**
 * The leak check: no title or distinctive sentence of any members-only page, in
 * either locale, may appear in any public file or in any answer the server gives a client that
 * may not read the documentation.
 */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text as a reader would see it, whatever the encoding it was stored in. */
function normalize(text: string): string {
  return text
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/g, (whole, name: string) => ENTITIES[name] ?? whole)
    .replace(/\s+/g, ' ');
}

function readDecoded(file: string): string {
  const bytes = readFileSync(file);
  if (file.endsWith('.br')) return brotliDecompressSync(bytes).toString('utf8');
  // Gzip by its magic number too: the search index's fragments are gzipped without a suffix.
  if (file.endsWith('.gz') || (bytes[0] === 0x1f && bytes[1] === 0x8b)) return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

interface Secret {
  page: string;
  phrase: string;
}

/** Each members-only page's h1 (when specific enough) and up to four sentences of its body. */
function restrictedSecrets(): Secret[] {
  const secrets: Secret[] = [];
  for (const file of filesUnder(path.join(dist, 'members')).filter((name) => name.endsWith('index.html'))) {
    const page = path.relative(path.join(dist, 'members'), file);
    const html = readFileSync(file, 'utf8');
    const article = /<article[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
    const text = normalize(article.replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' '));
    const title = normalize((/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(article)?.[1] ?? '').replace(/<[^>]+>/g, '')).trim();
    if (title.split(' ').length >= 3) secrets.push({ page, phrase: title });
    const sentences = text
      .split(/(?<=[.!?])\s+/)
      .map((sentence) => sentence.trim().split(' '))
      .filter((words) => words.length >= 10 && words.every((word) => /^[\p{L}\p{N},;:()'’-]+[.!?]?$/u.test(word)));
    for (const words of sentences.slice(0, 4)) secrets.push({ page, phrase: words.slice(0, 9).join(' ') });
  }
  return secrets;
}

/**
 * The whitelisted reader's address is personal data, and the server alone decides who may read:
 * no public file or refusal may carry it.
 */
const { readerPolicy } = parseServerRecord(readFileSync(path.join(dist, SERVER_RECORD_FILE), 'utf8'));
const pageSecrets = restrictedSecrets();
const secrets = [
  ...pageSecrets,
  { page: 'the access rule (whitelisted reader)', phrase: readerPolicy.whitelistedEmail },
];

function leaksIn(text: string): Secret[] {
  const normalized = normalize(text);
  return secrets.filter((secret) => normalized.includes(secret.phrase));
}

test.describe('leak check (security)', { tag: '@hosting' }, () => {
  test('finds enough restricted text to look for, in both locales', () => {
    expect(new Set(pageSecrets.map((secret) => secret.page.split('/')[0])).size).toBe(2);
    expect(pageSecrets.length).toBeGreaterThan(250);
  });

  test('no public script lists the documentation’s pages (the docs plugin’s global data)', () => {
    const listed = filesUnder(path.join(dist, 'public'))
      .filter((file) => /\.js(\.gz|\.br)?$/.test(file))
      .filter((file) => /"id":"[^"]+","path":"\/(?:es\/)?docs\//.test(readDecoded(file)))
      .map((file) => path.relative(dist, file));
    expect(listed).toEqual([]);
  });

  test('no public file, decompressed or not, search index included, contains restricted text', () => {
    expect(filesUnder(path.join(dist, 'public/pagefind')).some((file) => file.endsWith('.pf_fragment'))).toBe(true);
    const found: string[] = [];
    for (const file of filesUnder(path.join(dist, 'public'))) {
      for (const secret of leaksIn(readDecoded(file)))
        found.push(`${path.relative(dist, file)} contains "${secret.phrase}" of ${secret.page}`);
    }
    expect(found).toEqual([]);
  });

  test('the check reads inside search-index fragments: the members’ index holds restricted text', () => {
    const fragments = filesUnder(path.join(dist, 'members/docs/pagefind/fragment'));
    expect(fragments.length).toBeGreaterThan(44);
    expect(fragments.some((file) => leaksIn(readDecoded(file)).length > 0)).toBe(true);
  });

  test('the check reads the Markdown: each locale’s public llms.txt is checked, the members’ .md and llms-full.txt hold restricted text', () => {
    for (const prefix of ['', 'es/']) {
      const index = path.join(dist, 'public', prefix, 'llms.txt');
      expect(filesUnder(path.join(dist, 'public'))).toContain(index);
      expect(leaksIn(readFileSync(index, 'utf8'))).toEqual([]);
      const full = readDecoded(path.join(dist, 'members', prefix, 'docs/llms-full.txt'));
      expect(new Set(leaksIn(full).map((secret) => secret.page)).size, `${prefix}docs/llms-full.txt`).toBeGreaterThan(
        40,
      );
    }
    const markdown = filesUnder(path.join(dist, 'members')).filter((file) => file.endsWith('.md'));
    expect(markdown.length).toBeGreaterThan(100);
    const leaking = markdown.filter((file) => leaksIn(readDecoded(file)).length > 0);
    expect(leaking.length).toBeGreaterThan(90);
  });

  test('the sitemap lists no documentation page and every documentation page says noindex', () => {
    for (const sitemap of ['public/sitemap.xml', 'public/es/sitemap.xml']) {
      expect(readFileSync(path.join(dist, sitemap), 'utf8')).not.toMatch(/\/docs\//);
    }
    for (const file of filesUnder(path.join(dist, 'members')).filter((name) => name.endsWith('.html'))) {
      expect(readFileSync(file, 'utf8'), file).toMatch(
        /<meta (data-rh=true )?name=("?)robots\2 content="noindex, nofollow"/,
      );
    }
  });

  test('no answer to an anonymous or not-allowed client contains restricted text', async ({ request }) => {
    // Thousands of requests, each through the Hosting stand-in in that project: a target's nine
    // go together, and the limit leaves room for a slow shared machine.
    test.setTimeout(360_000);
    const targets = filesUnder(path.join(dist, 'members'))
      .filter((file) => !file.endsWith('.br') && !file.endsWith('.gz'))
      .map((file) => `/${path.relative(path.join(dist, 'members'), file).split(path.sep).join('/')}`);
    expect(targets.length).toBeGreaterThan(88);
    const clients: Array<Record<string, string>> = [
      {},
      { 'Accept-Encoding': 'br, gzip' },
      { Cookie: '__session=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFuYUB1YWkuY2wiLCJlbWFpbF92ZXJpZmllZCI6dHJ1ZX0.' },
    ];
    const found: string[] = [];
    for (const target of targets) {
      const variants = [
        target,
        target.replace(/\/index\.html$/, ''),
        target.replace(/^\/(es\/)?docs/, (whole) => whole.toUpperCase()),
      ];
      await Promise.all(
        variants.flatMap((variant) =>
          clients.map(async (headers) => {
            const response = await request.get(variant, { headers, maxRedirects: 0 });
            expect(response.status(), variant).toBeLessThan(500);
            for (const secret of leaksIn(await response.text()))
              found.push(`${variant} → "${secret.phrase}" of ${secret.page}`);
          }),
        ),
      );
    }
    expect(found).toEqual([]);
  });
});
