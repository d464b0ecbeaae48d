import { createHash } from 'node:crypto';
import type { BuildRecord } from '@trust/access-policy/build-contract';

/** The `sha256-…` source of every inline script in a set of HTML documents. */
export function inlineScriptHashes(htmlDocuments: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of htmlDocuments) {
    for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
      const attributes = match[1] ?? '';
      if (/\ssrc\s*=/i.test(attributes)) continue;
      const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
      if (type && type !== 'text/javascript' && type !== 'module' && type !== 'application/javascript') continue;
      hashes.add(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/**
 * The Content-Security-Policy of every page: scripts only from the site itself, the hashed
 * inline scripts of the build, and what the identity provider's popup sign-in and second-factor
 * step need (Google's `gapi` loader, reCAPTCHA, the auth domain's helper iframe).
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  manifest: Pick<BuildRecord, 'authDomain' | 'emulatorHost'>,
): string {
  const emulator = manifest.emulatorHost
    ? [`http://${manifest.emulatorHost}`, `http://${manifest.emulatorHost.replace(/^localhost:/, '127.0.0.1:')}`]
    : [];
  const authDomain = manifest.emulatorHost ? [] : [`https://${manifest.authDomain}`];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets the search engine compile its WebAssembly; it allows no JavaScript eval.
    'script-src': [
      "'self'",
      ...scriptHashes,
      "'wasm-unsafe-eval'",
      'https://apis.google.com',
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      ...emulator,
    ],
    'frame-src': [
      "'self'",
      ...authDomain,
      ...emulator,
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
