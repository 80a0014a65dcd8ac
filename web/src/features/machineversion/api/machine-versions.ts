import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { machineVersionKeys } from './keys';

export type WholeVersion = DataOf<'/api/wmWholeVersion/queryByPage'>['list'][number];
export type RangeDevice = DataOf<'/api/wmWholeVersion/selectDeviceWhiteRange'>['list'][number];
export type SoftVersionOption = DataOf<'/api/wmWholeVersion/querySoftVersionList'>[number];
export type CloudVersion = DataOf<'/api/wmCloudVersion/queryByPage'>['list'][number];
export type Parameter = DataOf<'/api/configure/findAll'>[number];
export type WholeFilter = BodyOf<'/api/wmWholeVersion/queryByPage'>;
export type CloudFilter = BodyOf<'/api/wmCloudVersion/queryByPage'>;

/** Every robot on one page: the white and black lists' pickers show the whole branch. */
const ALL_ROWS = 1_000_000;

export const useWholeVersions = (filter: WholeFilter) =>
  useQuery({
    queryKey: machineVersionKeys.wholePage(filter),
    queryFn: ({ signal }) => post('/api/wmWholeVersion/queryByPage', filter, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** The robots of the user's branch with their place on a version's lists. */
export const useRange = (id: number) =>
  useQuery({
    queryKey: machineVersionKeys.range(id),
    queryFn: ({ signal }) => post('/api/wmWholeVersion/selectDeviceWhiteRange', { id, search: '', pageSize: ALL_ROWS, currentPage: 1 }, { signal }),
  });

export const useSoftVersionOptions = () =>
  useQuery({ queryKey: machineVersionKeys.softOptions, queryFn: ({ signal }) => post('/api/wmWholeVersion/querySoftVersionList', {}, { signal }) });

export const useAppVersionOptions = () =>
  useQuery({
    queryKey: machineVersionKeys.appOptions,
    queryFn: ({ signal }) => post('/api/wmWholeVersion/selectWholeVersionAppByPadPgyerHistory', {}, { signal }),
  });

export const useCloudVersions = (filter: CloudFilter) =>
  useQuery({
    queryKey: machineVersionKeys.cloudPage(filter),
    queryFn: ({ signal }) => post('/api/wmCloudVersion/queryByPage', filter, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const useParameters = (key: string) =>
  useQuery({ queryKey: machineVersionKeys.parameterList(key), queryFn: ({ signal }) => post('/api/configure/findAll', { key }, { signal }), staleTime: 5_000 });

/** A change refreshes the lists of its screen. */
function useChange<B, R>(key: readonly string[], call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: key }) });
}

export const useAddWhole = () => useChange(machineVersionKeys.whole, (body: BodyOf<'/api/wmWholeVersion/add'>) => post('/api/wmWholeVersion/add', body));
export const useEditWhole = () => useChange(machineVersionKeys.whole, (body: BodyOf<'/api/wmWholeVersion/edit'>) => post('/api/wmWholeVersion/edit', body));
export const useDeleteWhole = () => useChange(machineVersionKeys.whole, (body: BodyOf<'/api/wmWholeVersion/deleteById'>) => post('/api/wmWholeVersion/deleteById', body));
export const useSetWhiteList = () =>
  useChange(machineVersionKeys.whole, (body: BodyOf<'/api/wmWholeVersionWhiteBlack/addWhite'>) => post('/api/wmWholeVersionWhiteBlack/addWhite', body));
export const useSetBlackList = () =>
  useChange(machineVersionKeys.whole, (body: BodyOf<'/api/wmWholeVersionWhiteBlack/add'>) => post('/api/wmWholeVersionWhiteBlack/add', body));

export const useAddCloud = () => useChange(machineVersionKeys.cloud, (body: BodyOf<'/api/wmCloudVersion/add'>) => post('/api/wmCloudVersion/add', body));
export const useEditCloud = () => useChange(machineVersionKeys.cloud, (body: BodyOf<'/api/wmCloudVersion/edit'>) => post('/api/wmCloudVersion/edit', body));
export const useDeleteCloud = () => useChange(machineVersionKeys.cloud, (body: BodyOf<'/api/wmCloudVersion/deleteById'>) => post('/api/wmCloudVersion/deleteById', body));

export const useSaveParameter = () => useChange(machineVersionKeys.parameters, (body: BodyOf<'/api/configure/add'>) => post('/api/configure/add', body));
export const useDeleteParameter = () => useChange(machineVersionKeys.parameters, (body: BodyOf<'/api/configure/del'>) => post('/api/configure/del', body));
