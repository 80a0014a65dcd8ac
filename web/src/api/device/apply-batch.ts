import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { deviceKeys } from './keys';

/** Fit a production batch's parts to a device of the batch's model (and rack range). */
export function applyBatch(body: BodyOf<'/api/deviceHard/updateDeviceHardByBatchId'>) {
  return post('/api/deviceHard/updateDeviceHardByBatchId', body);
}

export function useApplyBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBatch,
    onSuccess: (_data, { deviceId }) => queryClient.invalidateQueries({ queryKey: deviceKeys.hardware(deviceId) }),
  });
}
