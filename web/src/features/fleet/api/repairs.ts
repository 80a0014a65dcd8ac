import { useMutation, useQueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

/** Delete a repair record. */
export function deleteRepair(body: BodyOf<'/api/repair/deleteRepair'>) {
  return post('/api/repair/deleteRepair', body);
}

export function useDeleteRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRepair,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.repairs() }),
  });
}

/** Delete the subtree's repair records dated before a time. */
export function deleteRepairsBefore(body: BodyOf<'/api/repair/deleteRepairBeforeDate'>) {
  return post('/api/repair/deleteRepairBeforeDate', body);
}

export function useDeleteRepairsBefore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRepairsBefore,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.repairs() }),
  });
}

export type RepairFilter = BodyOf<'/api/repair/list'>;
export type RepairPage = DataOf<'/api/repair/list'>;
export type Repair = RepairPage['list'][number];

/** Repair records of the subtree's devices, newest first, with filters (paged). */
export function getRepairs(filter: RepairFilter, signal?: AbortSignal) {
  return post('/api/repair/list', filter, { signal });
}

export const getRepairsOptions = (filter: RepairFilter) =>
  queryOptions({ queryKey: deviceKeys.repairs('list', filter), queryFn: () => getRepairs(filter), placeholderData: keepPreviousData });

export const useRepairs = (filter: RepairFilter, enabled = true) => useQuery({ ...getRepairsOptions(filter), enabled });

/** Record a repair (pending); type and date are required. */
export function insertRepair(body: BodyOf<'/api/repair/insertRepair'>) {
  return post('/api/repair/insertRepair', body);
}

export function useInsertRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertRepair,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.repairs() }),
  });
}

/** Edit a repair, or move its state one step forward. */
export function updateRepair(body: BodyOf<'/api/repair/updateRepair'>) {
  return post('/api/repair/updateRepair', body);
}

export function useUpdateRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRepair,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.repairs() }),
  });
}
