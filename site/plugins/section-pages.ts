import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import type { LoadedContent as DocsContent, LoadedVersion } from '@docusaurus/plugin-content-docs';
import { DOCS_HOME_PATH } from '@trust/access-policy';
import { SECTION_PAGES_FILE, serializeRecord, type SectionPages } from '@trust/access-policy/build-contract';
import { docSections } from './llms-files';

const withoutSlash = (address: string) => address.replace(/\/+$/, '');

/**
 * Each folder of the documentation that is not a page itself, with the page it leads to: its first
 * in the sidebar's order; the documentation's root leads to its landing page, as the navbar does.
 * Docusaurus makes a page of a folder only when the folder has an index document, so a shortened
 * address (`/docs/IntrusionSentinel/installation/`) would otherwise be 'Page not found'.
 */
export function sectionPages(version: LoadedVersion): SectionPages {
  const root = withoutSlash(version.path);
  const pages = new Set(version.docs.map((doc) => withoutSlash(doc.permalink)));
  const sections: SectionPages = { [root]: `${root}${DOCS_HOME_PATH.slice('/docs'.length)}` };
  for (const doc of docSections(version, '').flatMap((section) => section.docs)) {
    let folder = path.posix.dirname(withoutSlash(doc.permalink));
    while (folder.startsWith(`${root}/`)) {
      if (!pages.has(folder) && !(folder in sections)) sections[folder] = withoutSlash(doc.permalink);
      folder = path.posix.dirname(folder);
    }
  }
  return sections;
}

/** Writes each locale's sections for the post-build step, which hands them to the server. */
export default function sectionPagesPlugin(): Plugin {
  let docs: LoadedVersion | undefined;
  return {
    name: 'section-pages',
    allContentLoaded({ allContent }) {
      docs = (allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined)?.loadedVersions[0];
    },
    async postBuild({ outDir }) {
      if (!docs) throw new Error('section pages: the documentation was not loaded');
      await writeFile(path.join(outDir, SECTION_PAGES_FILE), serializeRecord(sectionPages(docs)));
    },
  };
}
