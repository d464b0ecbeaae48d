import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { readServerConfig } from './config.js';
import { precompressDirectory } from './static/precompress.js';

/**
 * Post-build step: turns Docusaurus output (`site/build`) into what the server serves
 * (`site/dist`): the members-only documentation of each locale (`/docs/…`, `/es/docs/…`,
 * including the content chunks the build wrote there) is moved from `public/` to `members/`,
 * then every text file gets brotli and gzip copies.
 *
 * Usage: node server/dist/prepare.js [buildDir] [outDir]
 */
const MEMBERS_FOLDERS = ['docs', 'es/docs'];

const started = performance.now();
const outDir = path.resolve(process.argv[3] ?? readServerConfig().siteDir);
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
const compressed = (await precompressDirectory(publicDir)) + (await precompressDirectory(membersDir));
console.log(
  `Prepared ${outDir}: members-only docs moved out of public/, ${compressed} files precompressed (${Math.round(performance.now() - started)} ms).`,
);
