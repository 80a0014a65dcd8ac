/** Changing one robot's work through the server; every change refreshes that robot's task data. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { cancelAllTasks } from '@/api/task/robot-work';
import type { BodyOf, PostPath } from '@/api/types';
import { taskKeys } from './keys';

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
