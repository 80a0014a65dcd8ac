import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { remoteKeys } from './keys';

export type OnlineRobot = DataOf<'/api/device/selectAllOnLineDevice'>[number];

/** The robots of the caller's subtree that are online now (the robot chooser). */
export function getOnlineRobots() {
  return post('/api/device/selectAllOnLineDevice', {});
}

export const onlineRobotsOptions = () =>
  queryOptions({ queryKey: remoteKeys.onlineRobots(), queryFn: getOnlineRobots, refetchInterval: 15_000 });

export const useOnlineRobots = () => useQuery(onlineRobotsOptions());
