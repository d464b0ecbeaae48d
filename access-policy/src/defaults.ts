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
