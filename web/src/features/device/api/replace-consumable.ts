import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { ConsumableKind } from '@/api/device/types';
import { deviceKeys } from '@/api/device/keys';

/** A consumable was replaced now: used hours back to 0, replace date today. */
export function replaceConsumable({ serialNumber, kind }: { serialNumber: string; kind: ConsumableKind }) {
  return post('/api/deviceConsumable/consumableUpdate', { deviceSerialNumber: serialNumber, kind });
}

export function useReplaceConsumable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceConsumable,
    onSuccess: (data) => queryClient.setQueryData(deviceKeys.consumables(data.deviceSerialNumber), data),
  });
}
