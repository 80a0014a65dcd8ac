/**
 * Days in the console are the reader's (issue 30 item 8; the server's side and the whole decision are in
 * backend/cleanfleet/core/ranges.py). Every call carries the browser's IANA zone (the `timezone` header,
 * api/client.ts), and a range of days goes to the server in one of two ways:
 *
 * - as days (`dayParam`: `YYYY-MM-DD` of the local day, the task reports' `startDate`/`endDate`), which the
 *   server reads as days in that zone;
 * - as instants (`dayBounds`: the first day's local midnight and the last day's last millisecond, the alarm
 *   centre's `startTime`/`endTime`), which the server takes as given.
 *
 * Never `toISOString().slice(0, 10)` for a day: that is the UTC day, one off for hours around midnight.
 */
import dayjs, { type Dayjs } from 'dayjs';

type DayRange = readonly [Dayjs | null, Dayjs | null] | null | undefined;

/** The reader's day as the server's day parameter. */
export const dayParam = (day: Dayjs): string => day.format('YYYY-MM-DD');

/** Optional days of a range picker as day parameters. */
export function dayParams(range: DayRange): { startDate?: string; endDate?: string } {
  return { startDate: range?.[0] ? dayParam(range[0]) : undefined, endDate: range?.[1] ? dayParam(range[1]) : undefined };
}

/** The instants a range of the reader's days covers: from the first day's local midnight to the last day's end. */
export function dayBounds(range: DayRange): { startTime?: string; endTime?: string } {
  return {
    startTime: range?.[0] ? range[0].startOf('day').toISOString() : undefined,
    endTime: range?.[1] ? range[1].endOf('day').toISOString() : undefined,
  };
}

/** A day parameter from a link (`YYYY-MM-DD`), or null when it is absent or not a real day. */
function linkedDay(text: string | null): Dayjs | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = dayjs(text, 'YYYY-MM-DD');
  return day.isValid() && day.format('YYYY-MM-DD') === text ? day : null;
}

/**
 * The days a link names (`?startDate=…&endDate=…`, as robot health's evidence links carry them), as a range
 * picker's value; undefined when the link names none or they are not real days in order.
 */
export function linkedRange(params: URLSearchParams): [Dayjs, Dayjs] | undefined {
  const start = linkedDay(params.get('startDate'));
  const end = linkedDay(params.get('endDate'));
  return start && end && !end.isBefore(start) ? [start, end] : undefined;
}
