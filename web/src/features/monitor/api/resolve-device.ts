import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { monitorKeys } from './keys';

/** Marks a device's open alarms resolved (by the caller, now); the lists and counts reload. */
export function useResolveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceSerialNumber: string) => post('/api/warn/resumeWarn', { deviceSerialNumber, resolution: 'release' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorKeys.all }),
  });
}
