import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from '@/api/device/keys';

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
      void queryClient.invalidateQueries({ queryKey: deviceKeys.hardware(deviceId) });
    },
  });
}
