import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceHardwareKey } from './get-device-hardware';
import { hardwareHistoryKey } from './get-hardware-history';

/** Fit a production batch's parts to a device of the batch's model. */
export function applyBatch({ deviceId, batchId }: { deviceId: number; batchId: number }) {
  return post('/api/deviceHard/updateDeviceHardByBatchId', { deviceId, batchId });
}

export function useApplyBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBatch,
    onSuccess: ({ deviceId }) => {
      void queryClient.invalidateQueries({ queryKey: deviceHardwareKey(deviceId) });
      void queryClient.invalidateQueries({ queryKey: hardwareHistoryKey(deviceId) });
    },
  });
}
