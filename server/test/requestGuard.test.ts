import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { Responder } from '../src/http/respond.js';
import { answerClientError, guardRequests } from '../src/http/requestGuard.js';
import { FakeProvider } from './fakeProvider.js';
import { rawRequest, startTestSite, type TestSite } from './helpers.js';

const servers: Array<Server | TestSite> = [];
after(async () => {
  for (const server of servers)
    if ('close' in server && 'origin' in server) await server.close();
    else await new Promise((resolve) => (server as Server).close(resolve));
});

/** Writes bytes on a fresh connection and returns the first line of the answer. */
function statusLine(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

describe('one guard around every request', () => {
  it('answers 500 for a handler that throws or rejects, logs the stack, and keeps serving', async () => {
    const logged: Array<{ message: string; error: unknown; url: string | undefined }> = [];
    const server = createServer(
      guardRequests(
        (req, res) => {
          if (req.url === '/throws') throw new Error('thrown in the handler');
          if (req.url === '/rejects') return Promise.reject(new Error('rejected in the handler'));
          res.end('fine');
        },
        new Responder({}),
        (message, error, req) => logged.push({ message, error, url: req.url }),
      ),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of ['/throws', '/rejects']) {
      const response = await rawRequest(origin, path);
      assert.equal(response.status, 500);
      assert.equal(response.body.toString(), 'Something went wrong on our side.\n');
      assert.equal(response.headers['cache-control'], 'no-store');
    }
    assert.equal((await rawRequest(origin, '/')).body.toString(), 'fine');
    assert.deepEqual(
      logged.map(({ message, url, error }) => [message, url, (error as Error).stack?.split('\n')[0]]),
      [
        ['Request failed', '/throws', 'Error: thrown in the handler'],
        ['Request failed', '/rejects', 'Error: rejected in the handler'],
      ],
    );
  });

  it('a fault inside verification answers 500, not 503 or a served page, and the server keeps serving', async () => {
    const provider = new FakeProvider();
    const site = await startTestSite(undefined, { verifier: provider });
    servers.push(site);
    provider.mode = { kind: 'fault' };
    const docs = await rawRequest(site.origin, '/docs/guide', {
      headers: { Accept: 'text/html', Cookie: `__session=${FakeProvider.sessionCookie('ana@uai.cl')}` },
    });
    assert.equal(docs.status, 500);
    const signIn = await rawRequest(site.origin, '/api/session', {
      method: 'POST',
      headers: { Origin: site.origin, Authorization: `Bearer ${FakeProvider.idToken('ana@uai.cl')}` },
    });
    assert.equal(signIn.status, 500);
    provider.mode = { kind: 'ok' };
    assert.equal((await rawRequest(site.origin, '/labs')).status, 200);
  });

  it('answers an oversized header block with 431 and a malformed request with 400', async () => {
    const site = await startTestSite();
    servers.push(site);
    const port = Number(new URL(site.origin).port);
    assert.equal(
      await statusLine(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      'HTTP/1.1 431 Request Header Fields Too Large',
    );
    assert.equal(await statusLine(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n'), 'HTTP/1.1 400 Bad Request');
    assert.equal((await rawRequest(site.origin, '/labs')).status, 200);
  });
  it('answers 408, not 400, on a connection that stays idle past the header timeout', async () => {
    // Browsers open connections before they need them; Chromium resends a request that meets a
    // 408 on such a connection, while a 400 reaches the reader as an empty error page.
    const server = createServer(
      { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 100 },
      (_, res) => res.end('fine'),
    );
    server.on('clientError', answerClientError);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    assert.equal(await statusLine(port, ''), 'HTTP/1.1 408 Request Timeout');
    assert.equal(await statusLine(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n'), 'HTTP/1.1 400 Bad Request');
  });

  it('writes nothing into an answer already under way when a pipelined request is malformed', async () => {
    const server = createServer((_, res) => {
      res.writeHead(200, { 'Content-Length': '10' });
      res.write('first');
      setTimeout(() => res.end('-half'), 200);
    });
    server.on('clientError', answerClientError);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
        setTimeout(() => socket.write('GET / HTTP/1.1\r\nHost x\r\n\r\n'), 50);
      });
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    assert.match(received, /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nfirst$/);
  });
});
