import { deviceKeys } from '@/api/device/keys';

export const certificateKeys = {
  all: () => [...deviceKeys.all, 'certificates'] as const,
  device: (deviceId: number) => [...deviceKeys.all, 'certificates', 'device', deviceId] as const,
  expiring: (days: number) => [...deviceKeys.all, 'certificates', 'expiring', days] as const,
};

export const passwordRobotsKeys = {
  all: ['device', 'password-robots'] as const,
  of: (userId: number | null) => ['device', 'password-robots', userId] as const,
};
