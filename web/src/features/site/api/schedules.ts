import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { siteKeys } from './keys';

export type Coverage = DataOf<'/api/site/plan/coverage'>;
export type ItemService = Coverage['items'][number];
export type RobotSchedules = Coverage['robots'][number];
export type Schedule = ItemService['schedules'][number];
export type Calendar = DataOf<'/api/site/plan/calendar'>;
export type CalendarDay = Calendar['days'][number];
export type CalendarPeriod = 'day' | 'week';

/** The robots' schedules are asked from the robots themselves (a few seconds): kept a while once read. */
const SCHEDULES_STALE_MS = 30_000;

/** A day's plan items with the robots' schedules serving each (`day` null: the site's today). */
export const useCoverage = (siteId: number, day: string | null) =>
  useQuery({
    queryKey: siteKeys.coverage(siteId, day),
    queryFn: ({ signal }) => post('/api/site/plan/coverage', { siteId, day }, { signal }),
    staleTime: SCHEDULES_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** What is planned and what the robots have scheduled, each day of a day or its week. */
export const useCalendar = (siteId: number, period: CalendarPeriod, day: string | null) =>
  useQuery({
    queryKey: siteKeys.calendar(siteId, period, day),
    queryFn: ({ signal }) => post('/api/site/plan/calendar', { siteId, period, day }, { signal }),
    staleTime: SCHEDULES_STALE_MS,
    placeholderData: keepPreviousData,
  });
