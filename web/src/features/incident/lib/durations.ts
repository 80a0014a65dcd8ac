/**
 * How incident times read: a duration as H:MM:SS (hours may pass 24: "49:05:00" is two days and an hour), the
 * same in every language; minutes for the charts' axes.
 */
import { formatDuration } from '@/lib/export-cells';

/** Seconds as H:MM:SS, "—" for none (not acknowledged or resolved yet). */
export function durationText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return formatDuration(seconds).replace(/^0(\d:)/, '$1');
}

/** Seconds as minutes with one decimal, null stays null (a gap in a line chart). */
export function minutes(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined) return null;
  return Math.round(seconds / 6) / 10;
}

/** How long an incident has been (or was) open: until it ended, else until `now`. */
export function openSeconds(openedAt: string, endedAt: string | null, now: number): number {
  const end = endedAt ? Date.parse(endedAt) : now;
  return Math.max(0, Math.round((end - Date.parse(openedAt)) / 1000));
}
