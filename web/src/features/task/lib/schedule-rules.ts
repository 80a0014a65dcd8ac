/**
 * The schedule rules the console checks before asking (the server checks them again): a forced end after the
 * start on the same day, and "skip today" only on a day the schedule runs — on, and today's weekday on the
 * robot's clock (which the schedules run by, not this computer's) among its repeat days.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** Why today's run cannot be skipped, or null when it can (or when the robot's clock is not known yet). */
export type SkipBlock = { reason: 'off' } | { reason: 'notToday'; date: string } | null;

/** 1 Monday … 7 Sunday of a date as the robot writes it (ISO, its own offset: the date part is its day). */
export function isoWeekday(isoDate: string): number {
  const [year = 1970, month = 1, day = 1] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
}

export function skipTodayBlock(schedule: { isActive: boolean; repeat: number[] }, robotTime: string | null | undefined): SkipBlock {
  if (!schedule.isActive) return { reason: 'off' };
  if (!robotTime) return null;
  const date = robotTime.slice(0, 10);
  return schedule.repeat.includes(isoWeekday(date)) ? null : { reason: 'notToday', date };
}

/** "HH:mm" of a picked time, "" for none. */
export function hhmm(value: Dayjs | null | undefined): string {
  return value ? value.format('HH:mm') : '';
}

/** A stored "HH:mm" as a picker value (today's date, which the picker ignores); null for none. */
export function fromHhmm(value: string | null | undefined): Dayjs | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value ?? '');
  return match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0).millisecond(0) : null;
}

/** True unless both are set and the end is not after the start (a run never crosses midnight). */
export function endAfterStart(start: Dayjs | null | undefined, end: Dayjs | null | undefined): boolean {
  return !start || !end || hhmm(end) > hhmm(start);
}
