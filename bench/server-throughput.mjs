// Requests per second of the site server on one core, for a public page, a members-only page
// with a valid session, the same page as Markdown, a hashed asset, and an assistant's MCP calls
// (a search, a page read) with a valid access token, next to two references on the same core: a bare
// `node:http` server answering the very bytes and headers the site server sent, from memory (the
// ceiling for Node), and nginx serving the same files when nginx is installed. Needs a build
// (`npm run build`), wrk and taskset.
//
//   node bench/server-throughput.mjs [--seconds 10] [--connections 64] [--rounds 5]
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SITE_DIR, MCP_PATH, SESSION_API_PATH } from '@trust/access-policy';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, EMULATOR_HOST, PROJECT_ID, startAuthEmulator } from '../scripts/authEmulator.mjs';
import { assistantAccessToken } from '../testkit/oauthFlow.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const seconds = option('seconds', 10);
const connections = option('connections', 64);
const rounds = option('rounds', 5);
const dist = path.join(root, DEFAULT_SITE_DIR);
const SERVER_PORT = 4391;
const MEMBERS_PAGE = 'docs/IntrusionSentinel/architecture/overview';
const CONTROL_PAGE = MEMBERS_PAGE.replace(/^docs\//, 'open/');
const NGINX_PORT = 4392;
const BARE_PORT = 4393;
const SERVER_CORE = '0';
const LOAD_CORE = '1';

function need(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
for (const command of ['wrk', 'taskset']) {
  if (!need(command)) {
    console.error(`${command} is required (apt-get install -y ${command === 'wrk' ? 'wrk' : 'util-linux'}).`);
    process.exit(1);
  }
}
if (!existsSync(path.join(dist, 'public/index.html'))) {
  console.error('No prepared build in site/dist: run "npm run build" first.');
  process.exit(1);
}

/** Drops what Node adds to every answer by itself, so the bare server sends each header once. */
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One answer of the site server exactly as sent: status, header list and body. */
function record(url, headers) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        headers: Object.fromEntries(headers.map((line) => line.split(/:\s*/, 2))),
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const list = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            if (!ADDED_BY_NODE.has(res.rawHeaders[i].toLowerCase()))
              list.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
          resolve({ status: res.statusCode, headers: list, body: Buffer.concat(chunks).toString('base64') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

/** A wrk script that POSTs this JSON body (wrk sends GET otherwise). */
function postScript(dir, name, body) {
  const file = path.join(dir, `${name}.lua`);
  writeFileSync(file, `wrk.method = "POST"\nwrk.body = ${JSON.stringify(JSON.stringify(body))}\n`);
  return file;
}

function wrk(url, headers = [], script = null) {
  const headerArgs = headers.flatMap((header) => ['-H', header]);
  const scriptArgs = script ? ['-s', script] : [];
  const output = execFileSync(
    'taskset',
    [
      '-c',
      LOAD_CORE,
      'wrk',
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      ...scriptArgs,
      ...headerArgs,
      url,
    ],
    {
      encoding: 'utf8',
    },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const p99 = /99%\s+([\d.]+\w+)/.exec(output)?.[1] ?? '?';
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? '0';
  return { rps, p99, errors: Number(errors) };
}

const stops = [];
try {
  stops.push(await startAuthEmulator({ quiet: true }));
  // The same members page is also copied to a public path of the same length (`/open/…` for
  // `/docs/…`) in a scratch copy of the build, so the lock's own cost is measured on identical
  // bytes and an identical amount of URL to normalise.
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-site-'));
  cpSync(dist, scratch, { recursive: true });
  cpSync(path.join(dist, 'members', MEMBERS_PAGE), path.join(scratch, 'public', CONTROL_PAGE), { recursive: true });
  stops.push(async () => rmSync(scratch, { recursive: true, force: true }));
  // The log, the audit trail of every members' page served included, goes to a pipe that another
  // process reads, as a container's standard output is read by the platform's log agent: a named
  // pipe, since the pipes Node gives a child are socket pairs. The reader runs on the server's
  // core, so reading the log is charged to the server, not to the load generator (on its core it
  // would slow wrk down only while members' pages run). This process blocks while wrk runs, so it
  // cannot be the reader.
  const fifo = path.join(scratch, 'log.fifo');
  execFileSync('mkfifo', [fifo]);
  // Opened read-write first, so that opening it to read does not wait for a writer.
  const logOut = openSync(fifo, 'r+');
  const logIn = openSync(fifo, 'r');
  const server = spawn('taskset', ['-c', SERVER_CORE, process.execPath, path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(SERVER_PORT),
      NODE_ENV: '',
      SITE_DIR: scratch,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      // The load is one member and one assistant: the per-member limits would answer 429.
      RATE_LIMIT_MCP: '10000000',
      RATE_LIMIT_MCP_INSTANCE: '10000000',
    },
    stdio: ['ignore', logOut, 'ignore'],
  });
  const logReader = spawn('taskset', ['-c', SERVER_CORE, 'wc', '-c'], { stdio: [logIn, 'pipe', 'ignore'] });
  closeSync(logOut);
  closeSync(logIn);
  let logBytes = '';
  logReader.stdout.on('data', (chunk) => (logBytes += chunk));
  stops.push(async () => {
    await new Promise((resolve) => logReader.once('close', resolve));
    console.log(`\nThe server logged ${(Number(logBytes.trim()) / 1e6).toFixed(1)} MB to the pipe (audit trail on).`);
  });
  stops.push(async () => server.kill());
  const origin = `http://localhost:${SERVER_PORT}`;
  await waitFor(`${origin}/`);

  // A real session: sign the whitelisted demo reader in at the emulator, exchange the ID token.
  const signIn = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'guest.reader@example.com', password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  const { idToken } = await signIn.json();
  const session = await fetch(`${origin}${SESSION_API_PATH}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, Origin: origin },
  });
  if (session.status !== 204) throw new Error(`No session (${session.status}) for project ${PROJECT_ID}.`);
  const cookie = session.headers.get('set-cookie').split(';')[0];

  const asset = readdirSync(path.join(dist, 'public/assets/js')).find((name) => /^main\.[0-9a-f]{8}\.js$/.test(name));
  const cases = [
    { name: 'public page /labs', path: '/labs', headers: ['Accept-Encoding: br, gzip'] },
    // The reader's browser sends its cookie on public pages too: the control differs only by the lock.
    {
      name: 'same page served publicly (control)',
      path: `/${CONTROL_PAGE}`,
      headers: ['Accept-Encoding: br, gzip', `Cookie: ${cookie}`],
    },
    {
      name: 'members page, valid session',
      path: `/${MEMBERS_PAGE}`,
      headers: ['Accept-Encoding: br, gzip', `Cookie: ${cookie}`],
    },
    { name: `hashed asset ${asset}`, path: `/assets/js/${asset}`, headers: ['Accept-Encoding: br, gzip'] },
    {
      name: 'members page as Markdown (.md), valid session',
      path: `/${MEMBERS_PAGE}.md`,
      headers: ['Accept-Encoding: br, gzip', `Cookie: ${cookie}`, 'Accept: text/markdown'],
    },
  ];
  // The assistants' calls: POSTs of JSON-RPC with a bearer token. Neither reference serves them.
  // An access token lives ten minutes, less than the run: each round gets a fresh one.
  const mcpHeaders = (accessToken) => [
    `Authorization: Bearer ${accessToken}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    'MCP-Protocol-Version: 2025-11-25',
  ];
  const call = (name, args) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  const mcpCases = [
    {
      name: 'MCP search_documentation, valid token',
      path: MCP_PATH,
      script: postScript(scratch, 'search', call('search_documentation', { query: 'sensor alert signature' })),
    },
    {
      name: 'MCP read_page (a page as Markdown), valid token',
      path: MCP_PATH,
      script: postScript(scratch, 'read', call('read_page', { url: `/${MEMBERS_PAGE}` })),
    },
  ];

  // The bare node reference answers each case with what the site server answered it.
  const recorded = {};
  for (const testCase of cases) recorded[testCase.path] = await record(`${origin}${testCase.path}`, testCase.headers);
  const answersFile = path.join(scratch, 'bare-answers.json');
  writeFileSync(answersFile, JSON.stringify(recorded));
  const bare = spawn(
    'taskset',
    [
      '-c',
      SERVER_CORE,
      process.execPath,
      path.join(root, 'bench/bare-node-server.mjs'),
      answersFile,
      String(BARE_PORT),
    ],
    { stdio: 'ignore' },
  );
  stops.push(async () => bare.kill());
  const bareOrigin = `http://127.0.0.1:${BARE_PORT}`;
  await waitFor(`${bareOrigin}/`);

  let nginxOrigin = null;
  if (need('nginx')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;\nworker_cpu_affinity 1;\ndaemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents { worker_connections 1024; }\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  gzip_static on;\n  sendfile on;\n  server {\n    listen 127.0.0.1:${NGINX_PORT};\n    root ${path.join(dist, 'public')};\n    location / { try_files $uri $uri/index.html =404; }\n  }\n}\n`,
    );
    const nginx = spawn('taskset', ['-c', SERVER_CORE, 'nginx', '-c', path.join(dir, 'nginx.conf'), '-p', dir], {
      stdio: 'ignore',
    });
    stops.push(async () => {
      nginx.kill();
      rmSync(dir, { recursive: true, force: true });
    });
    nginxOrigin = `http://127.0.0.1:${NGINX_PORT}`;
    await waitFor(`${nginxOrigin}/`);
  }

  // Rounds interleave the cases (and nginx) so that drift over the run (heap growth, thermal,
  // the other core's load) does not favour whichever case runs first; each req/s is the median
  // round's. Each ratio sets a run against the run it is compared with in the same round, a few
  // seconds apart, and is the median of those: this machine's speed drifts by more than the
  // differences measured, and drift between rounds cancels out of a ratio within one.
  // The control and the members page run back to back, their order swapped every round, so that
  // neither is favoured by its place in the round.
  const samples = cases.map(() => ({ ours: [], bare: [], reference: [] }));
  const CONTROL = 1;
  const MEMBERS = 2;
  for (let round = 0; round < rounds; round += 1) {
    const pair = round % 2 === 0 ? [CONTROL, MEMBERS] : [MEMBERS, CONTROL];
    for (const index of pair) samples[index].ours.push(wrk(`${origin}${cases[index].path}`, cases[index].headers));
    cases.forEach((testCase, index) => {
      if (index !== CONTROL && index !== MEMBERS)
        samples[index].ours.push(wrk(`${origin}${testCase.path}`, testCase.headers));
      samples[index].bare.push(wrk(`${bareOrigin}${testCase.path}`, testCase.headers));
      if (nginxOrigin && !testCase.path.startsWith('/docs') && !testCase.path.startsWith('/open/')) {
        samples[index].reference.push(wrk(`${nginxOrigin}${testCase.path}`, ['Accept-Encoding: gzip']));
      }
    });
  }
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const median = (runs) => (runs.length === 0 ? null : runs.find((run) => run.rps === middle(runs.map((r) => r.rps))));
  const ratio = (runs, against) =>
    against.length === 0 ? '–' : middle(runs.map((run, round) => run.rps / against[round].rps)).toFixed(2);
  console.log(
    `\nSite server on one core (core ${SERVER_CORE}), wrk on core ${LOAD_CORE}, ${connections} connections, ${seconds} s each, ${rounds} rounds; ratios are the median round's\n`,
  );
  console.log(
    '| case | req/s | p99 | non-2xx | bare node req/s | vs bare node | nginx req/s | vs nginx | vs same page public |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  samples.forEach(({ ours, bare, reference }, index) => {
    const row = median(ours);
    const vsControl = index === CONTROL || index === MEMBERS ? ratio(ours, samples[CONTROL].ours) : '–';
    console.log(
      `| ${cases[index].name} | ${row.rps.toFixed(0)} | ${row.p99} | ${row.errors} | ${median(bare).rps.toFixed(0)} | ${ratio(ours, bare)} | ${reference.length ? median(reference).rps.toFixed(0) : '–'} | ${ratio(ours, reference)} | ${vsControl} |`,
    );
  });
  const mcpRuns = mcpCases.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    const headers = mcpHeaders(await assistantAccessToken(origin, cookie));
    mcpCases.forEach((testCase, index) =>
      mcpRuns[index].push(wrk(`${origin}${testCase.path}`, headers, testCase.script)),
    );
  }
  console.log(
    "\nThe assistants' calls (POST, JSON-RPC; a new protocol server for each request, as stateless Streamable HTTP has it)\n",
  );
  console.log('| case | req/s | p99 | non-2xx |');
  console.log('|---|---:|---:|---:|');
  mcpRuns.forEach((runs, index) => {
    const row = median(runs);
    console.log(`| ${mcpCases[index].name} | ${row.rps.toFixed(0)} | ${row.p99} | ${row.errors} |`);
  });
  console.log('\nEach round, req/s (site server):');
  cases.forEach((testCase, index) =>
    console.log(`- ${testCase.name}: ${samples[index].ours.map((run) => run.rps.toFixed(0)).join(', ')}`),
  );
  mcpCases.forEach((testCase, index) =>
    console.log(`- ${testCase.name}: ${mcpRuns[index].map((run) => run.rps.toFixed(0)).join(', ')}`),
  );
  console.log(
    '\nBudgets: public page ≥ 0.85 × bare node and ≥ 0.40 × nginx; members page with a session (its audit line written) ≥ 0.90 × the same page served publicly. The bare node reference writes no log, so the members page is not held to it.',
  );
} finally {
  for (const stop of stops.reverse()) await stop();
}
