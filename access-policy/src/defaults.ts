import type { ReaderPolicy } from './reader.js';

/**
 * The institution's domains and the example whitelisted reader. Deployments override them
 * through settings (see the README); the site and the server start from the same values.
 */
export const defaultReaderPolicy: ReaderPolicy = {
  staffDomain: 'uai.cl',
  studentDomain: 'alumnos.uai.cl',
  whitelistedEmail: 'guest.reader@example.com',
};

/** The port the local Auth emulator listens on. */
const EMULATOR_PORT = 9099;

/** Where the server, the scripts and the tests reach the local Auth emulator (`FIREBASE_AUTH_EMULATOR_HOST` overrides it). */
export const DEFAULT_EMULATOR_HOST = `127.0.0.1:${EMULATOR_PORT}`;

/**
 * The same emulator as the pages name it: `localhost`, not 127.0.0.1, so that its helper iframe
 * is same-site with the site (http://localhost:3000), or browsers that block third-party storage
 * deny it sessionStorage.
 */
export const BROWSER_EMULATOR_HOST = `localhost:${EMULATOR_PORT}`;

/** The prepared build, relative to the repository's root (`SITE_DIR` overrides it). */
export const DEFAULT_SITE_DIR = 'site/dist';

/** Whether a Firebase project id is a local one: `demo-` ids need no real project and never reach one. */
export const isDemoProjectId = (projectId: string): boolean => projectId.startsWith('demo-');
