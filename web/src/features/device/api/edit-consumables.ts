import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { consumablesKey } from './get-consumables';
import type { ConsumableItem } from './types';

export function editConsumables({ serialNumber, items }: { serialNumber: string; items: ConsumableItem[] }) {
  return post('/api/deviceConsumable/consumableEdit', { deviceSerialNumber: serialNumber, consumables: items });
}

export function useEditConsumables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editConsumables,
    onSuccess: (data) => queryClient.setQueryData(consumablesKey(data.deviceSerialNumber), data),
  });
}
