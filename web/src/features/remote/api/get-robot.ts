import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { remoteKeys } from './keys';

export type RobotRecord = DataOf<'/api/device/selectDeviceByDeviceId'>;

/** The robot's record and its last heartbeat state (online, battery, mode), read again every 10 s. */
export function getRobot(deviceId: number) {
  return post('/api/device/selectDeviceByDeviceId', { deviceId });
}

export const robotOptions = (deviceId: number) =>
  queryOptions({ queryKey: remoteKeys.robot(deviceId, 'record'), queryFn: () => getRobot(deviceId), refetchInterval: 10_000 });

export const useRobot = (deviceId: number | null) => useQuery({ ...robotOptions(deviceId ?? 0), enabled: deviceId !== null });
