import dayjs from 'dayjs';

export const EMPTY_VALUE = '—';

/** A server time (ISO, UTC) in the viewer's time zone, to the minute. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return EMPTY_VALUE;
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : EMPTY_VALUE;
}

export function formatDay(value: string | null | undefined): string {
  if (!value) return EMPTY_VALUE;
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD') : EMPTY_VALUE;
}

export function orDash(value: string | number | null | undefined): string | number {
  return value === null || value === undefined || value === '' ? EMPTY_VALUE : value;
}

/** Rounded hours for consumables and maintenance (a decimal place below 10 h). */
export function formatHours(value: number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  return Math.abs(value) < 10 ? value.toFixed(1) : String(Math.round(value));
}
