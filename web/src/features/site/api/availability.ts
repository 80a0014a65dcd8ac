/**
 * Availability (/api/site/availability/*): one site's range (scheduled and available time, what was lost and left
 * out, incidents' mean times, missed and short runs, the period before, targets met or not), the table of every
 * site for a month, and a site's targets (set by its dealer).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { siteKeys } from './keys';

export type SiteAvailability = DataOf<'/api/site/availability/get'>;
export type PeriodFigures = SiteAvailability['current'];
export type RobotFigures = SiteAvailability['robots'][number];
export type DayFigures = SiteAvailability['days'][number];
export type SeverityFigures = PeriodFigures['incidents'][number];
export type Problem = SiteAvailability['problems'][number];
export type Targets = SiteAvailability['targets'];
export type Met = SiteAvailability['met'];
export type AvailabilityRow = DataOf<'/api/site/availability/table'>['rows'][number];
export type TargetsBody = BodyOf<'/api/site/availability/targets/set'>;

/** One site's days `startDay`..`endDay` (null: this month up to the site's today). */
export const useAvailability = (siteId: number, range: { startDay: string; endDay: string } | null) =>
  useQuery({
    queryKey: siteKeys.availability(siteId, range?.startDay ?? null, range?.endDay ?? null),
    queryFn: ({ signal }) => post('/api/site/availability/get', { siteId, ...range }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every site of the branch for `day`'s month (null: this month), worst first. */
export const useAvailabilityTable = (day: string | null) =>
  useQuery({
    queryKey: siteKeys.actual('availability-table', day),
    queryFn: ({ signal }) => post('/api/site/availability/table', { day }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Saves a site's targets (all empty: none); the site's figures and the table follow. */
export function useSetTargets(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TargetsBody, 'siteId'>) => post('/api/site/availability/targets/set', { siteId, ...body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteKeys.availability(siteId) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.actual('availability-table') });
    },
  });
}
