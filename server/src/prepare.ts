import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { siteDirSetting } from './config.js';
import { BUILD_MANIFEST, type BuildManifest } from './buildManifest.js';
import { writeFirebaseJson } from './deploy/firebaseJson.js';
import { contentSecurityPolicy, inlineScriptHashes, type SecurityManifest } from './headers/csp.js';
import { buildSearchIndex, closeSearchIndexer } from './search/buildIndexes.js';
import { precompressDirectory } from './static/precompress.js';

/**
 * Post-build step: turns Docusaurus output (`site/build`) into what the server serves
 * (`site/dist`): the members-only documentation of each locale (`/docs/…`, `/es/docs/…`,
 * including the content chunks the build wrote there) is moved from `public/` to `members/`;
 * the Content-Security-Policy is computed from the inline scripts of every page and written to
 * `security.json` (not served); then every text file gets brotli and gzip copies.
 *
 * Usage: node server/dist/prepare.js [buildDir] [outDir]
 */
const MEMBERS_FOLDERS = ['docs', 'es/docs'];

const started = performance.now();
const outDir = path.resolve(process.argv[3] ?? siteDirSetting());
const buildDir = path.resolve(process.argv[2] ?? path.join(outDir, '../build'));
if (!existsSync(path.join(buildDir, 'index.html'))) {
  console.error(`No Docusaurus build at ${buildDir}; run "npm run build".`);
  process.exit(1);
}
const publicDir = path.join(outDir, 'public');
const membersDir = path.join(outDir, 'members');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
await rename(buildDir, publicDir);
for (const folder of MEMBERS_FOLDERS) {
  const from = path.join(publicDir, folder);
  if (!existsSync(from)) continue;
  const to = path.join(membersDir, folder);
  await mkdir(path.dirname(to), { recursive: true });
  await rename(from, to);
}
async function* htmlFiles(dir: string): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

const manifestFile = path.join(publicDir, 'security-manifest.json');
if (!existsSync(manifestFile)) {
  console.error('The build has no security-manifest.json (site/plugins/security-manifest.ts).');
  process.exit(1);
}
const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as SecurityManifest &
  Pick<BuildManifest, 'readerPolicy' | 'localePrefixes'>;
await rm(manifestFile);
await rm(path.join(publicDir, 'es', 'security-manifest.json'), { force: true });
const documents: string[] = [];
for (const dir of [publicDir, membersDir])
  for await (const file of htmlFiles(dir)) documents.push(await readFile(file, 'utf8'));
const hashes = inlineScriptHashes(documents);
const buildManifest: BuildManifest = {
  contentSecurityPolicy: contentSecurityPolicy(hashes, manifest),
  readerPolicy: manifest.readerPolicy,
  localePrefixes: manifest.localePrefixes,
};
await writeFile(path.join(outDir, BUILD_MANIFEST), `${JSON.stringify(buildManifest, null, 2)}\n`);

// Two search indexes: the public one, and the members' one under the locked /docs/ prefix.
const publicPages = await buildSearchIndex({
  siteDir: publicDir,
  outputPath: path.join(publicDir, 'pagefind'),
  rootSelector: 'main',
});
const memberPages = await buildSearchIndex({
  siteDir: membersDir,
  outputPath: path.join(membersDir, 'docs', 'pagefind'),
  rootSelector: 'article',
});
await closeSearchIndexer();

await writeFirebaseJson(outDir);
const compressed = (await precompressDirectory(publicDir)) + (await precompressDirectory(membersDir));
console.log(
  `Prepared ${outDir}: members-only docs moved out of public/; ${hashes.length} inline scripts hashed into the CSP; search indexes of ${publicPages} public and ${memberPages} members' pages; ${compressed} files precompressed (${Math.round(performance.now() - started)} ms).`,
);
