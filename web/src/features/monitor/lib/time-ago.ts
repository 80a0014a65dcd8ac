import type { TFunction } from 'i18next';

/** "12 s ago", "3 min ago" … from an ISO time and the current time in ms. */
export function timeAgo(t: TFunction, iso: string | null | undefined, nowMs: number): string {
  if (!iso) return t('monitor.robots.never');
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (Number.isNaN(seconds)) return t('monitor.robots.never');
  if (seconds < 2) return t('monitor.robots.justNow');
  if (seconds < 60) return t('monitor.robots.secondsAgo', { count: seconds });
  if (seconds < 3600) return t('monitor.robots.minutesAgo', { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t('monitor.robots.hoursAgo', { count: Math.floor(seconds / 3600) });
  return t('monitor.robots.daysAgo', { count: Math.floor(seconds / 86_400) });
}
