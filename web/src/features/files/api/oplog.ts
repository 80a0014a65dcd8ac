import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { filesKeys } from './keys';

export type LogRow = DataOf<'/api/log/list'>['list'][number];
export type LogSearch = BodyOf<'/api/log/list'>;

export const useOperationLog = (body: LogSearch) =>
  useQuery({
    queryKey: filesKeys.log(body),
    queryFn: ({ signal }) => post('/api/log/list', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const exportOperationLog = (body: BodyOf<'/api/log/export'>) => post('/api/log/export', body, { timeoutMs: 120_000 });
