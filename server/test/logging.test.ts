import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readServerConfig } from '../src/config.js';
import { createLogger, humanLine } from '../src/logging.js';
import { FakeProvider } from './fakeProvider.js';
import { postSession, rawRequest, startTestSite, type TestSite } from './helpers.js';

const PAUSE_SECONDS = 1;
const lines: Array<Record<string, unknown>> = [];
const provider = new FakeProvider();
let site: TestSite;

before(async () => {
  const env = { PROVIDER_FAILURES_TO_PAUSE: '3', PROVIDER_PAUSE_SECONDS: String(PAUSE_SECONDS) };
  const logger = createLogger(readServerConfig(env).log, {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  site = await startTestSite(undefined, { verifier: provider, logger }, env);
});
after(() => site.close());

const events = (name: string) => lines.filter((line) => line.event === name);
const signIn = () => postSession(site.origin, FakeProvider.idToken('ana@uai.cl'));

describe('the server’s log, in Cloud Logging’s structured format', () => {
  it('writes one line when calls to a failing provider are paused, and one when they resume', async () => {
    provider.mode = { kind: 'refuse' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) statuses.push((await signIn()).status);
    assert.deepEqual(statuses, Array<number>(8).fill(503));
    assert.deepEqual(
      events('provider-paused').map(({ severity, code, pauseSeconds, message }) => ({
        severity,
        code,
        pauseSeconds,
        message,
      })),
      [
        {
          severity: 'ERROR',
          code: 'app/network-error',
          pauseSeconds: PAUSE_SECONDS,
          message: 'The identity provider is failing: calls to it are paused; locked pages answer 503 meanwhile',
        },
      ],
    );
    provider.mode = { kind: 'ok' };
    await new Promise((resolve) => setTimeout(resolve, PAUSE_SECONDS * 1000 + 50));
    assert.equal((await signIn()).status, 204);
    assert.equal((await signIn()).status, 204);
    assert.deepEqual(
      events('provider-resumed').map(({ severity, message }) => ({ severity, message })),
      [{ severity: 'INFO', message: 'The identity provider answers again: calls resumed' }],
    );
    assert.equal(events('provider-paused').length, 1);
  });

  it('answers 500 for a fault inside verification and logs it with its stack and the request’s trace', async () => {
    provider.mode = { kind: 'fault' };
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await rawRequest(site.origin, '/docs/guide', {
      headers: {
        Accept: 'text/html',
        Cookie: `__session=${FakeProvider.sessionCookie('bea@uai.cl')}`,
        traceparent: `00-${trace}-00f067aa0ba902b7-01`,
      },
    });
    provider.mode = { kind: 'ok' };
    assert.equal(response.status, 500);
    const [failed, ...more] = events('request-failed');
    assert.equal(more.length, 0);
    assert.equal(failed!.severity, 'ERROR');
    assert.equal(failed!.message, 'Request failed');
    assert.equal(failed!.path, '/docs/guide');
    assert.equal(failed!['logging.googleapis.com/trace'], `projects/demo-trustworthy-systems/traces/${trace}`);
    assert.match(
      String(failed!.stack_trace),
      /^TypeError: Cannot read properties of undefined \(reading 'uid'\)\n\s+at /,
    );
  });

  it('reads as one line a person can follow at a terminal', () => {
    assert.equal(
      humanLine(
        JSON.stringify({
          severity: 'ERROR',
          level: 50,
          timestamp: { seconds: 1795564800, nanos: 0 },
          message: 'The identity provider is failing',
          event: 'provider-paused',
          code: 'app/network-error',
          'logging.googleapis.com/insertId': '..........',
        }),
      ),
      '00:00:00 ERROR The identity provider is failing event=provider-paused code=app/network-error\n',
    );
  });
});
