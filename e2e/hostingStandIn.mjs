// A stand-in for Firebase Hosting in front of Cloud Run, driven by the build's own firebase.json:
// public files and header rules through superstatic (the server firebase-tools itself uses), and
// every `run` rewrite proxied, taking turns, to the server instances in CLOUD_RUN_PORTS, the way
// Hosting documents it: only the `__session` cookie is forwarded, `Host` becomes the service's,
// the original goes to `X-Forwarded-Host`, the client's address and then Cloud Run's front end's
// are appended to `X-Forwarded-For`, and `Set-Cookie` is dropped from any response whose
// `Cache-Control` lacks `private`. As Hosting does, the project's header rules apply to the answers
// of rewrites too (in order, the last matching value winning), and the CDN keeps what a shared
// cache may keep (`public` or a max-age, and neither `private`, `no-store` nor `no-cache`), keyed
// by the URL and the `__session` cookie. Each proxied answer names its instance in
// `X-Stand-In-Instance` and says in `X-Stand-In-Cache` whether it came from that cache.
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import superstaticModule from 'superstatic';
import { configMatcher } from 'superstatic/lib/utils/patterns.js';

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

/** The CDN's copies of rewritten answers: key → { status, headers, body, expiresAt }. */
const cdnCache = new Map();

function sharedMaxAgeMs(cacheControl) {
  const directives = String(cacheControl ?? '').toLowerCase();
  if (/(^|[\s,])(private|no-store|no-cache)([\s,=]|$)/.test(directives)) return 0;
  const age = /(?:^|[\s,])s-maxage=(\d+)/.exec(directives) ?? /(?:^|[\s,])max-age=(\d+)/.exec(directives);
  return age ? Number(age[1]) * 1000 : 0;
}

function withHeaderRules(urlPath, headers) {
  const result = { ...headers };
  for (const rule of hosting.headers ?? [])
    if (configMatcher(urlPath, rule)) for (const { key, value } of rule.headers) result[key.toLowerCase()] = value;
  return result;
}

function proxyToCloudRun(req, res) {
  const urlPath = new URL(req.url, 'http://stand-in').pathname;
  const cacheKey = `${req.method} ${req.url} ${forwardedCookie(req.headers.cookie) ?? ''}`;
  const kept = (req.method === 'GET' || req.method === 'HEAD') && cdnCache.get(cacheKey);
  if (kept && kept.expiresAt > Date.now()) {
    res.writeHead(kept.status, { ...kept.headers, 'x-stand-in-cache': 'hit' });
    res.end(req.method === 'HEAD' ? undefined : kept.body);
    return;
  }
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
    const outgoing = withHeaderRules(urlPath, { ...answer.headers, 'x-stand-in-instance': String(instance) });
    if (!/(^|[\s,])private([\s,]|$)/.test(String(outgoing['cache-control'] ?? ''))) delete outgoing['set-cookie'];
    const status = answer.statusCode ?? 502;
    const chunks = [];
    answer.on('data', (chunk) => chunks.push(chunk));
    answer.on('end', () => {
      const body = Buffer.concat(chunks);
      const maxAgeMs = req.method === 'GET' ? sharedMaxAgeMs(outgoing['cache-control']) : 0;
      if (maxAgeMs > 0) cdnCache.set(cacheKey, { status, headers: outgoing, body, expiresAt: Date.now() + maxAgeMs });
      res.writeHead(status, { ...outgoing, 'x-stand-in-cache': 'miss' });
      res.end(body);
    });
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
