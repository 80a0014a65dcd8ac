import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { fleetKeys } from './keys';

/** Fit a production batch's parts to a device of the batch's model (and rack range). */
export function applyBatch(body: BodyOf<'/api/deviceHard/updateDeviceHardByBatchId'>) {
  return post('/api/deviceHard/updateDeviceHardByBatchId', body);
}

export function useApplyBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyBatch,
    onSuccess: (_data, body) => client.invalidateQueries({ queryKey: fleetKeys.device(body.deviceId) }),
  });
}
