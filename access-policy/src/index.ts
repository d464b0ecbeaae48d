export { MAX_PATH_LENGTH, normalizePath, type NormalizedPath } from './path.js';
export { isRestrictedNormalizedPath, isRestrictedPath } from './restricted.js';
export {
  canonicalMailbox,
  invitationEndsAt,
  isAdmittedByDomain,
  isAllowedReader,
  isUniversityAddress,
  type Invitation,
  type ReaderIdentity,
  type ReaderPolicy,
} from './reader.js';
export {
  REFUSAL_REASONS,
  SESSION_ENDS,
  type AccessEntry,
  type AccessErrorCode,
  type AccessRequestBody,
  type AccessRequestErrorCode,
  type AdminAction,
  type AdminAnswerCode,
  type AdminChangeBody,
  type AdminErrorCode,
  type ErrorBody,
  type MailboxProofAnswer,
  type MailboxProofErrorCode,
  type MailboxProofRequest,
  type RefusalReason,
  type RefusedChange,
  type RequestOutcome,
  type SessionEnd,
  type SessionErrorCode,
  type SessionRefusal,
  type SessionState,
} from './api.js';
export {
  BROWSER_EMULATOR_HOST,
  DEFAULT_EMULATOR_HOST,
  DEFAULT_SITE_DIR,
  EMULATOR_PORT,
  defaultReaderPolicy,
  isDemoProjectId,
} from './defaults.js';
export { safeReturnPath } from './returnPath.js';
export { DEFAULT_LOCALE, LOCALES, LOCALE_PREFIXES, localeOfPath, localePrefix, type Locale } from './locales.js';
export {
  ACCESS_REQUEST_API_PATH,
  ADMIN_API_PREFIX,
  AUTH_HANDLER_PREFIX,
  ADMIN_PATH,
  DEMO_PROJECT_ID,
  DOCS_HOME_PATH,
  EMAIL_LINK_API_PATH,
  LOCALIZED_MACHINERY_PATHS,
  MACHINERY_PATHS,
  MEMBERS_FOLDERS,
  MEMBERS_PREFIXES,
  MEMBERS_SEARCH_INDEX,
  PUBLIC_SEARCH_INDEX,
  RETRY_LINK_ID,
  SEARCH_PATH,
  SERVER_ROUTES,
  SESSION_API_PATH,
  SESSION_END_PARAMETER,
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  UNAVAILABLE_PATH,
  sessionEndedUrl,
  signInUrl,
} from './routes.js';
export { securityHeaders } from './securityHeaders.js';
export { SettingError } from './settingError.js';
