import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { elevatorKeys } from './keys';

export type ElevatorOption = DataOf<'/api/elevator/options'>[number];

/** Every elevator the user may choose (the device dialogs' and the elevator tasks' picker). */
export function getElevatorOptions(signal?: AbortSignal) {
  return post('/api/elevator/options', {}, { signal });
}

export const getElevatorOptionsOptions = () =>
  queryOptions({ queryKey: elevatorKeys.options(), queryFn: ({ signal }) => getElevatorOptions(signal), staleTime: 30_000 });

export const useElevatorOptions = (enabled = true) => useQuery({ ...getElevatorOptionsOptions(), enabled });
