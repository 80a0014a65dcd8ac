import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from '@/api/device/keys';

/** Every production batch with its parts (to apply one to a device). */
export function batchesQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.batches('full'),
    queryFn: ({ signal }) => post('/api/deviceProductBatch/listFull', {}, { signal }),
    staleTime: 60_000,
  });
}

export function useBatches() {
  return useQuery(batchesQueryOptions());
}
