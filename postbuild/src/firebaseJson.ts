import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_PREFIXES, MEMBERS_FOLDERS, SERVER_ROUTES, SettingError, securityHeaders } from '@trust/access-policy';
import { PUBLIC_DIR } from '@trust/access-policy/build-contract';

export interface DeployConfig {
  /** Cloud Run service that Firebase Hosting rewrites the documentation and the session API to. */
  serviceId: string;
  /** Its region. */
  region: string;
}

/** `CLOUD_RUN_SERVICE` and `CLOUD_RUN_REGION`: where `firebase.json` sends what the server decides. */
export function readDeployConfig(env: NodeJS.ProcessEnv = process.env): DeployConfig {
  const serviceId = env.CLOUD_RUN_SERVICE?.trim() || 'trustworthy-site';
  const region = env.CLOUD_RUN_REGION?.trim() || 'southamerica-west1';
  // Cloud Run's rules for service names: lowercase letters, digits and hyphens, at most 49.
  if (!/^[a-z]([a-z0-9-]{0,47}[a-z0-9])?$/.test(serviceId))
    throw new SettingError(`CLOUD_RUN_SERVICE="${serviceId}" is not a Cloud Run service name.`);
  if (!/^[a-z]+-[a-z]+\d$/.test(region))
    throw new SettingError(`CLOUD_RUN_REGION="${region}" is not a region such as southamerica-west1.`);
  return { serviceId, region };
}

/**
 * Hashed public assets, anchored at each locale's own `assets/`: Hosting applies header rules to
 * the answers of rewrites too, and a pattern that also matched `/docs/assets/…` would make the
 * CDN keep members' chunks (and the 401s at their paths) for a year.
 */
const PUBLIC_HASHED_ASSET = `^(?:${LOCALE_PREFIXES.filter(Boolean).join('|')})?/assets/.*[.-][0-9a-f]{8,}\\.[a-z0-9]+$`;

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
    public: PUBLIC_DIR,
    // The CDN compresses by itself; the precompressed copies are for the server.
    ignore: ['firebase.json', '**/.*', '**/*.br', '**/*.gz'],
    // Pages are folders with an index.html; without this, Hosting answers `/signin` with a redirect
    // to `/signin/`, while the site server (and every link the site writes) uses no trailing slash.
    trailingSlash: false,
    rewrites: SERVER_ROUTES.map((source) => ({ source, run })),
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
  contentSecurityPolicy: string,
  deploy: DeployConfig = readDeployConfig(),
  projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
): Promise<void> {
  for (const folder of MEMBERS_FOLDERS)
    if (existsSync(path.join(outDir, PUBLIC_DIR, folder)))
      throw new Error(`${path.join(outDir, PUBLIC_DIR, folder)} exists: the documentation must not reach Hosting.`);
  const { emulators } = JSON.parse(readFileSync(path.join(projectRoot, 'firebase.json'), 'utf8')) as {
    emulators: unknown;
  };
  const config = { hosting: hostingConfig(deploy, contentSecurityPolicy), emulators };
  await writeFile(path.join(outDir, 'firebase.json'), `${JSON.stringify(config, null, 2)}\n`);
}
