import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { LOCALE_PREFIXES } from '@trust/access-policy';
import {
  BUILD_RECORD_FILE,
  UNIVERSITY_PROVIDER_IDS,
  serializeRecord,
  type BuildRecord,
} from '@trust/access-policy/build-contract';
import { readReaderPolicy } from '@trust/access-policy/settings';
import type { FirebaseClientConfig } from '../src/config/firebase';

/**
 * Tells the post-build step which identity-provider origins the browser code talks to, so the
 * server's Content-Security-Policy allows exactly those, and which access rule and locales the
 * pages were built for, so the server enforces that very rule. The step removes the file from
 * the public output.
 */
export default function buildRecordPlugin(): Plugin {
  // Read here, not passed as an option: the site's configuration, plugin options included, is
  // serialised into every page's JavaScript, and no page may carry the access rule. Reading it
  // when the plugin loads stops the build at once on a setting that would admit anyone.
  const readerPolicy = readReaderPolicy(process.env);
  return {
    name: 'build-record',
    async postBuild({ outDir, siteConfig }) {
      const firebase = siteConfig.customFields!.firebase as FirebaseClientConfig;
      const record: BuildRecord = {
        authDomain: firebase.authDomain,
        emulatorHost: firebase.emulatorHost,
        readerPolicy,
        localePrefixes: [...LOCALE_PREFIXES],
        identity: {
          apiKey: firebase.apiKey,
          universityProvider: firebase.universityAccount
            ? UNIVERSITY_PROVIDER_IDS[firebase.universityAccount.provider]
            : null,
        },
      };
      await writeFile(path.join(outDir, BUILD_RECORD_FILE), serializeRecord(record));
    },
  };
}
