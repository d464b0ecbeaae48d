/**
 * Moments and days as a reader of the page's language writes them: "28 Nov 2026, 14:07" in the
 * reader's own time zone, "28 nov 2026, 14:07" in Spanish; an invitation's last day without a
 * time (it ends at the close of that day, UTC).
 */
export function formatMoment(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A day (`YYYY-MM-DD`) as the page's language writes it: "31 Dec 2026", "31 dic 2026". */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
