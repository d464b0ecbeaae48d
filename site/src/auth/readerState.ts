/**
 * What the browser currently knows about the reader, readable outside React (by the navigation
 * guard, which runs before any component). `unknown` until the SDK has answered.
 */
export type ReaderAccess = 'unknown' | 'allowed' | 'not-allowed';

const RETURNING_KEY = 'trust.auth.returning';
let access: ReaderAccess = 'unknown';

/**
 * The path of the page the server sent. The server sends a documentation page only to an allowed
 * reader whose session it has just verified, so the gate can show that page at once instead of
 * waiting for the identity provider's SDK to load and answer.
 */
const servedPath = typeof window === 'undefined' ? null : window.location.pathname;

export function isServedPage(pathname: string): boolean {
  return pathname === servedPath;
}

export function currentAccess(): ReaderAccess {
  return access;
}

export function setAccess(next: ReaderAccess): void {
  access = next;
}

/**
 * Whether this browser has signed in before and may still hold a session, so the SDK should be
 * loaded at start. Storage can be unavailable (privacy modes); then the answer is no.
 */
export function isReturningReader(): boolean {
  try {
    return window.localStorage.getItem(RETURNING_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberReturningReader(isReturning: boolean): void {
  try {
    if (isReturning) window.localStorage.setItem(RETURNING_KEY, '1');
    else window.localStorage.removeItem(RETURNING_KEY);
  } catch (error) {
    console.warn('Browser storage is unavailable; sign-in will not be remembered.', error);
  }
}
