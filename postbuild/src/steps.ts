import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALE_PREFIXES, MEMBERS_FOLDERS } from '@trust/access-policy';
import {
  BUILD_RECORD_FILE,
  MEMBERS_DIR,
  PUBLIC_DIR,
  SECTION_PAGES_FILE,
  SERVER_RECORD_FILE,
  parseBuildRecord,
  parseSectionPages,
  serializeRecord,
  type BuildRecord,
  type SectionPages,
  type ServerRecord,
} from '@trust/access-policy/build-contract';
import { contentSecurityPolicy, inlineScriptHashes } from './csp.js';
import { writeFirebaseJson } from './firebaseJson.js';
import { precompressDirectory } from './precompress.js';
import { buildSearchIndex, closeSearchIndexer } from './searchIndexes.js';

/**
 * The post-build step, one named function a step: what turns Docusaurus's output
 * (`site/build`) into what the server and Hosting serve (`site/dist`).
 */

/**
 * Replaces `outDir` with the build: `public/` for anyone, and each locale's documentation
 * (`docs/`, `es/docs/`, the content chunks the build wrote there included) moved to `members/`.
 */
export async function separateMembersContent(buildDir: string, outDir: string): Promise<void> {
  if (!existsSync(path.join(buildDir, 'index.html')))
    throw new Error(`No Docusaurus build at ${buildDir}; run "npm run build".`);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await rename(buildDir, path.join(outDir, PUBLIC_DIR));
  for (const folder of MEMBERS_FOLDERS) {
    const from = path.join(outDir, PUBLIC_DIR, folder);
    if (!existsSync(from)) continue;
    const to = path.join(outDir, MEMBERS_DIR, folder);
    await mkdir(path.dirname(to), { recursive: true });
    await rename(from, to);
  }
}

/** Reads what the site build recorded, and removes it (each locale's copy) from what is served. */
export async function takeBuildRecord(outDir: string): Promise<BuildRecord> {
  const publicDir = path.join(outDir, PUBLIC_DIR);
  const file = path.join(publicDir, BUILD_RECORD_FILE);
  if (!existsSync(file))
    throw new Error(`The build has no ${BUILD_RECORD_FILE} (written by site/plugins/build-record.ts).`);
  const record = parseBuildRecord(await readFile(file, 'utf8'), file);
  for (const prefix of LOCALE_PREFIXES) await rm(path.join(publicDir, prefix, BUILD_RECORD_FILE), { force: true });
  return record;
}

/** Reads each locale's documentation sections the site build recorded, and removes them from what is served. */
export async function takeSectionPages(outDir: string): Promise<SectionPages> {
  const sections: SectionPages = {};
  for (const prefix of LOCALE_PREFIXES) {
    const file = path.join(outDir, PUBLIC_DIR, prefix, SECTION_PAGES_FILE);
    if (!existsSync(file)) throw new Error(`The build has no ${file} (written by site/plugins/section-pages.ts).`);
    Object.assign(sections, parseSectionPages(await readFile(file, 'utf8'), file));
    await rm(file);
  }
  return sections;
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/**
 * Writes the server's record: the Content-Security-Policy with every inline script of every
 * page (public and members') hashed into it, the access rule and locales of the build, and
 * where each folder address of the documentation leads.
 */
export async function writeServerRecord(
  outDir: string,
  build: BuildRecord,
  sectionPages: SectionPages,
): Promise<{ record: ServerRecord; inlineScripts: number }> {
  const documents: string[] = [];
  for (const dir of [PUBLIC_DIR, MEMBERS_DIR])
    for await (const file of htmlFiles(path.join(outDir, dir))) documents.push(await readFile(file, 'utf8'));
  const hashes = inlineScriptHashes(documents);
  const record: ServerRecord = {
    contentSecurityPolicy: contentSecurityPolicy(hashes, build),
    readerPolicy: build.readerPolicy,
    localePrefixes: build.localePrefixes,
    identity: build.identity,
    sectionPages,
  };
  await writeFile(path.join(outDir, SERVER_RECORD_FILE), serializeRecord(record));
  return { record, inlineScripts: hashes.length };
}

/** Two search indexes: the public one, and the members' one under the locked `/docs/` prefix. */
export async function buildSearchIndexes(outDir: string): Promise<{ public: number; members: number }> {
  try {
    const publicDir = path.join(outDir, PUBLIC_DIR);
    const membersDir = path.join(outDir, MEMBERS_DIR);
    return {
      public: await buildSearchIndex({
        siteDir: publicDir,
        outputPath: path.join(publicDir, 'pagefind'),
        rootSelector: 'main',
      }),
      members: await buildSearchIndex({
        siteDir: membersDir,
        outputPath: path.join(membersDir, MEMBERS_FOLDERS[0]!, 'pagefind'),
        rootSelector: 'article',
      }),
    };
  } finally {
    await closeSearchIndexer();
  }
}

/** Brotli and gzip copies of every compressible file the server serves. */
export async function precompressSite(outDir: string): Promise<number> {
  return (
    (await precompressDirectory(path.join(outDir, PUBLIC_DIR))) +
    (await precompressDirectory(path.join(outDir, MEMBERS_DIR)))
  );
}

export { writeFirebaseJson };
