import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEMO_PASSWORD,
  EMULATOR_HOST,
  PROJECT_ID,
  identityToolkit,
  idTokenOf,
  startAuthEmulator,
} from '../../scripts/authEmulator.mjs';

export { identityToolkit, idTokenOf } from '../../scripts/authEmulator.mjs';
import { Writable } from 'node:stream';
import { after, before } from 'node:test';
import { createLogger } from '../src/logging.js';
import { openSession, rawRequest, startTestSite, type TestSite } from './helpers.js';

/** What the server tests do with the Auth emulator, as the browser SDK or an attacker's script would. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The emulator's answer as JSON, asserting its status. */
export async function toolkitJson<T = Record<string, unknown>>(method: string, body: object, status = 200): Promise<T> {
  const response = await identityToolkit(method, body);
  const text = await response.text();
  assert.equal(response.status, status, `${method}: ${text}`);
  return JSON.parse(text) as T;
}

/** An e-mail link sent to the address, as the browser asks for one; answers its one-time code. */
export async function sendLink(email: string, continueUrl: string): Promise<string> {
  await toolkitJson('accounts:sendOobCode', {
    requestType: 'EMAIL_SIGNIN',
    email,
    continueUrl,
    canHandleCodeInApp: true,
  });
  const { oobCodes } = (await (
    await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  ).json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
  return oobCodes.filter((entry) => entry.email === email.toLowerCase() && entry.requestType === 'EMAIL_SIGNIN').at(-1)!
    .oobCode;
}

/** `POST /api/session/email-link` with the link's address and code, from the site's own page. */
export function redeemAtServer(site: TestSite, email: string, oobCode: string, headers: Record<string, string> = {}) {
  return rawRequest(site.origin, '/api/session/email-link', {
    method: 'POST',
    headers: { Origin: site.origin, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email, oobCode }),
  });
}

/** Signs in with a link the server answered, as the browser SDK does: an ID token. */
export async function signInWithServerLink(email: string, link: string): Promise<string> {
  const oobCode = new URL(link).searchParams.get('oobCode')!;
  return (await toolkitJson<{ idToken: string }>('accounts:signInWithEmailLink', { email, oobCode })).idToken;
}

/**
 * The whole e-mail-link way in, as the browser goes through it: the link sent, redeemed by the
 * server, the server's link signed in with, the session asked for. A session cookie, or the
 * status and body of the answer that refused.
 */
export async function signInByLink(
  site: TestSite,
  email: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; cookie?: string; body: unknown }> {
  const redeemed = await redeemAtServer(site, email, await sendLink(email, `${site.origin}/signin`), headers);
  const answer = JSON.parse(redeemed.body.toString()) as { link?: string };
  if (redeemed.status !== 200) return { status: redeemed.status, body: answer };
  const idToken = await signInWithServerLink(email, answer.link!);
  const session = await rawRequest(site.origin, '/api/session', {
    method: 'POST',
    headers: { Origin: site.origin, Authorization: `Bearer ${idToken}`, ...headers },
  });
  if (session.status !== 204) return { status: session.status, body: JSON.parse(session.body.toString()) };
  return { status: 204, cookie: String(session.headers['set-cookie']).split(';')[0]!, body: null };
}

/** A session on the site for an account with the demo password. */
export async function passwordSession(site: TestSite, email: string, password = DEMO_PASSWORD): Promise<string> {
  return openSession(site.origin, await idTokenOf(email, password));
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run access -- …`, run from its source against the emulator as `ops@uai.cl`: its exit code and output. */
export function access(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server/src/cli/access.ts'), ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, ACCESS_OPERATOR: 'ops@uai.cl', LOG_LEVEL: '' },
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A day `days` from now, as the command and the admin page take it (`YYYY-MM-DD`, UTC). */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An address no other test has used: the emulator keeps every account a test file makes. */
export const unique = (local: string, domain: string) =>
  `${local}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@${domain}`;

export interface TwoInstances {
  /** Keeps a verified session for the default four minutes; its log is `logLines`. */
  first: TestSite;
  /** Re-checks every session every second, as another instance of the service would. */
  second: TestSite;
  logLines: string[];
}

/**
 * The Auth emulator and two server instances in front of it, for the tests of access granted at
 * run time: the operators' command or the admin API changes an account, and both instances follow.
 * Started before the file's tests and stopped after them.
 */
export function twoInstances(): TwoInstances {
  const sites = { logLines: [] as string[] } as TwoInstances;
  withEmulator();
  before(async () => {
    const logger = createLogger(
      { level: 'info', service: 'test', projectId: PROJECT_ID, isHumanReadable: false },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          sites.logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      }),
    );
    sites.first = await startTestSite(undefined, { logger }, {});
    sites.second = await startTestSite(undefined, {}, { SESSION_RECHECK_SECONDS: '1' });
  });
  after(async () => {
    await sites.first?.close();
    await sites.second?.close();
  });
  return sites;
}

/** The Auth emulator, started (with the demo accounts) before the file's tests and stopped after them. */
export function withEmulator(): void {
  let stopEmulator: Awaited<ReturnType<typeof startAuthEmulator>> | undefined;
  before(async () => {
    stopEmulator = await startAuthEmulator({ quiet: true });
  });
  after(async () => {
    await stopEmulator?.();
  });
}
