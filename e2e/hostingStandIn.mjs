// A stand-in for Firebase Hosting in front of Cloud Run, driven by the build's own firebase.json:
// public files and header rules through superstatic (the server firebase-tools itself uses), and
// every `run` rewrite proxied, taking turns, to the server instances in CLOUD_RUN_PORTS, the way
// Hosting documents it: only the `__session` cookie is forwarded, `Host` becomes the service's,
// the original goes to `X-Forwarded-Host`, the client's address and then Cloud Run's front end's
// are appended to `X-Forwarded-For`, and `Set-Cookie` is dropped from any response whose
// `Cache-Control` lacks `private`. Each proxied answer names its instance in `X-Stand-In-Instance`.
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import superstaticModule from 'superstatic';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/dist');
const { hosting } = JSON.parse(readFileSync(path.join(dist, 'firebase.json'), 'utf8'));
const ports = (process.env.CLOUD_RUN_PORTS ?? '').split(',').filter(Boolean).map(Number);
const listenPort = Number(process.env.PORT ?? 4174);
let turn = 0;

function forwardedCookie(header) {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('__session='));
}

function proxyToCloudRun(req, res) {
  const instance = turn++ % ports.length;
  const headers = { ...req.headers };
  delete headers.cookie;
  const cookie = forwardedCookie(req.headers.cookie);
  if (cookie) headers.cookie = cookie;
  headers['x-forwarded-host'] = req.headers.host;
  const earlier = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = `${earlier ? `${earlier}, ` : ''}${req.socket.remoteAddress}, 127.0.0.1`;
  headers.host = `trustworthy-site-${instance}.run.app.test`;
  const upstream = request({ host: '127.0.0.1', port: ports[instance], method: req.method, path: req.url, headers });
  upstream.on('response', (answer) => {
    const outgoing = { ...answer.headers, 'x-stand-in-instance': String(instance) };
    if (!/(^|[\s,])private([\s,]|$)/.test(String(answer.headers['cache-control'] ?? ''))) delete outgoing['set-cookie'];
    res.writeHead(answer.statusCode ?? 502, outgoing);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    res.statusCode = 502;
    res.end('Cloud Run unreachable.\n');
  });
  req.pipe(upstream);
}

const app = superstaticModule.default({
  config: hosting,
  cwd: dist,
  compression: true,
  fallthrough: false,
  rewriters: { run: async () => proxyToCloudRun },
});

// Hosting answers a path nothing matches with the site's 404.html and status 404.
const notFoundPage = readFileSync(path.join(dist, hosting.public, '404.html'));
createServer((req, res) =>
  app(req, res, () => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(notFoundPage);
  }),
).listen(listenPort, '127.0.0.1');
