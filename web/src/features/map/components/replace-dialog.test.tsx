import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '@/api/client';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { SyncDialog } from './sync-dialog';

const SLOW = { timeout: 10_000 };
const envelope = (code: number, data: unknown = null, message = 'ok') =>
  new Response(JSON.stringify({ message: { code, message }, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

const IN_USE = {
  mapName: 'office-3F',
  targets: [
    {
      deviceId: 8,
      deviceName: 'Lobby scrubber',
      serialNumber: 'SN-8',
      fromRecord: true,
      usedBy: { tasks: ['Night round', 'Corridor edge'], schedules: ['Weekdays 22:00'], elevatorSchedules: [] },
    },
  ],
};
const ROBOTS = [
  { deviceId: 7, deviceCode: 'CF-7', deviceSerialNumber: 'SN-7' },
  { deviceId: 8, deviceCode: 'CF-8', deviceSerialNumber: 'SN-8' },
];

const fetchMock = vi.fn<typeof fetch>();
const notifyError = vi.fn<(text: string, seconds: number) => void>();
const syncBodies = () =>
  fetchMock.mock.calls.filter(([path]) => String(path) === '/api/map/sync').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeAll(async () => {
  i18n.addResourceBundle('en', 'translation', await loadMessages('en'));
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path, init) => {
    const url = String(path);
    if (url === '/api/device/selectAllDevice') return envelope(0, ROBOTS);
    if (url === '/api/map/syncList') return envelope(0, []);
    if (url === '/api/map/sync') {
      const body = JSON.parse(String(init?.body)) as { replaceInUse?: boolean };
      return body.replaceInUse ? envelope(0, []) : envelope(10011, IN_USE, 'The map office-3F is in use on target robots');
    }
    return envelope(0, null);
  });
  notifyError.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ getSession: () => ({ token: 'tok', account: 'admin', actingUserId: 1 }), notifyError });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a sync over a map in use', () => {
  it('asks first, naming the robots, tasks and schedules, and "Replace anyway" sends it again confirmed', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <SyncDialog deviceId={7} mapName="office-3F" onClose={() => undefined} />
        </App>
      </QueryClientProvider>,
    );
    const picker = await screen.findByTestId('sync-targets', {}, SLOW);
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
    fireEvent.click(await screen.findByText('CF-8 · SN-8', {}, SLOW));
    fireEvent.click(screen.getByTestId('sync-start'));

    const dialog = await screen.findByTestId('replace-in-use', {}, SLOW);
    expect(within(dialog).getByText('Lobby scrubber')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Tasks: Night round, Corridor edge');
    expect(dialog).toHaveTextContent('Scheduled tasks: Weekdays 22:00');
    expect(dialog).toHaveTextContent('as last read: the robot is offline');
    expect(dialog).not.toHaveTextContent('Elevator scheduled tasks');
    expect(syncBodies()).toEqual([{ deviceId: 7, mapName: 'office-3F', targetDeviceIds: [8], replaceInUse: false }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notifyError).not.toHaveBeenCalled(); // the dialog tells it, not a toast

    fireEvent.click(screen.getByTestId('replace-confirm'));
    await waitFor(() => expect(syncBodies()).toHaveLength(2), SLOW);
    expect(syncBodies()[1]).toEqual({ deviceId: 7, mapName: 'office-3F', targetDeviceIds: [8], replaceInUse: true });
    await waitFor(() => expect(screen.queryByTestId('replace-in-use')).not.toBeInTheDocument(), SLOW);
  }, 30_000);
});
