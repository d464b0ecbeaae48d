import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDeployConfig, type DeployConfig } from '../config.js';
import { securityHeaders } from '../headers/securityHeaders.js';
import { LOCALE_PREFIXES } from '@trust/access-policy';

/** Every path the lock decides on: the documentation of both locales, and the session API. */
export const CLOUD_RUN_SOURCES = ['/docs', '/docs/**', '/es/docs', '/es/docs/**', '/api/session'] as const;

/**
 * Hashed public assets, anchored at each locale's own `assets/`: Hosting applies header rules to
 * the answers of rewrites too, and a pattern that also matched `/docs/assets/…` would make the
 * CDN keep members' chunks (and the 401s at their paths) for a year.
 */
export const PUBLIC_HASHED_ASSET = `^(?:${LOCALE_PREFIXES.filter(Boolean).join('|')})?/assets/.*[.-][0-9a-f]{8,}\\.[a-z0-9]+$`;

/** Folders of the prepared build that only the server may hold. */
const MEMBERS_ONLY_FOLDERS = ['docs', 'es/docs'];

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

export interface HostingConfig {
  public: string;
  ignore: string[];
  trailingSlash: false;
  rewrites: { source: string; run: { serviceId: string; region: string } }[];
  headers: HeaderRule[];
}

/**
 * Firebase Hosting's part of `firebase.json`: the public folder served from the CDN with the
 * server's own security headers, and the documentation and `/api/session` rewritten to Cloud Run.
 * Hosting applies every matching header rule in order, a later value replacing an earlier one.
 */
export function hostingConfig(deploy: DeployConfig, contentSecurityPolicy: string): HostingConfig {
  const run = { serviceId: deploy.serviceId, region: deploy.region };
  const asList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));
  return {
    public: 'public',
    // The CDN compresses by itself; the precompressed copies are for the server.
    ignore: ['firebase.json', '**/.*', '**/*.br', '**/*.gz'],
    // Pages are folders with an index.html; without this, Hosting answers `/signin` with a redirect
    // to `/signin/`, while the site server (and every link the site writes) uses no trailing slash.
    trailingSlash: false,
    rewrites: CLOUD_RUN_SOURCES.map((source) => ({ source, run })),
    headers: [
      // No Cache-Control here: the rule also covers what Cloud Run answers, whose own must stand.
      { source: '**', headers: asList(securityHeaders(contentSecurityPolicy, true)) },
      { regex: PUBLIC_HASHED_ASSET, headers: asList({ 'Cache-Control': 'public, max-age=31536000, immutable' }) },
    ],
  };
}

/**
 * Writes `firebase.json` beside the prepared build (deploy with `--config site/dist/firebase.json`):
 * the hosting block above and the project's emulator block. Refuses when the public folder
 * still holds documentation, which Hosting would then serve to anyone.
 */
export async function writeFirebaseJson(
  outDir: string,
  deploy: DeployConfig = readDeployConfig(),
  projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
): Promise<void> {
  for (const folder of MEMBERS_ONLY_FOLDERS)
    if (existsSync(path.join(outDir, 'public', folder)))
      throw new Error(`${path.join(outDir, 'public', folder)} exists: the documentation must not reach Hosting.`);
  const { contentSecurityPolicy } = JSON.parse(readFileSync(path.join(outDir, 'security.json'), 'utf8')) as {
    contentSecurityPolicy: string;
  };
  const { emulators } = JSON.parse(readFileSync(path.join(projectRoot, 'firebase.json'), 'utf8')) as {
    emulators: unknown;
  };
  const config = { hosting: hostingConfig(deploy, contentSecurityPolicy), emulators };
  await writeFile(path.join(outDir, 'firebase.json'), `${JSON.stringify(config, null, 2)}\n`);
}
