export { MAX_PATH_LENGTH, normalizePath, type NormalizedPath } from './path.js';
export { isRestrictedNormalizedPath, isRestrictedPath } from './restricted.js';
export { isAllowedReader, type ReaderIdentity, type ReaderPolicy } from './reader.js';
export { defaultReaderPolicy } from './defaults.js';
export { safeReturnPath } from './returnPath.js';
export {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_PREFIXES,
  SIGN_IN_PATH,
  localeOfPath,
  localePrefix,
  type Locale,
} from './locales.js';
