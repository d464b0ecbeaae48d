// What the browser benchmarks share: the production build behind the real server and the Auth
// emulator, Debian's Chromium, and a signed-in member.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { signInUrl } from '@trust/access-policy';
import { DEMO_PASSWORD, startAuthEmulator } from '../scripts/authEmulator.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startSite(port) {
  const stopEmulator = await startAuthEmulator({ quiet: true });
  const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const origin = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await fetch(origin);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin,
    browser,
    async stop() {
      await browser.close();
      server.kill();
      await stopEmulator();
    },
  };
}

/** Signs the page's browser context in as a staff member (the identity provider's user and the session cookie). */
export async function signInAsMember(page, origin) {
  await page.goto(`${origin}${signInUrl('/labs')}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Use a password', exact: true }).click();
  await page.getByLabel('E-mail', { exact: true }).fill('ana.torres@uai.cl');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${origin}/labs`);
}

/** A browser context whose reader signed in as a staff member, with an emptied HTTP cache. */
export async function memberContext(browser, origin) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsMember(page, origin);
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await page.close();
  return context;
}
