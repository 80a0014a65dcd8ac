import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { elevatorKeys } from '@/api/elevator/keys';
import type { DataOf } from '@/api/types';

export type ElevatorDetail = DataOf<'/api/elevator/selectInfoByElevatorId'>;

/** One elevator with its bound robots and the scheduled tasks that ride it. */
export function getElevator(elevatorId: number, signal?: AbortSignal) {
  return post('/api/elevator/selectInfoByElevatorId', { elevatorId }, { signal });
}

export const getElevatorOptions = (elevatorId: number) =>
  queryOptions({ queryKey: elevatorKeys.one(elevatorId), queryFn: ({ signal }) => getElevator(elevatorId, signal) });

export const useElevator = (elevatorId: number) => useQuery(getElevatorOptions(elevatorId));
