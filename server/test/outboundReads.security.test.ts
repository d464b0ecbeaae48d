import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FETCH_TIMEOUT_MS, MAX_DOCUMENT_BYTES, createClientStore } from '../src/mcp/clients.js';
import { createTokens } from '../src/mcp/tokens.js';

/**
 * A metadata document's address is chosen by whoever calls `/authorize`: its server may answer
 * without `Content-Length` and stream for as long as the fetch allows.
 */
let flooding: Server;
let port: number;
const SPACES = Buffer.alloc(64 * 1024, ' ');

before(async () => {
  flooding = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (req.url === '/slow.json') {
      // A byte a second: small, but never done.
      const timer = setInterval(() => res.write(' '), 1000);
      res.on('close', () => clearInterval(timer));
      return;
    }
    // As fast as the reader takes it, with no end in sight.
    const pump = () => {
      while (res.write(SPACES));
    };
    res.on('drain', pump);
    res.on('close', () => res.off('drain', pump));
    pump();
  });
  await new Promise<void>((resolve) => flooding.listen(0, '127.0.0.1', resolve));
  port = (flooding.address() as AddressInfo).port;
});
after(() => {
  flooding.closeAllConnections();
  flooding.close();
});

/** The client store as the server makes it, its https documents fetched from the flooding server. */
function storeReadingFrom() {
  return createClientStore({
    tokens: createTokens('x'.repeat(32), 'http://localhost'),
    allowLoopbackDocuments: true,
    now: Date.now,
    fetchDocument: (url, init) => fetch(String(url).replace(/^https:\/\/[^/]+/, `http://127.0.0.1:${port}`), init),
  });
}

describe('reads from outside are bounded as they stream (security)', () => {
  it('eight metadata documents streaming without Content-Length at once: each refused past its limit, memory grows under 50 MB', async () => {
    const store = storeReadingFrom();
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = Date.now();
    const clients = await Promise.all(
      Array.from({ length: 8 }, (_, index) => store.getClient(`https://assistant.example/flood-${index}.json`)),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    assert.deepEqual(clients, Array<undefined>(8).fill(undefined));
    assert.ok(peak - before < 50 * 1024 * 1024, `memory grew by ${((peak - before) / 1048576).toFixed(1)} MB`);
    // Refused as soon as the limit was passed, not at the end of the time allowed.
    assert.ok(Date.now() - started < FETCH_TIMEOUT_MS, `took ${Date.now() - started} ms`);
    assert.equal(MAX_DOCUMENT_BYTES, 16 * 1024);
  });

  it('a document that trickles is refused once the time allowed for the whole read is up', async () => {
    const store = storeReadingFrom();
    const started = Date.now();
    assert.equal(await store.getClient('https://assistant.example/slow.json'), undefined);
    const took = Date.now() - started;
    assert.ok(took >= FETCH_TIMEOUT_MS && took < FETCH_TIMEOUT_MS + 2000, `took ${took} ms`);
  });
});
