import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { identityToolkit, idTokenOf, latestLink } from '../../scripts/authEmulator.mjs';
import { DEMO_ACCOUNTS, DOCS_PAGE } from './auth';

/**
 * Runs only in the "hosting" project: through the Hosting stand-in (e2e/hostingStandIn.mjs) in
 * front of two server instances. The sign-in outcomes and the leak check run there too.
 */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request from a chosen loopback address, so that two clients differ as on the internet. */
function send(
  baseURL: string,
  clientAddress: string,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        localAddress: clientAddress,
        method: init.method ?? 'GET',
        path: target,
        headers: { Host: url.host, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

test.describe('behind the Hosting stand-in, two instances (security)', { tag: '@hosting-only' }, () => {
  test.describe.configure({ mode: 'serial' });

  test('40 bad sign-ins from one client get 429; another client signs in, and its session works on both instances', async ({
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const byInstance = new Map<string, number[]>();
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const answer = await send(baseURL!, '127.0.0.2', '/api/session', {
        method: 'POST',
        headers: { Origin: origin, Authorization: 'Bearer forged' },
      });
      const instance = String(answer.headers['x-stand-in-instance']);
      byInstance.set(instance, [...(byInstance.get(instance) ?? []), answer.status]);
    }
    // Each instance counts this client's failures on its own: 10 each, then 429. The instances
    // take turns, but other tests' requests through the same stand-in may shift the turns.
    expect([...byInstance.keys()].sort()).toEqual(['0', '1']);
    for (const statuses of byInstance.values()) {
      expect(statuses.length).toBeGreaterThan(10);
      expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(statuses.length - 10).fill(429)]);
    }

    const staff = DEMO_ACCOUNTS.find((account) => account.email === 'ana.torres@uai.cl')!;
    const signIn = await send(baseURL!, '127.0.0.3', '/api/session', {
      method: 'POST',
      headers: { Origin: origin, Authorization: `Bearer ${await idTokenOf(staff.email)}` },
    });
    expect(signIn.status).toBe(204);
    const cookie = String((signIn.headers['set-cookie'] as string[])[0]).split(';')[0]!;
    expect(cookie).toMatch(/^__session=[\w.-]+$/);

    const instances = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      const page = await send(baseURL!, '127.0.0.3', `${DOCS_PAGE.en.path}/`, {
        headers: { Cookie: `theme=dark; ${cookie}`, Accept: 'text/html' },
      });
      expect(page.status).toBe(200);
      expect(String(page.headers['cache-control'])).toMatch(/^private/);
      instances.add(String(page.headers['x-stand-in-instance']));
    }
    expect([...instances].sort()).toEqual(['0', '1']);
  });

  test('64 junk tokens from one address lock no other reader out of a first sign-in by link, nor out of signing out', async ({
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    for (let attempt = 0; attempt < 64; attempt += 1)
      await send(baseURL!, '127.0.0.6', '/api/session', {
        method: 'POST',
        headers: { Origin: origin, Authorization: 'Bearer junk.token.value' },
      });
    const email = `first.link.${Date.now().toString(36)}@alumnos.uai.cl`;
    await identityToolkit('accounts:sendOobCode', {
      requestType: 'EMAIL_SIGNIN',
      email,
      continueUrl: `${origin}/signin`,
      canHandleCodeInApp: true,
    });
    const oobCode = new URL((await latestLink(email))!).searchParams.get('oobCode')!;
    const json = { Origin: origin, 'Content-Type': 'application/json' };
    const proof = await send(baseURL!, '127.0.0.7', '/api/session/email-link', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, oobCode }),
    });
    expect(proof.status).toBe(200);
    const serversLink = new URL((JSON.parse(proof.body) as { link: string }).link);
    const signedIn = (await (
      await identityToolkit('accounts:signInWithEmailLink', { email, oobCode: serversLink.searchParams.get('oobCode') })
    ).json()) as { idToken: string };
    const session = await send(baseURL!, '127.0.0.7', '/api/session', {
      method: 'POST',
      headers: { Origin: origin, Authorization: `Bearer ${signedIn.idToken}` },
    });
    expect(session.status).toBe(204);
    const cookie = String((session.headers['set-cookie'] as string[])[0]).split(';')[0]!;
    const signedOut = await send(baseURL!, '127.0.0.7', '/api/session', {
      method: 'DELETE',
      headers: { Origin: origin, Cookie: cookie },
    });
    expect(signedOut.status).toBe(204);
    expect(String((signedOut.headers['set-cookie'] as string[])[0])).toMatch(/^__session=;/);
  });

  test('public pages come from the Hosting folder with the server’s headers; a locked page is sent to sign-in', async ({
    baseURL,
  }) => {
    const home = await send(baseURL!, '127.0.0.4', '/');
    expect(home.status).toBe(200);
    expect(home.headers['x-stand-in-instance']).toBeUndefined();
    expect(String(home.headers['content-security-policy'])).toMatch(/^default-src 'self'/);
    const locked = await send(baseURL!, '127.0.0.4', '/docs/', { headers: { Accept: 'text/html' } });
    expect(locked.status).toBe(302);
    expect(locked.headers.location).toMatch(/^\/signin\?next=%2Fdocs$/);
  });

  test('a shared cache keeps none of the members’ chunks, nor their 401s', async ({ baseURL }) => {
    const chunks = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/dist/members/docs/assets/js');
    const chunk = readdirSync(chunks).find((file) => file.endsWith('.js'))!;
    const target = `/docs/assets/js/${chunk}`;
    for (let round = 0; round < 2; round += 1) {
      const anonymous = await send(baseURL!, '127.0.0.5', target);
      expect([anonymous.status, anonymous.headers['cache-control'], anonymous.headers['x-stand-in-cache']]).toEqual([
        401,
        'no-store',
        'miss',
      ]);
    }
    const origin = new URL(baseURL!).origin;
    const signIn = await send(baseURL!, '127.0.0.5', '/api/session', {
      method: 'POST',
      headers: { Origin: origin, Authorization: `Bearer ${await idTokenOf('diego.rojas@alumnos.uai.cl')}` },
    });
    expect(signIn.status).toBe(204);
    const cookie = String((signIn.headers['set-cookie'] as string[])[0]).split(';')[0]!;
    for (let round = 0; round < 2; round += 1) {
      const member = await send(baseURL!, '127.0.0.5', target, { headers: { Cookie: cookie } });
      expect(member.status).toBe(200);
      expect(String(member.headers['cache-control'])).toMatch(/^private, /);
      expect(member.headers['x-stand-in-cache']).toBe('miss');
    }
  });
});
