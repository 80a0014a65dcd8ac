/**
 * Report ranges and date-range checks (product-spec.md 5, api-spec.md 9): presets for the last
 * week, month, three months and year; a range chosen by hand must not start after it ends, must
 * not lie in the future, and may span at most 7 days ("start within 7 days").
 */
import dayjs, { type Dayjs } from 'dayjs';

export const REPORT_RANGES = ['week', 'month', 'quarter', 'year'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** The longest range chosen by hand, in days from start to end inclusive. */
export const CUSTOM_RANGE_DAYS = 7;

export type DateRangeError = 'required' | 'startAfterEnd' | 'startInFuture' | 'endInFuture' | 'tooLong';

/** A preset range ending today, both ends inclusive (a year is 365 or 366 days, within the server's limit). */
export function presetRange(preset: ReportRange, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const end = today.startOf('day');
  switch (preset) {
    case 'week':
      return [end.subtract(6, 'day'), end];
    case 'month':
      return [end.subtract(1, 'month').add(1, 'day'), end];
    case 'quarter':
      return [end.subtract(3, 'month').add(1, 'day'), end];
    case 'year':
      return [end.subtract(1, 'year').add(1, 'day'), end];
  }
}

export function checkDateRange(
  start: Dayjs | null | undefined,
  end: Dayjs | null | undefined,
  today: Dayjs = dayjs(),
  maxDays: number = CUSTOM_RANGE_DAYS,
): DateRangeError | null {
  if (!start || !end) return 'required';
  const from = start.startOf('day');
  const to = end.startOf('day');
  const now = today.startOf('day');
  if (from.isAfter(to)) return 'startAfterEnd';
  if (from.isAfter(now)) return 'startInFuture';
  if (to.isAfter(now)) return 'endInFuture';
  if (to.diff(from, 'day') + 1 > maxDays) return 'tooLong';
  return null;
}

/** For a date picker: days after today cannot be picked. */
export function isFutureDay(day: Dayjs, today: Dayjs = dayjs()): boolean {
  return day.startOf('day').isAfter(today.startOf('day'));
}

export function isoDay(day: Dayjs): string {
  return day.format('YYYY-MM-DD');
}
