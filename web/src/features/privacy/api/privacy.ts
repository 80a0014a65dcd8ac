import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { privacyKeys } from './keys';

export type { DataJob } from '@/api/jobs/jobs';
export type EraseCheck = DataOf<'/api/privacy/erase/check'>;

/** The data jobs about the signed-in person (`subjectId` null) or about a user of the branch, newest first. */
export const jobsOptions = (subjectId: number | null) =>
  queryOptions({
    queryKey: privacyKeys.jobs(subjectId),
    queryFn: ({ signal }) => post('/api/privacy/job/list', { pageSize: 10, currentPage: 1, ...(subjectId === null ? {} : { subjectId }) }, { signal }),
  });

export const useDataJobs = (subjectId: number | null) => useQuery(jobsOptions(subjectId));

/** Whether a user may be erased now, and why not. */
export const useEraseCheck = (userId: number | null) =>
  useQuery({
    queryKey: privacyKeys.eraseCheck(userId ?? 0),
    queryFn: ({ signal }) => post('/api/privacy/erase/check', { userId: userId ?? 0 }, { signal }),
    enabled: userId !== null,
  });

function useJobStart<B>(path: '/api/privacy/export' | '/api/privacy/erase') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post(path, body as BodyOf<typeof path>),
    onSuccess: () => void client.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

/** Ask for an export: the person's own (no userId) or a user's of the branch. */
export const useStartExport = () => useJobStart<BodyOf<'/api/privacy/export'>>('/api/privacy/export');
/** Ask for an erasure, with the typed account name. */
export const useStartErasure = () => useJobStart<BodyOf<'/api/privacy/erase'>>('/api/privacy/erase');
