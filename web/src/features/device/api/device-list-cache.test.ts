import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { deviceKeys } from '@/api/device/keys';
import type { Device } from '@/api/device/types';
import { removeListedDevice, replaceListedDevice } from './device-list-cache';

describe('device list cache', () => {
  it('an edit in the device list asks the device own page (device info) again, not other devices', () => {
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    client.setQueryData(deviceKeys.device(7), { deviceId: 7 });
    client.setQueryData(deviceKeys.device(7, 'work'), {});
    client.setQueryData(deviceKeys.device(8), { deviceId: 8 });

    replaceListedDevice(client, { deviceId: 7 } as Device);

    expect(client.getQueryState(deviceKeys.device(7))?.isInvalidated).toBe(true);
    expect(client.getQueryState(deviceKeys.device(7, 'work'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(deviceKeys.device(8))?.isInvalidated).toBe(false);

    removeListedDevice(client, 8);
    expect(client.getQueryState(deviceKeys.device(8))?.isInvalidated).toBe(true);
  });
});
