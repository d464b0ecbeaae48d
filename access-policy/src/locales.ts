/**
 * The site's locales, spelled once for the site build, the browser code, the search and the
 * server. The default locale has no path prefix; the others live under
 * `/<locale>/`.
 */
export const DEFAULT_LOCALE = 'en';
export const LOCALES = [DEFAULT_LOCALE, 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** The path prefix of a locale: `''` for the default, `/es` for Spanish. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** Every locale's prefix, the default's (`''`) first. */
export const LOCALE_PREFIXES: readonly string[] = LOCALES.map(localePrefix);

/** The locale a normalised path belongs to. */
export function localeOfPath(normalizedPath: string): Locale {
  const first = normalizedPath.split('/')[1];
  return LOCALES.find((locale) => locale !== DEFAULT_LOCALE && locale === first) ?? DEFAULT_LOCALE;
}
