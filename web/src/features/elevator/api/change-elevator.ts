import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from '@/api/device/keys';
import { elevatorKeys } from '@/api/elevator/keys';
import type { BodyOf } from '@/api/types';

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
