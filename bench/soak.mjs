// Soak run: mixed traffic at a fixed rate against the real server and the Auth emulator, for
// minutes, on loopback only. Honest readers (public pages, members whose sessions fall due for
// their re-check every few seconds, fresh sign-ins, an admin reading the list of access) share the
// server with attackers (forged and token-shaped junk cookies, junk sign-ins and sign-outs from
// many addresses, malformed URLs) and with refusal floods: an outsider's genuine tokens sent again
// and again, a cookie revoked elsewhere, anonymous calls to the admins' API, junk e-mail links.
// The abuse floods run beside them too: client ID metadata documents that stream without end (each
// named in an anonymous `/authorize`), MCP requests that batch a hundred searches, and junk
// sign-ins all from one address, while honest assistants search and read and honest readers sign
// in from others. Prints requests, answers by status, p50/p99 latency per kind of request, the server's memory at
// the start, the middle and the end, how many times the server asked the provider about the
// outsider (one line of the trail each), and the 5xx answers honest readers got (the run fails on
// any).
//
//   node bench/soak.mjs                 (after `npm run build`; 120 s at 200 requests/s)
//   SOAK_SECONDS=300 SOAK_RATE=300 node bench/soak.mjs
import { spawn } from 'node:child_process';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMULATOR_HOST, idTokenOf, PROJECT_ID, createAccount, startAuthEmulator } from '../scripts/authEmulator.mjs';
import { JUNK_TOKENS } from '../testkit/jwt.mjs';
import { assistantAccessToken } from '../testkit/oauthFlow.mjs';
import { SESSION_API_PATH, SIGN_IN_PATH } from '@trust/access-policy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Math.min(Number(process.env.SOAK_SECONDS ?? 120), 1800);
const RATE = Math.min(Number(process.env.SOAK_RATE ?? 200), 2000);
const PORT = Number(process.env.SOAK_PORT ?? 3197);
const HOST = '127.0.0.1';
/** A request still unanswered after this long is counted as a timeout (status 0). */
const CLIENT_TIMEOUT_MS = 15_000;

const MEMBERS = ['ana.torres@uai.cl', 'diego.rojas@alumnos.uai.cl', 'guest.reader@example.com'];
/** Members' sessions fall due for their re-check this often, so re-checks run all through the soak. */
const RECHECK_SECONDS = 5;
const PUBLIC_PATHS = ['/', '/labs', '/es/', '/blog', '/projects', '/es/labs', SIGN_IN_PATH, '/sitemap.xml'];
const DOCS_PATHS = ['/docs/category/intrusion-sentinel', '/es/docs/category/intrusion-sentinel'];
const MALFORMED = [
  '/%zz',
  '/docs/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2fdocs',
  `/${'a'.repeat(9000)}`,
  '/docs\\..\\secret',
  '/%00',
  '//docs//category',
  '/%64ocs/category/intrusion-sentinel',
];

function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function send({ method = 'GET', target, headers = {}, localAddress, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      { host: HOST, port: PORT, method, path: target, headers, agent: localAddress ? undefined : agent, localAddress },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.setTimeout(CLIENT_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/** What another instance's revocation leaves on the account: its tokens valid only after now. */
async function revokeElsewhere(email) {
  const admin = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const base = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`;
  const { users } = await (
    await fetch(`${base}:lookup`, { method: 'POST', headers: admin, body: JSON.stringify({ email: [email] }) })
  ).json();
  await fetch(`${base}:update`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ localId: users[0].localId, validSince: String(Math.floor(Date.now() / 1000)) }),
  });
}

async function signIn(origin, email) {
  const idToken = await idTokenOf(email);
  const session = await fetch(`${origin}${SESSION_API_PATH}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, Origin: origin },
  });
  if (session.status !== 204) throw new Error(`No session for ${email} (${session.status}).`);
  return session.headers.get('set-cookie').split(';')[0];
}

const pick = (list, n) => list[n % list.length];

const SEARCHES = ['attack sensor', 'neuron identity', 'instalación de la aplicación web', 'XMPP', 'troubleshooting'];

/** An https server whose every document streams spaces without end: the metadata documents' flood. */
async function startEndlessDocuments() {
  const tls = path.join(root, 'e2e/fixtures/loopback-tls');
  const spaces = Buffer.alloc(64 * 1024, ' ');
  const server = createHttpsServer(
    { cert: readFileSync(path.join(tls, 'cert.pem')), key: readFileSync(path.join(tls, 'key.pem')) },
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const pump = () => {
        while (res.write(spaces));
      };
      res.on('drain', pump);
      res.on('close', () => res.off('drain', pump));
      pump();
    },
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${server.address().port}`,
    stop: async () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Kinds of request whose answers must never be a 5xx. */
const HONEST = new Set(['public page', 'member', 'honest sign-in', 'admin list', 'assistant search', 'assistant read']);
/** A verified address the rule refuses: its tokens are the refusal flood's. */
const OUTSIDER = 'visitor@example.org';

const junkAddress = (n) => `127.1.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`;

/** The mix, by weight: what one request of each kind looks like. */
function kinds(cookies, cookieName, idTokens, flood) {
  const origin = `http://${HOST}:${PORT}`;
  const mcpCall = (accessToken, body) => ({
    method: 'POST',
    target: '/mcp',
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(body),
  });
  const search = (n) => ({
    jsonrpc: '2.0',
    id: n,
    method: 'tools/call',
    params: { name: 'search_documentation', arguments: { query: pick(SEARCHES, n) } },
  });
  return [
    [
      'metadata document flood',
      2,
      (n) => ({
        target: `/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: `${flood.documentsOrigin}/flood-${n}.json`,
          redirect_uri: 'http://127.0.0.1:43117/callback',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        })}`,
        localAddress: junkAddress(n),
      }),
    ],
    [
      'MCP batch flood',
      2,
      (n) =>
        mcpCall(
          flood.batchToken,
          Array.from({ length: 100 }, (_, index) => search(n * 100 + index)),
        ),
    ],
    [
      'one address junk sign-in',
      4,
      (n) => ({
        method: 'POST',
        target: SESSION_API_PATH,
        headers: { Origin: origin, Authorization: `Bearer junk.${n}.token` },
        localAddress: '127.0.0.9',
      }),
    ],
    ['assistant search', 2, (n) => mcpCall(pick(flood.assistantTokens, n), search(n))],
    [
      'assistant read',
      1,
      (n) =>
        mcpCall(pick(flood.assistantTokens, n), {
          jsonrpc: '2.0',
          id: n,
          method: 'tools/call',
          params: { name: 'read_page', arguments: { url: '/docs/IntrusionSentinel/architecture/overview' } },
        }),
    ],
    [
      'refused outsider sign-in',
      6,
      (n) => ({
        method: 'POST',
        target: SESSION_API_PATH,
        headers: { Origin: origin, Authorization: `Bearer ${pick(flood.outsiderTokens, n)}` },
        localAddress: junkAddress(n),
      }),
    ],
    [
      'cookie revoked elsewhere',
      4,
      (n) => ({ target: pick(DOCS_PATHS, n), headers: { Accept: 'text/html', Cookie: flood.revokedCookie } }),
    ],
    ['anonymous admin call', 4, () => ({ target: '/api/admin/access', headers: { 'Sec-Fetch-Site': 'same-origin' } })],
    [
      'admin list',
      1,
      () => ({ target: '/api/admin/access', headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: flood.adminCookie } }),
    ],
    [
      'junk e-mail link',
      3,
      (n) => ({
        method: 'POST',
        target: '/api/session/email-link',
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `someone${n}@uai.cl`, oobCode: `junk-${n}` }),
        localAddress: junkAddress(n),
      }),
    ],
    ['public page', 50, (n) => ({ target: pick(PUBLIC_PATHS, n), headers: { Accept: 'text/html' } })],
    [
      'member',
      20,
      (n) => ({ target: pick(DOCS_PATHS, n), headers: { Accept: 'text/html', Cookie: pick(cookies, n) } }),
    ],
    [
      'forged cookie',
      15,
      (n) => ({
        target: pick(DOCS_PATHS, n),
        headers: { Accept: 'text/html', Cookie: `${cookieName}=eyJhbGciOiJSUzI1NiJ9.${n.toString(36)}.forged${n}` },
      }),
    ],
    [
      'bad sign-in',
      5,
      (n) => ({
        method: 'POST',
        target: SESSION_API_PATH,
        headers: { Origin: `http://${HOST}:${PORT}`, Authorization: `Bearer forged.${n}.token` },
        localAddress: `127.0.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`,
      }),
    ],
    [
      'honest sign-in',
      2,
      (n) => ({
        method: 'POST',
        target: SESSION_API_PATH,
        headers: { Origin: origin, Authorization: `Bearer ${pick(idTokens, n)}` },
      }),
    ],
    [
      'junk cookie',
      8,
      (n) => ({
        target: pick(DOCS_PATHS, n),
        headers: { Accept: 'text/html', Cookie: `${cookieName}=${pick(JUNK_TOKENS, n)}` },
        localAddress: junkAddress(n),
      }),
    ],
    [
      'junk sign-in',
      4,
      (n) => ({
        method: 'POST',
        target: SESSION_API_PATH,
        headers: { Origin: origin, Authorization: `Bearer ${pick(JUNK_TOKENS, n)}` },
        localAddress: junkAddress(n),
      }),
    ],
    [
      'junk sign-out',
      3,
      (n) => ({
        method: 'DELETE',
        target: SESSION_API_PATH,
        headers: { Origin: origin, Cookie: `${cookieName}=${pick(JUNK_TOKENS, n)}` },
        localAddress: junkAddress(n),
      }),
    ],
    ['malformed URL', 10, (n) => ({ target: pick(MALFORMED, n) })],
  ];
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

const stops = [];
try {
  stops.push(await startAuthEmulator({ quiet: true }));
  const documents = await startEndlessDocuments();
  stops.push(documents.stop);
  const server = spawn(process.execPath, ['--expose-gc', path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST,
      NODE_ENV: '',
      SESSION_RECHECK_SECONDS: String(RECHECK_SECONDS),
      // The flood's documents are served over https with the browser tests' loopback certificate.
      NODE_EXTRA_CA_CERTS: path.join(root, 'e2e/fixtures/loopback-tls/cert.pem'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The trail says each time the server asked the provider about the outsider: a refusal it
  // remembered costs neither a call nor a line.
  const outsiderLookups = { count: 0 };
  let rest = '';
  server.stdout.on('data', (chunk) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop();
    for (const line of lines)
      if (line.includes('"session-refused"') && line.includes(`"email":"${OUTSIDER}"`)) outsiderLookups.count += 1;
  });
  stops.push(async () => server.kill());
  const origin = `http://${HOST}:${PORT}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`${origin}/`);
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const cookies = [];
  for (const email of MEMBERS) cookies.push(await signIn(origin, email));
  const cookieName = cookies[0].split('=')[0];
  // Fresh ID tokens for the honest sign-ins (a session needs a sign-in of the last five minutes).
  const idTokens = [];
  for (const email of MEMBERS) idTokens.push(await idTokenOf(email));
  // The flood: three genuine tokens of the outsider; a member's cookie whose sessions another
  // instance revoked (the account's revocation time set past it); an admin's cookie.
  // A second apart: the emulator's unsigned tokens of one second are the same token.
  const outsiderTokens = [];
  for (let i = 0; i < 3; i += 1) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1100));
    outsiderTokens.push(await idTokenOf(OUTSIDER));
  }
  const revoked = `soak.revoked.${Date.now().toString(36)}@uai.cl`;
  await createAccount({ email: revoked, emailVerified: true });
  const revokedCookie = await signIn(origin, revoked);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await revokeElsewhere(revoked);
  const adminCookie = cookies[0];
  // Each member's assistant has its own allowance (RATE_LIMIT_MCP, 120 a minute): the honest
  // assistants' calls are spread over the members' so that none reaches it.
  const assistantTokens = [];
  for (const cookie of cookies) assistantTokens.push(await assistantAccessToken(origin, cookie));
  const batchMember = `soak.batch.${Date.now().toString(36)}@uai.cl`;
  await createAccount({ email: batchMember, emailVerified: true });
  const batchToken = await assistantAccessToken(origin, await signIn(origin, batchMember));
  const mix = kinds(cookies, cookieName, idTokens, {
    outsiderTokens,
    revokedCookie,
    adminCookie,
    assistantTokens,
    batchToken,
    documentsOrigin: documents.origin,
  });
  const totalWeight = mix.reduce((sum, [, weight]) => sum + weight, 0);
  const results = new Map(mix.map(([name]) => [name, { statuses: new Map(), times: [] }]));

  const memory = { start: rssKb(server.pid) };
  const total = SECONDS * RATE;
  console.log(`Soak: ${total} requests at ${RATE}/s for ${SECONDS} s against ${origin} (server pid ${server.pid})`);
  const started = performance.now();
  const pending = new Set();
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (n === Math.floor(total / 2)) memory.middle = rssKb(server.pid);
    let slot = (n * 7919) % totalWeight;
    const [name, , make] = mix.find(([, weight]) => (slot -= weight) < 0);
    const promise = send(make(n)).then(({ status, ms }) => {
      const entry = results.get(name);
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      entry.times.push(ms);
      pending.delete(promise);
    });
    pending.add(promise);
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  memory.end = rssKb(server.pid);

  console.log(`\nSent ${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s)\n`);
  console.log('| kind | requests | answers by status | p50 ms | p99 ms |');
  console.log('|---|---:|---|---:|---:|');
  let serverErrors = 0;
  let honestErrors = 0;
  for (const [name, { statuses, times }] of results) {
    times.sort((a, b) => a - b);
    const byStatus = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status === 0 ? 'no answer' : status}: ${count}`)
      .join(', ');
    for (const [status, count] of statuses)
      if (status >= 500 || status === 0) {
        serverErrors += count;
        if (HONEST.has(name)) honestErrors += count;
      }
    console.log(
      `| ${name} | ${times.length} | ${byStatus} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} |`,
    );
  }
  console.log(`\n| server memory (RSS) | start | middle | end |`);
  console.log('|---|---:|---:|---:|');
  console.log(
    `| MB | ${(memory.start / 1024).toFixed(1)} | ${(memory.middle / 1024).toFixed(1)} | ${(memory.end / 1024).toFixed(1)} |`,
  );
  console.log(
    `\nProvider look-ups about the outsider (${outsiderTokens.length} tokens, each remembered 30 s once refused): ${outsiderLookups.count} for ${results.get('refused outsider sign-in').times.length} requests`,
  );
  console.log(`\n5xx or unanswered: ${serverErrors} (honest readers: ${honestErrors})`);
  if (serverErrors > 0) process.exitCode = 1;
} finally {
  agent.destroy();
  for (const stop of stops.reverse()) await stop();
}
