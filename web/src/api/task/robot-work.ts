/** The robot's work as the task screens and the map editor read and stop it (the task calls). */
import { post, type CallOptions } from '@/api/client';

/** What the robot is doing now (running task, its map, the robot's clock). */
export function getTaskState(deviceId: number, options?: CallOptions) {
  return post('/api/task/state', { deviceId }, options);
}

/** Stops every task of the robot. */
export function cancelAllTasks(deviceId: number, options?: CallOptions) {
  return post('/api/task/cancel', { deviceId }, options);
}
