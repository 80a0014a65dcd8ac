import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { ReminderItem } from '@/api/device/types';
import { deviceKeys } from '@/api/device/keys';

/** Set the device's reminders (the whole list: those left out are removed). */
export function updateMaintenance({ serialNumber, reminders }: { serialNumber: string; reminders: ReminderItem[] }) {
  return post('/api/maintain/updateMaintainBySn', { deviceSerialNumber: serialNumber, maintains: reminders });
}

export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaintenance,
    onSuccess: (data) => queryClient.setQueryData(deviceKeys.maintenance(data.deviceSerialNumber), data),
  });
}
