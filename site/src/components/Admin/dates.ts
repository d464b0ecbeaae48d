/**
 * Moments and days as a reader of the page's language writes them: "28 Nov 2026, 14:07 GMT-3"
 * in the reader's own time zone, "28 nov 2026, 14:07 GMT-3" in Spanish, the zone named since the
 * page also shows days that end in UTC; an invitation's last day without a time (it ends at the
 * close of that day, UTC). English is the site's British English: day before month, a 24-hour clock.
 */
const DATE_LOCALES: Record<string, string> = { en: 'en-GB' };
const dateLocale = (locale: string) => DATE_LOCALES[locale] ?? locale;

const MOMENT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

export function formatMoment(iso: string, locale: string): string {
  return formatted(iso, locale, MOMENT);
}

/** A day (`YYYY-MM-DD`) as the page's language writes it in a table: "31 Dec 2026", "31 dic 2026". */
export function formatDay(day: string, locale: string): string {
  return formatted(`${day}T12:00:00Z`, locale, { dateStyle: 'medium', timeZone: 'UTC' }, day);
}

/**
 * Spanish running text writes a month out ("27 de febrero de 2027"); a table keeps the short form.
 * English keeps "27 Feb 2027" in a sentence too.
 */
const IN_WORDS: Record<string, Intl.DateTimeFormatOptions> = { es: { month: 'long' } };

/** A day (`YYYY-MM-DD`) as a sentence writes it: "27 Feb 2027", "27 de febrero de 2027". */
export function formatDayInWords(day: string, locale: string): string {
  const words = IN_WORDS[locale];
  if (!words) return formatDay(day, locale);
  return formatted(`${day}T12:00:00Z`, locale, { year: 'numeric', day: 'numeric', timeZone: 'UTC', ...words }, day);
}

/** A moment as a sentence writes it: "27 Feb 2027, 14:07 GMT-3", "27 de febrero de 2027 a las 14:07 GMT-3". */
export function formatMomentInWords(iso: string, locale: string): string {
  return formatted(iso, locale, { ...MOMENT, ...IN_WORDS[locale] });
}

/** `iso` formatted with `options`, or `fallback` (the text as given) if it is no date. */
function formatted(iso: string, locale: string, options: Intl.DateTimeFormatOptions, fallback = iso): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  return new Intl.DateTimeFormat(dateLocale(locale), options).format(date);
}
