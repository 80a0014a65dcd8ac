import { isPathAvailable } from '@/lib/availability';
import { useSessionStore } from '@/lib/session';

/** Links to other device pages, offered only when the page exists and the user holds its key. */
export function useDeviceLinks() {
  const user = useSessionStore((s) => s.user);
  return {
    deviceInfo: isPathAvailable('/device/info', user)
      ? (deviceId: number) => `/device/info?deviceId=${deviceId}`
      : null,
    devicesOfOwner: isPathAvailable('/device/index', user) ? (userId: number) => `/device/index?userId=${userId}` : null,
  };
}
