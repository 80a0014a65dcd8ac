/** Changing one robot's work through the server; every change refreshes that robot's task data. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, PostPath } from '@/api/types';
import { taskKeys } from './keys';

type TaskCall = Extract<PostPath, `/api/task/${string}`>;

export function useTaskChange<P extends TaskCall>(path: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<P>) => post(path, body),
    onSuccess: (_data, body) => {
      const deviceId = (body as unknown as { deviceId: number }).deviceId;
      void client.invalidateQueries({ queryKey: taskKeys.robot(deviceId) });
    },
  });
}

export type TaskDraft = BodyOf<'/api/task/add'>;

export function previewTask(body: TaskDraft) {
  return post('/api/task/preview', body);
}
