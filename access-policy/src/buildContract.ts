import { LOCALE_PREFIXES } from './locales.js';
import type { ReaderPolicy } from './reader.js';
import { normalizePath } from './path.js';
import { isRestrictedNormalizedPath } from './restricted.js';
import { parseRecordedPolicy } from './settings.js';

/**
 * The hand-off between the site build, the post-build step and the server: the files each one
 * writes for the next, their shapes, and the one way to read them. The build writes a
 * `BuildRecord` into its output; the post-build step reads it (and removes it from what is
 * served), then writes a `ServerRecord` beside `public/` and `members/`, which the server reads at
 * start. Neither file is ever served.
 */

/** Folders of the prepared build: what anyone may read, and what only the server hands out. */
export const PUBLIC_DIR = 'public';
export const MEMBERS_DIR = 'members';

/**
 * The documentation for readers' AI assistants, written by the site build beside the pages: each
 * page as Markdown at its address with `.md`, and under each locale's documentation prefix the
 * list of pages (`llms.txt`) and all of them in one file (`llms-full.txt`). The lock treats each
 * of them as it treats a page: the same redirect to sign-in, the same line in the audit trail.
 */
export const MARKDOWN_EXTENSION = '.md';
export const LLMS_FILE = 'llms.txt';
export const LLMS_FULL_FILE = 'llms-full.txt';

/** Whether the last segment of a members' path names one of those documents. */
export function isReadersDocument(lastSegment: string): boolean {
  return lastSegment.endsWith(MARKDOWN_EXTENSION) || lastSegment === LLMS_FILE || lastSegment === LLMS_FULL_FILE;
}

/** Written by the site build (`site/plugins/build-record.ts`) at the root of each locale's output. */
export const BUILD_RECORD_FILE = 'build-record.json';

export interface BuildRecord {
  /** The identity provider's auth domain the pages talk to (allowed by the CSP). */
  authDomain: string;
  /** `host:port` of the Auth emulator the pages talk to, or null in production. */
  emulatorHost: string | null;
  /** The access rule the site was built with: the server enforces exactly this one. */
  readerPolicy: ReaderPolicy;
  /** Path prefixes of the build's locales (`''` for the default one). */
  localePrefixes: string[];
  /** What the server must know of the identity provider the pages sign in with. */
  identity: IdentityRecord;
}

/**
 * The server secures an account when its mailbox is proven: it redeems the e-mail link itself,
 * with the project's Web API key (public: every page carries it), and takes a sign-in with the
 * university's own provider as proof for the university's domains only.
 */
export interface IdentityRecord {
  apiKey: string;
  /** Firebase's id of the university's provider (`google.com`, `microsoft.com`), or null. */
  universityProvider: UniversityProviderId | null;
}

export const UNIVERSITY_PROVIDER_IDS = { google: 'google.com', microsoft: 'microsoft.com' } as const;
type UniversityProviderId = (typeof UNIVERSITY_PROVIDER_IDS)[keyof typeof UNIVERSITY_PROVIDER_IDS];

/**
 * Written by the site build (`site/plugins/section-pages.ts`) at the root of each locale's output:
 * each folder address of the documentation that is not a page itself
 * (`/docs/IntrusionSentinel/installation`), with the page it leads to, the folder's first in the
 * sidebar's order. A reader who shortens an address to its folder, or follows a link to one, gets
 * that page instead of 'Page not found'.
 */
export const SECTION_PAGES_FILE = 'section-pages.json';

/** Folder address → page address, both without a trailing slash, both under the documentation. */
export type SectionPages = Record<string, string>;

/** Written by the post-build step beside `public/` and `members/`, read by the server at start. */
export const SERVER_RECORD_FILE = 'server-record.json';

export interface ServerRecord {
  /** The Content-Security-Policy of every page, the build's inline scripts hashed into it. */
  contentSecurityPolicy: string;
  readerPolicy: ReaderPolicy;
  localePrefixes: string[];
  identity: IdentityRecord;
  sectionPages: SectionPages;
}

/** A record that is missing, malformed, or from another version of the site. */
export class BuildRecordError extends Error {
  override name = 'BuildRecordError';
}

function parseObject(text: string, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BuildRecordError(`${file} is not valid JSON (${(error as Error).message}): rebuild the site.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BuildRecordError(`${file} is not a JSON object: rebuild the site.`);
  return value as Record<string, unknown>;
}

function checkedPolicy(file: string, recorded: unknown): ReaderPolicy {
  try {
    return parseRecordedPolicy(file, recorded);
  } catch (error) {
    throw new BuildRecordError((error as Error).message);
  }
}

function checkedLocales(file: string, recorded: unknown): string[] {
  if (!Array.isArray(recorded) || recorded.join(',') !== LOCALE_PREFIXES.join(','))
    throw new BuildRecordError(
      `${file} was built for the locales ${JSON.stringify(recorded)}, this version serves ${JSON.stringify(LOCALE_PREFIXES)}: build the site and the server from the same version.`,
    );
  return [...LOCALE_PREFIXES];
}

function checkedIdentity(file: string, recorded: unknown): IdentityRecord {
  const identity = recorded as Partial<IdentityRecord> | null | undefined;
  const providers: unknown[] = [null, ...Object.values(UNIVERSITY_PROVIDER_IDS)];
  if (
    typeof identity !== 'object' ||
    identity === null ||
    typeof identity.apiKey !== 'string' ||
    identity.apiKey === '' ||
    !providers.includes(identity.universityProvider)
  )
    throw new BuildRecordError(`${file} records no identity provider settings: rebuild the site.`);
  return { apiKey: identity.apiKey, universityProvider: identity.universityProvider ?? null };
}

function checkedSectionPages(file: string, recorded: unknown): SectionPages {
  if (typeof recorded !== 'object' || recorded === null || Array.isArray(recorded))
    throw new BuildRecordError(`${file} records no documentation sections: rebuild the site.`);
  // A path already in the server's own form: no second slash that a browser would read as another host.
  const isDocsPath = (value: unknown) => {
    const normalized = typeof value === 'string' ? normalizePath(value) : null;
    return normalized?.ok === true && normalized.path === value && isRestrictedNormalizedPath(value);
  };
  const pages: SectionPages = {};
  for (const [section, page] of Object.entries(recorded)) {
    if (!isDocsPath(section) || !isDocsPath(page))
      throw new BuildRecordError(
        `${file} leads ${JSON.stringify(section)} to ${JSON.stringify(page)}; both must be documentation addresses: rebuild the site.`,
      );
    pages[section] = page as string;
  }
  return pages;
}

export function parseSectionPages(text: string, file = SECTION_PAGES_FILE): SectionPages {
  return checkedSectionPages(file, parseObject(text, file));
}

export function parseBuildRecord(text: string, file = BUILD_RECORD_FILE): BuildRecord {
  const recorded = parseObject(text, file);
  if (typeof recorded.authDomain !== 'string' || recorded.authDomain === '')
    throw new BuildRecordError(`${file} records no auth domain: rebuild the site.`);
  const emulatorHost = recorded.emulatorHost;
  if (emulatorHost !== null && typeof emulatorHost !== 'string')
    throw new BuildRecordError(`${file} records an emulator host that is not host:port: rebuild the site.`);
  return {
    authDomain: recorded.authDomain,
    emulatorHost,
    readerPolicy: checkedPolicy(file, recorded.readerPolicy),
    localePrefixes: checkedLocales(file, recorded.localePrefixes),
    identity: checkedIdentity(file, recorded.identity),
  };
}

export function parseServerRecord(text: string, file = SERVER_RECORD_FILE): ServerRecord {
  const recorded = parseObject(text, file);
  if (typeof recorded.contentSecurityPolicy !== 'string' || recorded.contentSecurityPolicy === '')
    throw new BuildRecordError(`${file} records no Content-Security-Policy: rebuild the site.`);
  return {
    contentSecurityPolicy: recorded.contentSecurityPolicy,
    readerPolicy: checkedPolicy(file, recorded.readerPolicy),
    localePrefixes: checkedLocales(file, recorded.localePrefixes),
    identity: checkedIdentity(file, recorded.identity),
    sectionPages: checkedSectionPages(file, recorded.sectionPages),
  };
}

/** The text of a record as written to its file. */
export function serializeRecord(record: BuildRecord | ServerRecord | SectionPages): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** The value of an attribute in a start tag, quoted or not: the build's HTML is minified (`lang=es`). */
export function attributeOf(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** A built page's meta description, as written in its HTML (character references not decoded). */
export function descriptionOf(html: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (attributeOf(tag, 'name') === 'description') return attributeOf(tag, 'content');
  }
  return undefined;
}
