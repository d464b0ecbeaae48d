import { signInUrl, type Locale } from '@trust/access-policy';
import type { AuthApi } from './sdk';
import { readStored, writeStored } from './storage';

/**
 * The address a link was last asked for in this browser. Opened here, the link signs in at once;
 * opened in another browser or device, the reader types the address again, and the provider
 * refuses any address but the one the link was sent to.
 */
const ADDRESS_KEY = 'trust.auth.emailForSignIn';

/** The query parameters a sign-in link adds to the page it returns to. */
const LINK_PARAMETERS = ['mode', 'oobCode', 'apiKey', 'lang', 'continueUrl', 'tenantId'];

/** E-mails a link that returns to this site's sign-in page, in the reader's language, and on to `returnPath`. */
export async function sendSignInLink(api: AuthApi, email: string, returnPath: string, locale: Locale): Promise<void> {
  await api.sendSignInLink(email, `${window.location.origin}${signInUrl(returnPath, '', locale)}`);
  // Without storage the reader types the address again when the link opens: nothing is lost.
  writeStored(ADDRESS_KEY, email);
}

export const rememberedAddress = (): string | null => readStored(ADDRESS_KEY);

export function forgetAddress(): void {
  writeStored(ADDRESS_KEY, null);
}

/** Whether the page was reached from something that looks like a sign-in link (complete or not). */
export function looksLikeSignInLink(search: string): boolean {
  return new URLSearchParams(search).get('mode') === 'signIn';
}

/**
 * The page's address without the link's one-time parameters, so that a reload, the history or a
 * copied address never carries a used code.
 */
export function withoutLinkParameters(href: string): string {
  const url = new URL(href);
  for (const name of LINK_PARAMETERS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
