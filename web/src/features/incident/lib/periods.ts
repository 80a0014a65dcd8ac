/**
 * The periods of the reports (the task report charts' week, month, three months and year), for the incident list
 * (from the first of those days, in the reader's zone) and for the figures (the server's `range`).
 */
import dayjs from 'dayjs';

export const PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof PERIODS)[number];
export const LIST_PERIODS = ['all', ...PERIODS] as const;
export type ListPeriod = (typeof LIST_PERIODS)[number];

/** The reader's first day of a period ending today (as the reports count: 7 days, 30 days, 13 weeks, 12 months). */
export function periodStart(period: ListPeriod, today = dayjs()): string | undefined {
  const end = today.startOf('day');
  switch (period) {
    case 'week':
      return end.subtract(6, 'day').toISOString();
    case 'month':
      return end.subtract(29, 'day').toISOString();
    case 'quarter':
      return end.subtract(13 * 7 - 1, 'day').toISOString();
    case 'year':
      return end.subtract(11, 'month').startOf('month').toISOString();
    default:
      return undefined;
  }
}
