/**
 * How old something is, in the reader's language ("12 minutes ago", "vor 12 Minuten", "منذ 12 دقيقة"): the browser's
 * Intl.RelativeTimeFormat says it with its language's plural rules; under a minute is the caller's "just now".
 */
export function ageText(thenMs: number, nowMs: number, language: string, justNow: string): string {
  const minutes = Math.floor(Math.max(0, nowMs - thenMs) / 60_000);
  if (minutes < 1) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}
