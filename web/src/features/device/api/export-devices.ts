/** Every device of a search, fetched a large page at a time for the export. */
import { getDevicePage } from './get-devices';
import type { Device } from '@/api/device/types';
import type { DeviceSearch } from '../lib/device-search';

export const EXPORT_PAGE_SIZE = 500;

export async function fetchAllDevices(
  search: DeviceSearch,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<Device[]> {
  const devices: Device[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getDevicePage(search, page, EXPORT_PAGE_SIZE, { signal, timeoutMs: 120_000 });
    devices.push(...answer.list);
    onProgress(devices.length, answer.total);
    if (answer.list.length < EXPORT_PAGE_SIZE || devices.length >= answer.total) return devices;
  }
}
