/** Numbers, areas, times and days as the wall display and the device map print them, in the UI's language. */

/** A count with the language's digit grouping. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/**
 * m²: whole square metres, shortened from 100,000 on ("12.3万" in Chinese, "123K" in English). An axis
 * passes `compact` for all its labels alike (from its largest value), so it never mixes "15万" with "90,000".
 */
export function formatArea(m2: number, language: string, compact = Math.abs(m2) >= 100_000): string {
  return new Intl.NumberFormat(language, compact ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 0 }).format(m2);
}

/** A rate from 0 to 1 in percent with one decimal. */
export function formatRate(rate: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate);
}

/** The wall clock's time (24 hours, seconds) and date with the weekday. */
export function formatClock(now: Date, language: string): { time: string; date: string } {
  return {
    time: new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(now),
    date: new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' }).format(now),
  };
}

/** A day of the seven-day chart ("2026-11-21") as a short month and day. */
export function formatDay(isoDate: string, language: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(day);
}

/** A moment as the time of day when it is today, else with the date. */
export function formatMoment(iso: string, now: Date, language: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const sameDay = moment.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat(language, options).format(moment);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago, in words ("3 minutes ago", "3 分钟前"); a moment in the future reads as now. */
export function timeAgo(iso: string, now: Date, language: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const seconds = Math.max(0, Math.round((now.getTime() - moment.getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size || unit === 'second') return format.format(-Math.floor(seconds / size), unit);
  }
  return '';
}

/** The browser's UTC offset in minutes, as /api/screen/summary takes it. */
export function utcOffsetMinutes(now: Date = new Date()): number {
  return -now.getTimezoneOffset();
}
