/**
 * The longest range, in days, each list's start/end filter takes: a mirror of `LIST_SPANS` in
 * backend/cleanfleet/core/ranges.py, where each exception to the spec's 7 days stands with its reason
 * (backend/tests/core/test_ranges_schema.py checks the two agree). A range picker shows its page's limit
 * (components/limited-range-picker.tsx) so it is read, not discovered by a refusal. Keys are the paths
 * without `/api` (the API files alone spell a call's full path, scripts/check-imports.mjs).
 */
import dayjs, { type Dayjs } from 'dayjs';

export const RANGE_LIMIT_DAYS = {
  '/taskReport/list': 7,
  '/qiniuQvs/recordList': 7,
  '/log/list': 7,
  '/log/export': 7,
  '/audit/list': 366,
  '/audit/export': 366,
  '/warn/list': 366,
  '/warn/warnSummary': 366,
  '/incident/list': 366,
  '/summary/chart': 366,
  '/summary/chartOnLineNum': 366,
  '/hire/list': 366,
  '/repair/list': 366,
  '/site/coverage/floor': 92,
  '/site/coverage/map': 92,
  '/site/availability/get': 366,
} as const;

export type RangedList = keyof typeof RANGE_LIMIT_DAYS;

/** The longest range `path` takes, in days from the first to the last (both counted). */
export const rangeLimit = (path: RangedList): number => RANGE_LIMIT_DAYS[path];

/**
 * Whether a range picker must not offer `day`: after today, or (once the first end is picked) as far as or
 * farther than the limit from it, so every range it offers is one the server takes.
 */
export function outsideLimit(day: Dayjs, days: number, from?: Dayjs | null, today: Dayjs = dayjs()): boolean {
  if (day.startOf('day').isAfter(today.startOf('day'))) return true;
  return from ? Math.abs(day.startOf('day').diff(from.startOf('day'), 'day')) >= days : false;
}
