/**
 * A data job's progress (a person's export or erasure, a customer's end: privacy/jobs.py on the server), read by
 * more than one feature: asked from /privacy/job/get every POLL_MS until it is done or failed (a job lasts seconds
 * to minutes; the server publishes no live event for it). Its query keys (keys.ts) have the prefix `jobs`.
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { jobKeys } from './keys';

export type DataJob = DataOf<'/api/privacy/job/get'>;
export type JobState = DataJob['state'];

/** How often a job still queued or running is asked for its progress (ms). */
export const POLL_MS = 1500;

/** Whether the job has ended (done or failed): nothing more to ask. */
export const jobEnded = (job: Pick<DataJob, 'state'> | undefined) => job !== undefined && (job.state === 'done' || job.state === 'failed');

/** One job (none while `id` is null), asked again every POLL_MS while it is queued or running. */
export function useDataJob(id: number | null) {
  return useQuery({
    queryKey: jobKeys.job(id ?? 0),
    queryFn: ({ signal }) => post('/api/privacy/job/get', { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (jobEnded(query.state.data) ? false : POLL_MS),
  });
}
