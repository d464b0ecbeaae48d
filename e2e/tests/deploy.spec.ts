import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEFAULT_SITE_DIR } from '@trust/access-policy';
import { filesUnder } from '../../testkit/files';
import { BUNDLE_PORT } from '../ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, DEFAULT_SITE_DIR);

interface Hosting {
  public: string;
  rewrites: { source: string; run?: { serviceId: string; region: string } }[];
}

test.describe('deployment files (security)', { tag: '@no-browser' }, () => {
  test('the Hosting public folder holds no documentation, and the documentation goes to Cloud Run', () => {
    const { hosting } = JSON.parse(readFileSync(path.join(dist, 'firebase.json'), 'utf8')) as { hosting: Hosting };
    const publicDir = path.join(dist, hosting.public);
    const relative = filesUnder(publicDir).map(
      (file) => `/${path.relative(publicDir, file).split(path.sep).join('/')}`,
    );
    expect(relative.length).toBeGreaterThan(100);
    expect(relative.filter((file) => /^\/(es\/)?docs(\/|$)/.test(file))).toEqual([]);
    expect(hosting.rewrites.map((rule) => rule.source)).toEqual([
      '/docs',
      '/docs/**',
      '/es/docs',
      '/es/docs/**',
      '/api/session',
      '/api/session/email-link',
      '/api/access-request',
      '/api/admin/**',
      '/api/connect',
      '/api/assistants',
      '/mcp',
      '/authorize',
      '/token',
      '/register',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource/mcp',
    ]);
    for (const rule of hosting.rewrites)
      expect(rule.run).toEqual({ serviceId: 'trustworthy-site', region: 'southamerica-west1' });
  });
});

/** The files the runtime stage of the Dockerfile copies, from the context or from the build stage. */
function runtimeStage(): string {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  return dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
}

function runtimeCopies(): { from: string; to: string }[] {
  return [...runtimeStage().matchAll(/^COPY (?:--from=\w+ )?(.+)$/gm)].flatMap((match) => {
    const parts = match[1]!.trim().split(/\s+/);
    const target = parts.pop()!;
    return parts.map((source) => {
      const from = source.replace(/^\/app\//, '');
      const to = target.endsWith('/') && !source.startsWith('/app/') ? `${target}${path.basename(from)}` : target;
      return { from, to };
    });
  });
}

test.describe('deploy bundle', { tag: '@no-browser' }, () => {
  test.setTimeout(240_000);

  test('exactly what the Dockerfile copies, installed without dev dependencies, serves the site', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-'));
    const copies = runtimeCopies();
    expect(copies.map((copy) => copy.from)).toEqual([
      'package.json',
      'package-lock.json',
      'access-policy/package.json',
      'server/package.json',
      'access-policy/dist',
      'server/dist',
      'site/dist',
    ]);
    const runLine = /^RUN (npm ci [^&\n]+)/m.exec(runtimeStage());
    expect(runLine?.[1]).toMatch(/^npm ci --omit=dev /);
    let server: ReturnType<typeof spawn> | undefined;
    try {
      for (const { from, to } of copies) cpSync(path.join(root, from), path.join(scratch, to), { recursive: true });
      const install = spawnSync('sh', ['-c', runLine![1]!.trim()], { cwd: scratch, encoding: 'utf8' });
      expect(install.status, install.stderr).toBe(0);
      expect(existsSync(path.join(scratch, 'node_modules/firebase-admin'))).toBe(true);
      expect(existsSync(path.join(scratch, 'node_modules/typescript'))).toBe(false);
      // The search indexes are built after the site build, not at run time: no indexer in the image.
      expect(existsSync(path.join(scratch, 'node_modules/pagefind'))).toBe(false);
      const port = BUNDLE_PORT;
      server = spawn(process.execPath, ['server/dist/main.js'], {
        cwd: scratch,
        env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1' },
        stdio: 'ignore',
      });
      const origin = `http://127.0.0.1:${port}`;
      let home: Response | undefined;
      for (let attempt = 0; attempt < 100 && !home; attempt += 1) {
        home = await fetch(`${origin}/`).catch(() => undefined);
        if (!home) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(home?.status).toBe(200);
      expect(await home!.text()).toContain('<html');
      const locked = await fetch(`${origin}/docs/`, { redirect: 'manual', headers: { Accept: 'text/html' } });
      expect(locked.status).toBe(302);
      expect(locked.headers.get('location')).toMatch(/^\/signin\?next=%2Fdocs$/);
    } finally {
      server?.kill('SIGTERM');
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
