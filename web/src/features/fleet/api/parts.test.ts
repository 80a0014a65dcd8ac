import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { deviceHardwareQueryOptions } from '@/api/device/hardware';
import { deviceTypesQueryOptions } from '@/api/device/device-types';
import { categoriesOptions } from './parts';
import { refreshCatalogue } from './parts';

const invalidated = (client: QueryClient, queryKey: readonly unknown[]) => client.getQueryState(queryKey)?.isInvalidated;

describe('one device key factory', () => {
  it('a catalogue change on the accessories page refreshes the device list hardware drawer (parts and catalogue)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    const drawer = deviceHardwareQueryOptions(7, true).queryKey;
    const info = deviceHardwareQueryOptions(7, false).queryKey;
    const categories = categoriesOptions().queryKey;
    const types = deviceTypesQueryOptions().queryKey;
    for (const key of [drawer, info, categories, types]) client.setQueryData(key, []);

    await refreshCatalogue(client);

    expect(invalidated(client, drawer)).toBe(true);
    expect(invalidated(client, info)).toBe(true);
    expect(invalidated(client, categories)).toBe(true);
    expect(invalidated(client, types)).toBe(false);
  });
});
