import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceHardwareKey } from './get-device-hardware';
import { hardwareHistoryKey } from './get-hardware-history';

export interface PartChange {
  deviceId: number;
  cateId: number;
  /** The new part; null takes the category's part off. */
  hardSupportId: number | null;
}

export function updateDeviceHardware({ deviceId, cateId, hardSupportId }: PartChange) {
  return post('/api/deviceHard/updateDeviceHard', hardSupportId === null ? { deviceId, cateId } : { deviceId, cateId, hardSupportId });
}

export function useUpdateDeviceHardware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceHardware,
    onSuccess: ({ deviceId }) => {
      void queryClient.invalidateQueries({ queryKey: deviceHardwareKey(deviceId) });
      void queryClient.invalidateQueries({ queryKey: hardwareHistoryKey(deviceId) });
    },
  });
}
