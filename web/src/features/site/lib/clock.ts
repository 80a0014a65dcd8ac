/**
 * A site's clock: its days and times are read in its own time zone (the server sends moments in UTC, windows as
 * "HH:MM" of the site's day), never in the reader's.
 */

/** A time of day as the server takes it: HH:MM from 00:00 to 23:59, and 24:00 (a window's end at midnight). */
export const CLOCK_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/**
 * Whether a plan window closes after it opens on the same day, as the server requires (sites/plans/items.py: no
 * overnight windows; a night's cleaning is two items). True while either time is not a valid HH:MM yet (the
 * format rule speaks then).
 */
export function windowInOrder(start: string, end: string): boolean {
  if (!CLOCK_PATTERN.test(start) || !CLOCK_PATTERN.test(end)) return true;
  return clockMinutes(start) < clockMinutes(end);
}

const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** ISO weekdays 1 (Monday) … 7 (Sunday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A weekday's short name in the reader's language. */
export function weekdayName(day: number, language: string): string {
  // 2024-01-01 was a Monday
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
}

/** Weekdays as a short text: every day, or the names in order. */
export function weekdaysText(days: readonly number[], language: string, everyDay: string): string {
  if (days.length === 7) return everyDay;
  return days.toSorted((a, b) => a - b).map((d) => weekdayName(d, language)).join(' ');
}

/** A weekday's short name for a YYYY-MM-DD day. */
export function dayWeekdayName(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** "HH:MM" of a moment on a zone's clock. */
export function clockIn(iso: string, zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  } catch {
    return iso.slice(11, 16);
  }
}

/** YYYY-MM-DD of a moment on a zone's clock. */
export function dayIn(iso: string, zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
}

/** A moment on a zone's clock: "HH:MM" when on `day`, else "YYYY-MM-DD HH:MM". */
export function momentIn(iso: string, zone: string, day?: string): string {
  const date = dayIn(iso, zone);
  const clock = clockIn(iso, zone);
  return date === day ? clock : `${date} ${clock}`;
}

/** Every day from `start` to `end` (YYYY-MM-DD, both included). */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let at = Date.parse(`${start}T00:00:00Z`); at <= last && out.length < 62; at += 86_400_000) {
    out.push(new Date(at).toISOString().slice(0, 10));
  }
  return out;
}
