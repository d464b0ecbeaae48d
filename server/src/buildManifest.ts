import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_PREFIXES, type ReaderPolicy } from '@trust/access-policy';
import { parseRecordedPolicy, policyDifferences } from '@trust/access-policy/settings';
import { ConfigError } from './config.js';

/** Written by the post-build step next to `public/` and `members/`; never served. */
export const BUILD_MANIFEST = 'security.json';

export interface BuildManifest {
  contentSecurityPolicy: string;
  /** The access rule the site was built with: the server enforces exactly this one. */
  readerPolicy: ReaderPolicy;
  /** Path prefixes of the build's locales (`''` for the default one). */
  localePrefixes: string[];
}

/** Reads and checks what the build recorded for the server. */
export function readBuildManifest(siteDir: string): BuildManifest {
  const file = path.join(siteDir, BUILD_MANIFEST);
  if (!existsSync(file))
    throw new ConfigError(`${file} is missing: run "npm run build" (its post-build step writes it).`);
  let recorded: Partial<BuildManifest>;
  try {
    recorded = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildManifest>;
  } catch (error) {
    throw new ConfigError(`${file} is not valid JSON (${(error as Error).message}): rebuild the site.`);
  }
  if (typeof recorded.contentSecurityPolicy !== 'string' || recorded.contentSecurityPolicy === '') {
    throw new ConfigError(`${file} records no Content-Security-Policy: rebuild the site.`);
  }
  let readerPolicy: ReaderPolicy;
  try {
    readerPolicy = parseRecordedPolicy(file, recorded.readerPolicy);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const localePrefixes = recorded.localePrefixes;
  if (!Array.isArray(localePrefixes) || localePrefixes.join(',') !== LOCALE_PREFIXES.join(',')) {
    throw new ConfigError(
      `${file} was built for the locales ${JSON.stringify(localePrefixes)}, this server serves ${JSON.stringify(LOCALE_PREFIXES)}: build the site and the server from the same version.`,
    );
  }
  return { contentSecurityPolicy: recorded.contentSecurityPolicy, readerPolicy, localePrefixes };
}

/**
 * The rule the server enforces: the build's. Access-rule settings in the server's environment
 * are optional; when present they must name the same rule, so a server can never be started
 * with a looser (or merely different) rule than the pages it serves were built for.
 */
export function enforcedPolicy(recorded: ReaderPolicy, fromEnv: Partial<ReaderPolicy>): ReaderPolicy {
  const differences = policyDifferences(recorded, fromEnv);
  if (differences.length > 0) {
    throw new ConfigError(
      `The server's access rule differs from the one the site was built with: ${differences.join('; ')}. Rebuild the site with these settings, or unset them on the server.`,
    );
  }
  return recorded;
}
