import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { getTaskState, cancelAllTasks } from '@/api/task/robot-work';
import type { DataOf, BodyOf, PostPath } from '@/api/types';
import { taskKeys } from './keys';

/** Reading one robot's work through the server (/api/task/*): maps, tasks, groups, schedules, runs. */
export type RobotMap = DataOf<'/api/task/maps'>[number];
export type Task = DataOf<'/api/task/list'>[number];
export type Group = DataOf<'/api/task/groups'>[number];
export type Schedule = DataOf<'/api/task/schedules'>[number];
export type TaskState = DataOf<'/api/task/state'>;
export type History = DataOf<'/api/task/history'>;

const quiet = { quiet: true } as const;

export const useRobotMaps = (deviceId: number | null) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId ?? 0, 'maps'),
    queryFn: ({ signal }) => post('/api/task/maps', { deviceId: deviceId ?? 0 }, { signal }),
    enabled: deviceId !== null,
    staleTime: 60_000,
  });

/** The map picture as a bitmap for the canvas. */
export const useMapImage = (deviceId: number | null, mapName: string | null) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId ?? 0, 'image', mapName),
    queryFn: async ({ signal }) => {
      const answer = await post('/api/task/mapImage', { deviceId: deviceId ?? 0, mapName: mapName ?? '' }, { signal, ...quiet });
      const bytes = Uint8Array.from(atob(answer.png), (c) => c.charCodeAt(0));
      return createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    },
    enabled: deviceId !== null && Boolean(mapName),
    staleTime: 5 * 60_000,
  });

export type MapMarks = DataOf<'/api/task/mapMarks'>;

/**
 * A map's saved walls and forbidden zones, drawn under a task and checked against its area. Read again each time a
 * drawing opens (they change in the map editor); a robot that cannot tell leaves the map drawn without them.
 */
export const useMapMarks = (deviceId: number | null, mapName: string | null) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId ?? 0, 'marks', mapName),
    queryFn: ({ signal }) => post('/api/task/mapMarks', { deviceId: deviceId ?? 0, mapName: mapName ?? '' }, { signal, ...quiet }),
    enabled: deviceId !== null && Boolean(mapName),
    staleTime: 30_000,
    retry: 1,
  });

export const useTasks = (deviceId: number | null) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId ?? 0, 'tasks'),
    queryFn: ({ signal }) => post('/api/task/list', { deviceId: deviceId ?? 0 }, { signal }),
    enabled: deviceId !== null,
  });

export const useGroups = (deviceId: number | null) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId ?? 0, 'groups'),
    queryFn: ({ signal }) => post('/api/task/groups', { deviceId: deviceId ?? 0 }, { signal }),
    enabled: deviceId !== null,
  });

export const useSchedules = (deviceId: number | null) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId ?? 0, 'schedules'),
    queryFn: ({ signal }) => post('/api/task/schedules', { deviceId: deviceId ?? 0 }, { signal }),
    enabled: deviceId !== null,
  });

export const useElevatorSchedules = (deviceId: number | null) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId ?? 0, 'elevatorSchedules'),
    queryFn: ({ signal }) => post('/api/task/elevatorSchedules', { deviceId: deviceId ?? 0 }, { signal }),
    enabled: deviceId !== null,
  });

/** The robot's work now, read once when the page opens; the live socket keeps it current afterwards. */
export const useTaskState = (deviceId: number | null) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId ?? 0, 'state'),
    queryFn: ({ signal }) => getTaskState(deviceId ?? 0, { signal, ...quiet }),
    enabled: deviceId !== null,
  });

/** The robot's clock (ISO, its own offset), which its scheduled tasks run by; null when it does not tell. */
export const useRobotClock = (deviceId: number) =>
  useQuery({
    queryKey: taskKeys.robot(deviceId, 'clock'),
    queryFn: ({ signal }) => getTaskState(deviceId, { signal, ...quiet }),
    select: (state) => state.robotTime ?? null,
    refetchInterval: 15_000,
  });

export function getHistory(deviceId: number) {
  return post('/api/task/history', { deviceId });
}

/** Changing one robot's work through the server; every change refreshes that robot's task data. */
type TaskCall = Extract<PostPath, `/api/task/${string}`>;

export function useTaskChange<P extends TaskCall>(path: P) {
  return useTaskCall((body: BodyOf<P>) => post(path, body));
}

/** A change made by a call of its own (shared with other screens); refreshes the robot's task data too. */
export function useTaskCall<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_data, body) => {
      const deviceId = (body as unknown as { deviceId: number }).deviceId;
      void client.invalidateQueries({ queryKey: taskKeys.robot(deviceId) });
    },
  });
}

/** Starts a task or a task group on the robot (the task table and the group table). */
export const useStartTask = () => useTaskChange('/api/task/start');

/** Stops every task of the robot. */
export const useCancelAllTasks = () => useTaskCall(({ deviceId }: { deviceId: number }) => cancelAllTasks(deviceId));

export type TaskDraft = BodyOf<'/api/task/add'>;

export function previewTask(body: TaskDraft) {
  return post('/api/task/preview', body);
}
