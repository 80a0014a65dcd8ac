import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapThumb } from '../components/map-thumb';
import { mapImagePath, useMapBitmap } from './robot-maps';

const relayBlob = vi.hoisted(() => vi.fn<(target: unknown, path: string, options?: object) => Promise<Blob>>());
vi.mock('@/api/relay', () => ({ relayBlob, relayCall: vi.fn<() => Promise<never>>() }));

const TARGET = { deviceId: 7, port: 20001 };
let client: QueryClient;
const closed: string[] = [];

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  relayBlob.mockReset();
  relayBlob.mockImplementation((_target, path) => Promise.resolve(new Blob([path], { type: 'image/png' })));
  closed.length = 0;
  vi.stubGlobal('createImageBitmap', (blob: Blob) =>
    blob.text().then((path) => ({ width: 4000, height: 4000, path, close: () => closed.push(path) }) as unknown as ImageBitmap),
  );
  URL.createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn<(url: string) => void>();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a map picture comes through the relay once per version', () => {
  it('serves the thumbnail and two opens of the editor from one transfer', async () => {
    const path = mapImagePath('office 3F', 4);
    render(<MapThumb target={TARGET} path={path} name="office 3F" version={4} />, { wrapper });
    expect(await screen.findByTestId('map-thumb')).toHaveAttribute('src', 'blob:picture');

    const first = renderHook(() => useMapBitmap(TARGET, 'office 3F', 4), { wrapper });
    await waitFor(() => expect(first.result.current).not.toBeNull());
    first.unmount();
    expect(closed).toEqual([path]); // the decoded picture is let go with the editor

    const second = renderHook(() => useMapBitmap(TARGET, 'office 3F', 4), { wrapper });
    await waitFor(() => expect(second.result.current).not.toBeNull());
    expect(relayBlob).toHaveBeenCalledTimes(1);
    expect(relayBlob).toHaveBeenCalledWith(TARGET, path, { quiet: true });
  });

  it('asks again for a new version of the map', async () => {
    const first = renderHook(() => useMapBitmap(TARGET, 'lobby', 1), { wrapper });
    await waitFor(() => expect(first.result.current).not.toBeNull());
    const second = renderHook(() => useMapBitmap(TARGET, 'lobby', 2), { wrapper });
    await waitFor(() => expect(second.result.current).not.toBeNull());
    expect(relayBlob.mock.calls.map(([, path]) => path)).toEqual([mapImagePath('lobby', 1), mapImagePath('lobby', 2)]);
  });
});
