import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReaderPolicy } from '@trust/access-policy';
import {
  BuildRecordError,
  SERVER_RECORD_FILE,
  parseServerRecord,
  type ServerRecord,
} from '@trust/access-policy/build-contract';
import { policyDifferences } from '@trust/access-policy/settings';
import { SettingError } from '@trust/access-policy';

/** Reads and checks what the post-build step recorded for the server. */
export function readServerRecord(siteDir: string): ServerRecord {
  const file = path.join(siteDir, SERVER_RECORD_FILE);
  if (!existsSync(file))
    throw new SettingError(`${file} is missing: run "npm run build" (its post-build step writes it).`);
  try {
    return parseServerRecord(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if (error instanceof BuildRecordError) throw new SettingError(error.message);
    throw error;
  }
}

/**
 * The rule the server enforces: the build's. Access-rule settings in the server's environment
 * are optional; when present they must name the same rule, so a server can never be started
 * with a looser (or merely different) rule than the pages it serves were built for.
 */
export function enforcedPolicy(recorded: ReaderPolicy, fromEnv: Partial<ReaderPolicy>): ReaderPolicy {
  const differences = policyDifferences(recorded, fromEnv);
  if (differences.length > 0) {
    throw new SettingError(
      `The server's access rule differs from the one the site was built with: ${differences.join('; ')}. Rebuild the site with these settings, or unset them on the server.`,
    );
  }
  return recorded;
}
