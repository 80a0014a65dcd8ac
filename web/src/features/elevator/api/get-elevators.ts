import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { elevatorKeys } from '@/api/elevator/keys';
import type { BodyOf, DataOf } from '@/api/types';

export type ElevatorFilter = BodyOf<'/api/elevator/list'>;
export type Elevator = DataOf<'/api/elevator/list'>['list'][number];

/** The elevators of the user's branch by name, number or building (paged). */
export function getElevators(filter: ElevatorFilter, signal?: AbortSignal) {
  return post('/api/elevator/list', filter, { signal });
}

export const getElevatorsOptions = (filter: ElevatorFilter) =>
  queryOptions({ queryKey: elevatorKeys.list(filter), queryFn: ({ signal }) => getElevators(filter, signal), placeholderData: keepPreviousData });

export const useElevators = (filter: ElevatorFilter) => useQuery(getElevatorsOptions(filter));
