import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The built server on `port` with settings of its own, for a test that needs what the shared
 * servers cannot be (a provider that never answers, a re-check every second); resolves once it
 * serves the home page.
 */
export async function startSiteServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`http://localhost:${port}/`).catch(() => null))?.status ?? 0, { timeout: 15_000 })
    .toBe(200);
  return server;
}
