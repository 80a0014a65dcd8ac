import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAllDevices } from '@/api/device/devices';
import { useDevice } from '@/api/device/devices';
import type { Device } from '@/api/device/types';
import { replaceListedDevice } from './device-list-cache';

const post = vi.hoisted(() => vi.fn<(path: string, body: Record<string, unknown>) => Promise<unknown>>());
vi.mock('@/api/client', () => ({ post }));

let names: Record<number, string>;

beforeEach(() => {
  names = { 7: 'Old name' };
  post.mockReset();
  post.mockImplementation(async (path, body) => {
    if (path === '/api/device/selectDeviceByDeviceId') return { deviceId: body.deviceId, deviceCode: names[body.deviceId as number] };
    if (path === '/api/device/selectAllDevice') return [{ deviceId: 7, deviceCode: names[7], deviceSerialNumber: 'SN7' }];
    throw new Error(`unexpected call ${path}`);
  });
});

/** Every screen that shows device 7 at once: device info, remote control (polls), a map, the choosers. */
function useScreens() {
  return {
    info: useDevice(7),
    remote: useDevice(7, { refetchInterval: 10_000 }),
    report: useDevice(7),
    choosers: useAllDevices(),
    client: useQueryClient(),
  };
}

function renderScreens() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(useScreens, { wrapper });
}

const calls = (path: string) => post.mock.calls.filter(([called]) => called === path).length;

describe('the one device record', () => {
  it('is read once for every screen showing the device, and an edit refreshes every one of them', async () => {
    const { result } = renderScreens();
    await waitFor(() => expect(result.current.choosers.data?.[0]?.deviceCode).toBe('Old name'));
    await waitFor(() => expect(result.current.info.data?.deviceCode).toBe('Old name'));
    expect(calls('/api/device/selectDeviceByDeviceId')).toBe(1);

    names[7] = 'New name';
    replaceListedDevice(result.current.client, { deviceId: 7, deviceCode: 'New name' } as Device);

    await waitFor(() => expect(result.current.remote.data?.deviceCode).toBe('New name'));
    expect(result.current.info.data?.deviceCode).toBe('New name');
    expect(result.current.report.data?.deviceCode).toBe('New name');
    await waitFor(() => expect(result.current.choosers.data?.[0]?.deviceCode).toBe('New name'));
    expect(calls('/api/device/selectDeviceByDeviceId')).toBe(2);
  });
});
