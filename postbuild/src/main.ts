import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SITE_DIR } from '@trust/access-policy';
import {
  buildSearchIndexes,
  precompressSite,
  separateMembersContent,
  takeBuildRecord,
  takeSectionPages,
  writeFirebaseJson,
  writeServerRecord,
} from './steps.js';

/**
 * `npm run build`'s last step: `node --import tsx postbuild/src/main.ts [buildDir] [outDir]`
 * (defaults `site/build` and `SITE_DIR` or `site/dist`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.resolve(process.argv[3] ?? (process.env.SITE_DIR?.trim() || path.join(root, DEFAULT_SITE_DIR)));
const buildDir = path.resolve(process.argv[2] ?? path.join(outDir, '../build'));

try {
  const started = performance.now();
  await separateMembersContent(buildDir, outDir);
  const build = await takeBuildRecord(outDir);
  const { record, inlineScripts } = await writeServerRecord(outDir, build, await takeSectionPages(outDir));
  const indexed = await buildSearchIndexes(outDir);
  await writeFirebaseJson(outDir, record.contentSecurityPolicy);
  const compressed = await precompressSite(outDir);
  console.log(
    `Prepared ${outDir}: members-only docs moved out of public/; ${inlineScripts} inline scripts hashed into the CSP; search indexes of ${indexed.public} public and ${indexed.members} members' pages; ${compressed} files precompressed (${Math.round(performance.now() - started)} ms).`,
  );
} catch (error) {
  console.error(`The post-build step failed: ${(error as Error).message}`);
  process.exit(1);
}
