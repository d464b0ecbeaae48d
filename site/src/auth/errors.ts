import { translate } from '@docusaurus/Translate';
import { errorCode } from './codedError';

export { CodedError, errorCode } from './codedError';

/** Reader-facing messages for the identity provider's error codes, in the reader's language. */
const MESSAGES: Record<string, () => string> = {
  'auth/invalid-credential': () =>
    translate({
      id: 'auth.error.invalidCredential',
      message: 'The e-mail address or the password is not correct.',
      description: 'Sign-in error: wrong e-mail or password',
    }),
  'auth/user-disabled': () =>
    translate({
      id: 'auth.error.userDisabled',
      message:
        'The centre has suspended this account’s access to the site. Ask the centre (the contact address is at the foot of the page) why, and whether it can be restored.',
      description: 'Sign-in error: the account is disabled (suspended by the centre)',
    }),
  'auth/too-many-requests': () =>
    translate({
      id: 'auth.error.tooManyRequests',
      message: 'Too many attempts. Wait a few minutes and try again, or choose "E-mail me a sign-in link" instead.',
      description: 'Sign-in error: rate limited',
    }),
  'auth/invalid-email': () =>
    translate({
      id: 'auth.error.invalidEmail',
      message: 'Enter a valid e-mail address.',
      description: 'Sign-in error: malformed e-mail',
    }),
  'auth/missing-email': () =>
    translate({
      id: 'auth.error.missingEmail',
      message: 'Enter your e-mail address first.',
      description: 'Error when asking for a password reset without an e-mail',
    }),
  'auth/missing-password': () =>
    translate({
      id: 'auth.error.missingPassword',
      message: 'Enter your password.',
      description: 'Sign-in error: empty password',
    }),
  'auth/account-exists-with-different-credential': () =>
    translate({
      id: 'auth.error.accountExists',
      message:
        'An account with this e-mail address already exists with another way in. Choose "E-mail me a sign-in link" with this address instead: opening the link signs you in to that account.',
      description: 'Sign-in error: the GitHub e-mail belongs to an account with another way in',
    }),
  'auth/popup-blocked': () =>
    translate({
      id: 'auth.error.popupBlocked',
      message: 'The browser blocked the sign-in window. Allow pop-ups for this site and try again.',
      description: 'Sign-in error: popup blocked',
    }),
  'auth/popup-closed-by-user': () =>
    translate({
      id: 'auth.error.popupClosed',
      message: 'The sign-in window was closed before signing in finished.',
      description: 'Sign-in error: popup closed',
    }),
  'auth/cancelled-popup-request': () =>
    translate({
      id: 'auth.error.popupCancelled',
      message: 'Another sign-in window was opened. Finish signing in there.',
      description: 'Sign-in error: popup superseded',
    }),
  'auth/network-request-failed': () =>
    translate({
      id: 'auth.error.network',
      message: 'The sign-in service cannot be reached right now. Try again in a few minutes.',
      description: 'Sign-in error: network',
    }),
  'auth/unauthorized-domain': () =>
    translate({
      id: 'auth.error.unauthorizedDomain',
      message:
        'Sign-in is not enabled for this address of the site. Please write to the centre (the contact address is at the foot of the page).',
      description: 'Sign-in error: domain not authorised in the project',
    }),
  'auth/internal-error': () =>
    translate({
      id: 'auth.error.internal',
      message:
        'The sign-in service ran into a problem of its own. Try again in a moment, or choose "E-mail me a sign-in link" instead.',
      description: 'Sign-in error: the identity provider failed internally',
    }),
  'auth/invalid-api-key': () =>
    translate({
      id: 'auth.error.invalidApiKey',
      message:
        'The site’s sign-in settings are wrong. Please write to the centre (the contact address is at the foot of the page).',
      description: 'Sign-in error: bad API key',
    }),
  'auth/auth-domain-config-required': () =>
    translate({
      id: 'auth.error.authDomain',
      message:
        'The site’s sign-in settings are incomplete. Please write to the centre (the contact address is at the foot of the page).',
      description: 'Sign-in error: missing auth domain',
    }),
  'auth/operation-not-supported-in-this-environment': () =>
    translate({
      id: 'auth.error.unsupported',
      message:
        'This browser cannot complete this way of signing in. Choose "E-mail me a sign-in link" instead, or try another browser.',
      description: 'Sign-in error: unsupported environment',
    }),
  'auth/web-storage-unsupported': () =>
    translate({
      id: 'auth.error.storage',
      message: 'Signing in needs browser storage, which is turned off. Allow site data for this site and try again.',
      description: 'Sign-in error: storage disabled',
    }),
  'auth/invalid-verification-code': () =>
    translate({
      id: 'auth.error.badCode',
      message: 'That code is not correct. Check the latest message and try again.',
      description: 'Second-factor error: wrong code',
    }),
  'app/malformed-verification-code': () =>
    translate({
      id: 'auth.error.malformedCode',
      message: 'The code has six digits: type all of them, as the latest message shows them.',
      description: 'Second-factor error: what was typed is not six digits',
    }),
  'auth/missing-verification-code': () =>
    translate({
      id: 'auth.error.missingCode',
      message: 'Enter the code we sent you.',
      description: 'Second-factor error: empty code',
    }),
  'auth/code-expired': () =>
    translate({
      id: 'auth.error.codeExpired',
      message: 'The code has expired. Sign in again to get a new one.',
      description: 'Second-factor error: expired code',
    }),
  'auth/missing-multi-factor-info': () =>
    translate({
      id: 'auth.error.mfaInfo',
      message: 'The second sign-in step could not start. Sign in again.',
      description: 'Second-factor error: missing info',
    }),
  'auth/password-does-not-meet-requirements': () =>
    translate({
      id: 'auth.error.passwordPolicy',
      message:
        'The site’s password rules do not accept this password. Choose another, longer one, or ask for a sign-in link by e-mail instead.',
      description: 'Password policy error',
    }),
  'session/not-allowed': () =>
    translate({
      id: 'auth.error.sessionForbidden',
      message: 'This account may not read the documentation.',
      description: 'The server refused a session for this account',
    }),
  'session/stale': () =>
    translate({
      id: 'auth.error.sessionStale',
      message: 'For your security, please sign in again.',
      description: 'The server needs a recent sign-in',
    }),
  'session/rate-limited': () =>
    translate({
      id: 'auth.error.sessionRateLimited',
      message: 'Too many attempts from this browser. Wait a minute and try again.',
      description: 'The server rate-limited session attempts',
    }),
  'request/note-required': () =>
    translate({
      id: 'auth.error.requestNote',
      message: 'Say in a few words who you are and why you need access (at most 200 characters).',
      description: 'A request for access without a note, or with one too long',
    }),
  'session/unavailable': () =>
    translate({
      id: 'auth.error.sessionUnavailable',
      message:
        'Signing in cannot be completed right now: the service that checks it is not answering. Try again in a few minutes.',
      description: 'The server cannot verify sessions right now',
    }),
};

export function describeAuthError(error: unknown): string {
  const code = errorCode(error);
  const aliases: Record<string, string> = {
    'auth/wrong-password': 'auth/invalid-credential',
    'auth/user-not-found': 'auth/invalid-credential',
    'auth/invalid-login-credentials': 'auth/invalid-credential',
    // A sign-in link asked for from a host the project does not list: to the reader, the same fault.
    'auth/unauthorized-continue-uri': 'auth/unauthorized-domain',
  };
  const message = MESSAGES[aliases[code] ?? code];
  if (message) return message();
  // The code stays in the console for whoever helps; the reader gets words.
  console.warn(`Sign-in error without a message of its own: ${code}`);
  return translate({
    id: 'auth.error.generic',
    message:
      'Signing in did not work. Try again, or choose "E-mail me a sign-in link"; if it keeps happening, write to the centre (the contact address is at the foot of the page).',
    description: 'Sign-in error without a specific message',
  });
}
