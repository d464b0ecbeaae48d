import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import type { FirebaseClientConfig } from '../src/config/firebase';

export const SECURITY_MANIFEST = 'security-manifest.json';

/**
 * Tells the post-build step which identity-provider origins the browser code talks to, so the
 * server's Content-Security-Policy allows exactly those. The step removes the file from the
 * public output.
 */
export default function securityManifestPlugin(): Plugin {
  return {
    name: 'security-manifest',
    async postBuild({ outDir, siteConfig }) {
      const firebase = siteConfig.customFields!.firebase as FirebaseClientConfig;
      const manifest = {
        authDomain: firebase.authDomain,
        emulatorHost: firebase.emulatorHost,
      };
      await writeFile(path.join(outDir, SECURITY_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
