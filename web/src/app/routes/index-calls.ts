import { prefetchIndexData } from '@/features/monitor/api/prefetch';
import { queryClient } from '../query-client';

/** The index page's first calls, started at sign-in (prefetch.ts `startIndexCallsOnSignIn`). */
export const startIndexCalls = () => prefetchIndexData(queryClient);
