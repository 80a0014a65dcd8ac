/**
 * The server's map calls (/api/map/*): the list (the record, refreshed from the robot while it is
 * online; in src/api/map, as the sites' floors read it too), delete, download, import and sync with its
 * per-robot outcomes. An import or a sync that would
 * replace a map the robot's tasks or schedules use is refused until sent again with `replaceInUse`; both are
 * quiet (the caller asks, or shows the refusal itself).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildHeaders, isEnvelope, handleEnvelope, post, postForm } from '@/api/client';
import { mapKeys } from '@/api/map/keys';
import { cancelAllTasks, getTaskState } from '@/api/task/robot-work';
import type { DataOf } from '@/api/types';

export { mapListOptions, useMapList, type MapList, type MapRecord } from '@/api/map/map-list';
export type SyncRow = DataOf<'/api/map/syncList'>[number];

export function useDeleteMap(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) => post('/api/map/deleteMapById', { id, force }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapKeys.list(deviceId) }),
  });
}

/** The map as one file (zip: map.png + map.json), saved by the browser. */
export async function downloadMap(deviceId: number, mapName: string): Promise<void> {
  const headers = await buildHeaders(true);
  const res = await fetch('/api/map/download', { method: 'POST', headers, body: JSON.stringify({ deviceId, mapName }) });
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    const body: unknown = await res.json();
    if (isEnvelope(body)) handleEnvelope(body, false);
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${mapName}.cfmap.zip`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useImportMap(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapName, replaceInUse = false }: { file: File; mapName?: string; replaceInUse?: boolean }) => {
      const form = new FormData();
      form.append('deviceId', String(deviceId));
      if (mapName) form.append('mapName', mapName);
      if (replaceInUse) form.append('replaceInUse', 'true');
      form.append('file', file);
      return postForm('/api/map/import', form, { timeoutMs: 120_000, quiet: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapKeys.list(deviceId) }),
  });
}

/** What the robot is doing (the task calls' /task/state): the map editor names a task running on its map. */
export const useRobotWork = (deviceId: number, enabled: boolean) =>
  useQuery({
    queryKey: mapKeys.robot(deviceId, 'work'),
    queryFn: ({ signal }) => getTaskState(deviceId, { signal, quiet: true }),
    enabled,
    staleTime: 0,
  });

/** Stops every task of the robot (the task list's own stop: /task/cancel), then reads its work again. */
export function useStopTasks(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelAllTasks(deviceId, { quiet: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mapKeys.robot(deviceId, 'work') }),
  });
}

export const useSyncs = (deviceId: number, enabled: boolean) =>
  useQuery({
    queryKey: mapKeys.syncs(deviceId),
    queryFn: () => post('/api/map/syncList', { deviceId }, { quiet: true }),
    enabled,
    refetchInterval: 2_000,
  });

export function useStartSync(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mapName, targetDeviceIds, replaceInUse = false }: { mapName: string; targetDeviceIds: number[]; replaceInUse?: boolean }) =>
      post('/api/map/sync', { deviceId, mapName, targetDeviceIds, replaceInUse }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapKeys.syncs(deviceId) }),
  });
}

export function useRetrySync(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post('/api/map/syncRetry', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapKeys.syncs(deviceId) }),
  });
}
