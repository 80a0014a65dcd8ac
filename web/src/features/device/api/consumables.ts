import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { ConsumableItem, ConsumableKind } from '@/api/device/types';
import { deviceKeys } from '@/api/device/keys';

export function editConsumables({ serialNumber, items }: { serialNumber: string; items: ConsumableItem[] }) {
  return post('/api/deviceConsumable/consumableEdit', { deviceSerialNumber: serialNumber, consumables: items });
}

export function useEditConsumables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editConsumables,
    onSuccess: (data) => queryClient.setQueryData(deviceKeys.consumables(data.deviceSerialNumber), data),
  });
}

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
