/**
 * The security headers of every response, from the server and from Firebase Hosting alike (the
 * build writes them into `firebase.json`), so a page reads the same wherever it is served from.
 * The opener policy keeps the sign-in popup able to report back to the page that opened it.
 */
export function securityHeaders(contentSecurityPolicy: string, isProduction: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy,
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(isProduction ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
