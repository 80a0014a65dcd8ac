import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { elevatorKeys } from '@/api/elevator/keys';
import type { BodyOf, DataOf } from '@/api/types';
import { deviceKeys } from '@/api/device/keys';

export type ElevatorFilter = BodyOf<'/api/elevator/list'>;
export type Elevator = DataOf<'/api/elevator/list'>['list'][number];

/** The elevators of the user's branch by name, number or building (paged). */
export function getElevators(filter: ElevatorFilter, signal?: AbortSignal) {
  return post('/api/elevator/list', filter, { signal });
}

export const getElevatorsOptions = (filter: ElevatorFilter) =>
  queryOptions({ queryKey: elevatorKeys.list(filter), queryFn: ({ signal }) => getElevators(filter, signal), placeholderData: keepPreviousData });

export const useElevators = (filter: ElevatorFilter) => useQuery(getElevatorsOptions(filter));

export type ElevatorDetail = DataOf<'/api/elevator/selectInfoByElevatorId'>;

/** One elevator with its bound robots and the scheduled tasks that ride it. */
export function getElevator(elevatorId: number, signal?: AbortSignal) {
  return post('/api/elevator/selectInfoByElevatorId', { elevatorId }, { signal });
}

export const getElevatorOptions = (elevatorId: number) =>
  queryOptions({ queryKey: elevatorKeys.one(elevatorId), queryFn: ({ signal }) => getElevator(elevatorId, signal) });

export const useElevator = (elevatorId: number) => useQuery(getElevatorOptions(elevatorId));

/** Every change to an elevator refreshes the elevator lists, pickers and the devices (their elevator). */
function useElevatorChange<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: elevatorKeys.all });
      void client.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}

export const useInsertElevator = () => useElevatorChange((body: BodyOf<'/api/elevator/insertElevator'>) => post('/api/elevator/insertElevator', body));
export const useUpdateElevator = () => useElevatorChange((body: BodyOf<'/api/elevator/updateElevator'>) => post('/api/elevator/updateElevator', body));
export const useDeleteElevator = () => useElevatorChange((body: BodyOf<'/api/elevator/deleteElevator'>) => post('/api/elevator/deleteElevator', body));
export const useBindDevices = () => useElevatorChange((body: BodyOf<'/api/elevator/bindDevices'>) => post('/api/elevator/bindDevices', body));
export const useUnbindDevices = () => useElevatorChange((body: BodyOf<'/api/elevator/unbindDevices'>) => post('/api/elevator/unbindDevices', body));
