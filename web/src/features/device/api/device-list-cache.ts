/**
 * Keeps loaded device lists in step with edits without reloading every loaded page: an edited
 * device is replaced where it shows, a deleted one taken out (and the totals follow). The device's
 * own record (device info, remote control, maps, reports: `deviceKeys.device`) and the robot choosers'
 * brief lists (`deviceKeys.brief`) are asked again.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Device, DevicePage } from '@/api/device/types';
import { deviceKeys } from '@/api/device/keys';

type ListData = InfiniteData<DevicePage, number>;

function update(queryClient: QueryClient, change: (page: DevicePage) => DevicePage) {
  queryClient.setQueriesData<ListData>({ queryKey: deviceKeys.list() }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

function refreshDevice(queryClient: QueryClient, deviceId: number) {
  void queryClient.invalidateQueries({ queryKey: deviceKeys.device(deviceId) });
  void queryClient.invalidateQueries({ queryKey: deviceKeys.brief() });
}

export function replaceListedDevice(queryClient: QueryClient, device: Device) {
  refreshDevice(queryClient, device.deviceId);
  update(queryClient, (page) =>
    page.list.some((d) => d.deviceId === device.deviceId)
      ? { ...page, list: page.list.map((d) => (d.deviceId === device.deviceId ? device : d)) }
      : page,
  );
}

export function removeListedDevice(queryClient: QueryClient, deviceId: number) {
  refreshDevice(queryClient, deviceId);
  queryClient.setQueriesData<ListData>({ queryKey: deviceKeys.list() }, (data) => {
    if (!data?.pages.some((page) => page.list.some((d) => d.deviceId === deviceId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        list: page.list.filter((d) => d.deviceId !== deviceId),
        total: Math.max(0, page.total - 1),
      })),
    };
  });
}

/** After an add, every list starts again from its first page. */
export function reloadDeviceLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: deviceKeys.brief() });
  return queryClient.resetQueries({ queryKey: deviceKeys.list() });
}
