// The admins' list over many accounts: 20,000 accounts (and the demo ones) in an Auth emulator of
// its own, the real server in front, an admin's session, and the time `GET /api/admin/access`
// takes for a first search (the server reads the whole listing from the provider), for searches
// after it (its copy, at most 30 s old), and for the first search after a change made here. Each
// row is the median and the slowest of its runs; the page's answer is one page of rows.
// Usage: node bench/admin-search.mjs [--accounts=20000] [--runs=5] [--port=4191]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const accounts = arg('accounts', 20_000);
const runs = arg('runs', 5);
const port = arg('port', 4191);
// An emulator of its own, away from the one `npm start` and the tests use.
process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9399';
const { EMULATOR_HOST, PROJECT_ID, idTokenOf, startAuthEmulator } = await import('../scripts/authEmulator.mjs');
const { ADMIN_API_PREFIX, SESSION_API_PATH } = await import('@trust/access-policy');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_HEADERS = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const DOMAINS = ['alumnos.uai.cl', 'alumnos.uai.cl', 'alumnos.uai.cl', 'uai.cl', 'example.org', 'gmail.example'];

/** Makes the accounts a thousand at a time; one in fifty invited, one in a hundred suspended, one in two hundred asking. */
async function createAccounts(count) {
  for (let start = 0; start < count; start += 1000) {
    const users = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const n = start + offset;
      const email = `person.${n}@${DOMAINS[n % DOMAINS.length]}`;
      const claims =
        n % 50 === 0
          ? { invitation: { email, until: '2027-06-30', by: 'ana.torres@uai.cl', at: '2026-11-01T12:00:00Z' } }
          : n % 100 === 1
            ? { suspension: { reason: 'Shared a password', by: 'ana.torres@uai.cl', at: '2026-11-02T12:00:00Z' } }
            : n % 200 === 2
              ? { request: { note: 'Thesis on intrusion detection', at: '2026-11-20T12:00:00Z', outcome: 'open' } }
              : null;
      return {
        localId: `bench${n}`,
        email,
        emailVerified: true,
        ...(n % 100 === 1 ? { disabled: true } : {}),
        ...(claims ? { customAttributes: JSON.stringify(claims) } : {}),
      };
    });
    const response = await fetch(
      `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchCreate`,
      { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ users }) },
    );
    if (!response.ok) throw new Error(`batchCreate: ${response.status} ${await response.text()}`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const stopEmulator = await startAuthEmulator({ quiet: true });
let server;
try {
  const made = Date.now();
  await createAccounts(accounts);
  console.log(`${accounts} accounts made in the emulator in ${((Date.now() - made) / 1000).toFixed(1)} s`);

  server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(origin).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const opened = await fetch(`${origin}${SESSION_API_PATH}`, {
    method: 'POST',
    headers: { Origin: origin, Authorization: `Bearer ${await idTokenOf('ana.torres@uai.cl')}` },
  });
  if (opened.status !== 204) throw new Error(`No admin session: ${opened.status}`);
  const cookie = opened.headers.get('set-cookie').split(';')[0];

  async function search(query) {
    const started = performance.now();
    const response = await fetch(`${origin}${ADMIN_API_PREFIX}/access?${new URLSearchParams(query)}`, {
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
    });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${response.status} ${body}`);
    const page = JSON.parse(body);
    return {
      ms,
      bytes: Buffer.byteLength(body),
      rows: page.entries.length,
      matching: page.matching,
      total: page.total,
    };
  }

  const rows = [];
  const first = await search({});
  rows.push(['first search (reads the whole listing)', first.ms, first.ms, first]);
  for (const [label, query] of [
    ['everything, first page', {}],
    [`an address ("person.${accounts - 1}")`, { q: `person.${accounts - 1}` }],
    ['a domain ("alumnos")', { q: 'alumnos' }],
    ['invited guests', { kind: 'invited' }],
    ['requests waiting', { kind: 'request' }],
    ['no match', { q: 'nobody.at.all' }],
    ['a page deep in the list', { offset: String(Math.floor(accounts / 2)) }],
  ]) {
    const times = [];
    let last;
    for (let run = 0; run < runs; run += 1) {
      last = await search(query);
      times.push(last.ms);
    }
    rows.push([label, median(times), Math.max(...times), last]);
  }
  const changed = await fetch(`${origin}${ADMIN_API_PREFIX}/suspend`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'person.7@alumnos.uai.cl', reason: 'Benchmark' }),
  });
  if (changed.status !== 200) throw new Error(`suspend: ${changed.status}`);
  const afterChange = await search({ q: 'person.7@' });
  rows.push(['first search after a change here', afterChange.ms, afterChange.ms, afterChange]);

  console.log(`\n| search over ${accounts} accounts | median ms | slowest ms | rows sent | matching | bytes |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [label, p50, max, page] of rows)
    console.log(
      `| ${label} | ${p50.toFixed(0)} | ${max.toFixed(0)} | ${page.rows} | ${page.matching} | ${page.bytes} |`,
    );
} finally {
  server?.kill();
  await stopEmulator();
}
