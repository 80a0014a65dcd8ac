import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolveAlarms } from '@/api/alarm/alarm-calls';
import { monitorKeys } from './keys';

/** Marks a device's open alarms resolved (by the caller, now); the lists and counts reload. */
export function useResolveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceSerialNumber: string) => resolveAlarms({ deviceSerialNumber, resolution: 'release' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorKeys.all }),
  });
}
