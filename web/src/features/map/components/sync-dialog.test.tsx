import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '@/api/client';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { formatTime } from '@/lib/format';
import { SyncDialog } from './sync-dialog';

const SLOW = { timeout: 10_000 };
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ message: { code: 0, message: 'ok' }, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const ROW = {
  sourceDeviceId: 7, sourceName: 'CF-7', mapName: 'office-3F', progress: 0, attempts: 1,
  createdAt: '2026-11-20T08:00:00+00:00', updatedAt: '2026-11-20T08:00:00+00:00',
};
const SYNCS = [
  { ...ROW, id: 1, targetDeviceId: 8, targetName: 'CF-8', targetSerialNumber: 'SN-8', sendState: 'success', receiveState: 'pending',
    message: '', waitingSince: '2026-11-20T08:00:00+00:00', expiresAt: '2026-11-21T08:00:00+00:00' },
  { ...ROW, id: 2, targetDeviceId: 9, targetName: 'CF-9', targetSerialNumber: 'SN-9', sendState: 'failed', receiveState: 'pending',
    message: 'The server has no robot message link (MQTT), so maps cannot be synced', waitingSince: null, expiresAt: null },
];
const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  i18n.addResourceBundle('en', 'translation', await loadMessages('en'));
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/map/syncList') return envelope(SYNCS);
    if (url === '/api/map/syncRetry') return envelope({ ...SYNCS[1], sendState: 'success', message: '' });
    return envelope([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ getSession: () => ({ token: 'tok', account: 'admin', actingUserId: 1 }), notifyError: vi.fn<(text: string, seconds: number) => void>() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sync outcomes', () => {
  it('say since when a target is waited for and until when, and a failed send shows its reason and retries', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <SyncDialog deviceId={7} mapName="office-3F" onClose={() => undefined} />
        </App>
      </QueryClientProvider>,
    );
    const waiting = await screen.findByTestId('sync-waiting', {}, SLOW);
    expect(waiting).toHaveTextContent(
      `Waiting for the robot since ${formatTime(SYNCS[0]!.waitingSince)}; fails at ${formatTime(SYNCS[0]!.expiresAt)} if it has not taken the map`,
    );
    const failed = screen.getByText('CF-9 · SN-9').closest('tr') as HTMLElement;
    expect(failed).toHaveTextContent('Send failed');
    expect(failed).toHaveTextContent('The server has no robot message link (MQTT), so maps cannot be synced');
    expect(within(screen.getByText('CF-8 · SN-8').closest('tr') as HTMLElement).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([path, init]) => String(path) === '/api/map/syncRetry' && JSON.parse(String(init?.body)).id === 2)).toBe(true), SLOW);
  }, 30_000);
});
