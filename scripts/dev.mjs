// `npm run dev [-- --locale es]`: Docusaurus's live-reload server on http://localhost:3000 with the
// Auth emulator, for authors. It serves the sources directly, without the site server, so the
// documentation is NOT locked here; every page says so in its announcement bar. A small front
// answers `/api/session` (any signed-in demo account gets a session, nothing is verified) so the
// browser's sign-in flow works, and passes everything else, live-reload socket included, through.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The site and these scripts read the shared module's compiled form: compile it first (quick
// when nothing changed), so a fresh clone can start here.
spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['tsc', '-b', 'access-policy'], {
  cwd: root,
  stdio: 'inherit',
});
const { startAuthEmulator } = await import('./authEmulator.mjs');
const { SESSION_API_PATH } = await import('@trust/access-policy');
const args = process.argv.slice(2);
const locale = args.includes('--locale') ? args[args.indexOf('--locale') + 1] : 'en';
if (!['en', 'es'].includes(locale)) {
  console.error(`Unknown locale "${locale}": use en or es.`);
  process.exit(2);
}

console.log('Starting the Firebase Auth emulator with the demo accounts…');
const stopEmulator = await startAuthEmulator({ quiet: true, keepAlive: true });

const port = Number(process.env.PORT ?? 3000);
const innerPort = port + 1;
const SESSION_COOKIE = 'dev-preview-session';

function answerSession(request, response) {
  const active = (request.headers.cookie ?? '').includes(`${SESSION_COOKIE}=1`);
  const cookie = (value, maxAge) => `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`;
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify({ active }));
  } else if (request.method === 'POST' && /^Bearer \S+$/.test(request.headers.authorization ?? '')) {
    response.writeHead(204, { 'set-cookie': cookie('1', 86_400) }).end();
  } else if (request.method === 'DELETE') {
    response.writeHead(204, { 'set-cookie': cookie('', 0) }).end();
  } else {
    response.writeHead(401).end();
  }
}

const front = http.createServer((request, response) => {
  if (request.url?.split('?')[0] === SESSION_API_PATH) return answerSession(request, response);
  const upstream = http.request(
    { host: '127.0.0.1', port: innerPort, path: request.url, method: request.method, headers: request.headers },
    (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    },
  );
  upstream.on('error', () =>
    response.writeHead(502).end('The Docusaurus server is still starting; reload in a moment.'),
  );
  request.pipe(upstream);
});
front.on('upgrade', (request, socket, head) => {
  const upstream = net.connect(innerPort, '127.0.0.1', () => {
    const headerLines = [];
    for (let i = 0; i < request.rawHeaders.length; i += 2)
      headerLines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`);
    upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});
front.listen(port, 'localhost', () =>
  console.log(`Authors' preview on http://localhost:${port}/ (documentation NOT locked)`),
);

const docusaurus = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
    'start',
    '--no-open',
    '--host',
    '127.0.0.1',
    '--port',
    String(innerPort),
    '--locale',
    locale,
  ],
  {
    cwd: path.join(root, 'site'),
    stdio: 'inherit',
    env: { ...process.env, SITE_DEV_PREVIEW: '1' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => docusaurus.kill(signal));
docusaurus.on('exit', async (code) => {
  front.close();
  await stopEmulator();
  process.exit(code ?? 0);
});
