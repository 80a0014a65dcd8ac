import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from '@/api/device/keys';

/** Every transfer node: the FRP host picker of the device form. */
export function transferNodesQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.hosts('transferNodes'),
    queryFn: ({ signal }) => post('/api/wmDeviceHostInfo/queryList', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useTransferNodes(enabled: boolean) {
  return useQuery({ ...transferNodesQueryOptions(), enabled });
}
