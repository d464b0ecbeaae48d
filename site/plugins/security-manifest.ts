import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { LOCALE_PREFIXES } from '@trust/access-policy';
import type { FirebaseClientConfig } from '../src/config/firebase';
import type { SiteIdentity } from '../src/config/identity';

export const SECURITY_MANIFEST = 'security-manifest.json';

/**
 * Tells the post-build step which identity-provider origins the browser code talks to, so the
 * server's Content-Security-Policy allows exactly those, and which access rule and locales the
 * pages were built for, so the server enforces that very rule. The step removes the file from
 * the public output.
 */
export default function securityManifestPlugin(): Plugin {
  return {
    name: 'security-manifest',
    async postBuild({ outDir, siteConfig }) {
      const firebase = siteConfig.customFields!.firebase as FirebaseClientConfig;
      const { staffDomain, studentDomain, whitelistedEmail } = siteConfig.customFields!.identity as SiteIdentity;
      const manifest = {
        authDomain: firebase.authDomain,
        emulatorHost: firebase.emulatorHost,
        readerPolicy: { staffDomain, studentDomain, whitelistedEmail },
        localePrefixes: LOCALE_PREFIXES,
      };
      await writeFile(path.join(outDir, SECURITY_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
