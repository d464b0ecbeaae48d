import { readStored, writeStored } from './storage';

/**
 * What the browser currently knows about the reader, readable outside React (by the navigation
 * guard, which runs before any component). `unknown` until the SDK has answered.
 */
export type ReaderAccess = 'unknown' | 'allowed' | 'not-allowed';

const RETURNING_KEY = 'trust.auth.returning';
/**
 * The address of the last session opened here, kept until the reader signs out: when the server
 * ends a session (a sign-out elsewhere, a suspension), the sign-in page names it and fills it in.
 */
const ADDRESS_KEY = 'trust.auth.lastAddress';
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
export const isReturningReader = (): boolean => readStored(RETURNING_KEY) === '1';

export function rememberReturningReader(isReturning: boolean): void {
  if (!writeStored(RETURNING_KEY, isReturning ? '1' : null))
    console.warn('Browser storage is unavailable; sign-in will not be remembered.');
}

/** Without storage the sign-in page cannot name the address: nothing else is lost. */
export function rememberAddress(email: string | null): void {
  writeStored(ADDRESS_KEY, email || null);
}

export const lastAddress = (): string | null => readStored(ADDRESS_KEY);
