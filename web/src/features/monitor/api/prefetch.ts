/**
 * What status monitoring asks first, started as soon as the user has signed in (src/app/routes/
 * prefetch.ts), while the layout's and the page's chunks are still on their way: the page then finds
 * its counts and its first page of robot cards in the cache (or on their way) instead of asking
 * only once it has rendered.
 */
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { fleetStatusQuery, robotCardsQuery } from './first-queries';

/** The page the robot cards open on. */
export const FIRST_PAGE = { currentPage: 1, pageSize: 24 };

/** Today's start in the browser's zone: what "today's cleaned area" counts from. */
export function todayStart(): string {
  return dayjs().startOf('day').toISOString();
}

/** Starts the index page's first two calls (unfiltered); failures are left to the page to show. */
export function prefetchIndexData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(fleetStatusQuery({ dayStart: todayStart() })),
    queryClient.prefetchQuery(robotCardsQuery(FIRST_PAGE)),
  ]);
}
