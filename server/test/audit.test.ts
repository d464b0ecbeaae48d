import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { audit, createPageAudit } from '../src/audit.js';
import type { IncomingMessage } from 'node:http';
import { createLogger, traceId } from '../src/logging.js';

const PROJECT = 'demo-audit';
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

/** A logger on a stream that keeps each write as it came (a batch of page lines is one write). */
function capture(level = 'info') {
  const writes: string[] = [];
  const logger = createLogger(
    { level, service: 'trustworthy-site', projectId: PROJECT, isHumanReadable: false },
    { write: (chunk: string) => void writes.push(chunk) },
  );
  const lines = () =>
    writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, writes, lines };
}

const seconds = (entry: Record<string, unknown>) => {
  const { seconds: whole, nanos } = entry.timestamp as { seconds: number; nanos: number };
  return whole * 1000 + nanos / 1_000_000;
};

describe('the audit trail’s line for each documentation page served', () => {
  it('has the fields and format of the logger’s own audit lines, but the two pino adds for Error Reporting', () => {
    const { logger, lines } = capture();
    const pages = createPageAudit(logger, PROJECT);
    // Characters JSON must escape, and one it need not, in the reader's fields.
    const reader = { uid: 'uid-"7"\\', email: 'o"neil\u00e9@example.com' };
    const before = Date.now();
    pages.served(reader, '/docs/guide/index.html', TRACE);
    pages.flush();
    audit(
      logger,
      {
        event: 'page-served',
        uid: reader.uid,
        email: reader.email,
        path: '/docs/guide/index.html',
        outcome: 'served',
        trace_id: TRACE,
      },
      `Documentation page served to ${reader.email}`,
    );
    const after = Date.now();
    const [handWritten, byPino, ...more] = lines();
    assert.equal(more.length, 0);
    assert.deepEqual(
      Object.keys(byPino!).sort(),
      [...Object.keys(handWritten!), 'logging.googleapis.com/insertId', 'serviceContext'].sort(),
    );
    const without = (entry: Record<string, unknown>, keys: string[]) =>
      Object.fromEntries(Object.entries(entry).filter(([key]) => !keys.includes(key)));
    const page = without(handWritten!, ['timestamp']);
    const logged = without(byPino!, ['timestamp', 'serviceContext', 'logging.googleapis.com/insertId']);
    assert.deepEqual(page, logged);
    assert.equal(page['logging.googleapis.com/trace'], `projects/${PROJECT}/traces/${TRACE}`);
    assert.ok(seconds(handWritten!) >= before && seconds(handWritten!) <= after);
  });

  it('has no trace field when the request carried none, and names the reader by uid when there is no address', () => {
    const { logger, lines } = capture();
    const pages = createPageAudit(logger, PROJECT);
    pages.served({ uid: 'phone-only', email: null }, '/docs/index.html', undefined);
    pages.flush();
    const [entry] = lines();
    assert.equal('logging.googleapis.com/trace' in entry!, false);
    assert.equal(entry!.email, null);
    assert.equal(entry!.message, 'Documentation page served to phone-only');
  });

  it('writes the pages waiting before any other line of the trail, so the trail reads in order', () => {
    const { logger, lines, writes } = capture();
    const pages = createPageAudit(logger, PROJECT);
    const reader = { uid: 'u1', email: 'ana@uai.cl' };
    pages.served(reader, '/docs/a/index.html', undefined);
    pages.served(reader, '/docs/b/index.html', undefined);
    assert.equal(writes.length, 0);
    audit(logger, { event: 'signed-out', uid: 'u1', email: 'ana@uai.cl', outcome: 'signed-out' }, 'Signed out');
    assert.deepEqual(
      lines().map((entry) => [entry.event, entry.path]),
      [
        ['page-served', '/docs/a/index.html'],
        ['page-served', '/docs/b/index.html'],
        ['signed-out', undefined],
      ],
    );
    // Both pages went out in one write.
    assert.equal(writes.length, 2);
  });

  it('writes a batch by itself within a quarter of a second', async () => {
    const { logger, lines } = capture();
    const pages = createPageAudit(logger, PROJECT);
    pages.served({ uid: 'u2', email: 'bea@uai.cl' }, '/docs/index.html', undefined);
    assert.equal(lines().length, 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(
      lines().map((entry) => entry.email),
      ['bea@uai.cl'],
    );
  });

  it('writes nothing when the log is silent', () => {
    const { logger, writes } = capture('silent');
    const pages = createPageAudit(logger, PROJECT);
    pages.served({ uid: 'u3', email: 'eva@uai.cl' }, '/docs/index.html', TRACE);
    pages.flush();
    audit(logger, { event: 'signed-out', uid: 'u3', email: 'eva@uai.cl', outcome: 'signed-out' }, 'signed-out');
    assert.deepEqual(writes, []);
  });
});

describe('the audit trail whatever the log level (security)', () => {
  for (const level of ['warn', 'error'])
    it(`is written in full at LOG_LEVEL=${level}, while the operational lines below it are not`, () => {
      const { logger, lines } = capture(level);
      const pages = createPageAudit(logger, PROJECT);
      logger.info({ event: 'provider-resumed' }, 'an operational line');
      pages.served({ uid: 'u4', email: 'leo@uai.cl' }, '/docs/index.html', undefined);
      audit(logger, { event: 'signed-out', uid: 'u4', email: 'leo@uai.cl', outcome: 'signed-out' }, 'signed-out');
      assert.deepEqual(
        lines().map((entry) => [entry.event, entry.severity]),
        [
          ['page-served', 'INFO'],
          ['signed-out', 'INFO'],
        ],
      );
    });
});

describe('the trace a request’s lines belong to', () => {
  const of = (headers: Record<string, string>) => traceId({ headers } as unknown as IncomingMessage);
  it('is read from traceparent, then from X-Cloud-Trace-Context, and is 32 hexadecimal digits or nothing', () => {
    assert.equal(of({ traceparent: `00-${TRACE}-00f067aa0ba902b7-01` }), TRACE);
    assert.equal(of({ 'x-cloud-trace-context': `${TRACE}/1;o=1` }), TRACE);
    assert.equal(of({ traceparent: 'garbage', 'x-cloud-trace-context': `${TRACE}/1;o=1` }), TRACE);
    assert.equal(of({ traceparent: `00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01` }), undefined);
    assert.equal(of({ 'x-cloud-trace-context': `${TRACE}"},{"x/1` }), undefined);
    assert.equal(of({}), undefined);
  });
});
