import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** The built site: `site/build` unless SITE_DIR says otherwise. */
  siteDir: string;
  /** NODE_ENV=production: stricter start-up checks and HSTS. */
  isProduction: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultSiteDir = path.resolve(here, '../../site/build');

export const SERVER_SETTINGS = {
  PORT: 'TCP port to listen on (default 3000)',
  HOST: 'Interface to listen on (default 127.0.0.1; 0.0.0.0 for all)',
  SITE_DIR: 'Folder of the built site (default site/build)',
  NODE_ENV: '`production` turns on production checks',
} as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rawPort = env.PORT?.trim() || '3000';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT="${rawPort}" is not a port number (0 to 65535).`);
  }
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    siteDir: path.resolve(env.SITE_DIR?.trim() || defaultSiteDir),
    isProduction: env.NODE_ENV === 'production',
  };
}
