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
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(locale), MOMENT).format(date);
}

/** A day (`YYYY-MM-DD`) as the page's language writes it: "31 Dec 2026", "31 dic 2026". */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(dateLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
