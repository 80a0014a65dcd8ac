import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { certificateKeys } from './keys';

export type DeviceCertificates = DataOf<'/api/device/certificate/list'>;
export type RobotCertificate = DeviceCertificates['list'][number];
export type ExpiringCertificate = DataOf<'/api/device/certificate/expiring'>['list'][number];

/** A robot's client certificates, newest first (issue 46: the product CA's, from the robot's own key). */
export function useDeviceCertificates(deviceId: number) {
  return useQuery({
    queryKey: certificateKeys.device(deviceId),
    queryFn: ({ signal }) => post('/api/device/certificate/list', { deviceId }, { signal }),
  });
}

/** The robots whose certificate ends within `days` (a robot that stopped renewing). */
export function useExpiringCertificates(days: number) {
  return useQuery({
    queryKey: certificateKeys.expiring(days),
    queryFn: ({ signal }) => post('/api/device/certificate/expiring', { days }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Revokes a robot's certificates: its broker connection drops and it cannot sign in again. */
export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { deviceId: number; reason: string }) => post('/api/device/certificate/revoke', body),
    onSuccess: (answer, { deviceId }) => {
      queryClient.setQueryData(certificateKeys.device(deviceId), answer);
      void queryClient.invalidateQueries({ queryKey: certificateKeys.all() });
    },
  });
}
