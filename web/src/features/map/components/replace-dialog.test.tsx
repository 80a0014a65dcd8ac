import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SyncDialog } from './sync-dialog';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';

const SLOW = { timeout: 10_000 };

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

const { fetchMock, notifyError, bodiesTo } = fakeServer();
const syncBodies = () => bodiesTo('/api/map/sync');

beforeAll(() => readIn('en'));

beforeEach(() => {
  fetchMock.mockImplementation(async (path, init) => {
    const url = String(path);
    if (url === '/api/device/selectAllDevice') return envelope(ROBOTS);
    if (url === '/api/map/syncList') return envelope([]);
    if (url === '/api/map/sync') {
      const body = JSON.parse(String(init?.body)) as { replaceInUse?: boolean };
      return body.replaceInUse ? envelope([]) : envelope(IN_USE, 10011, 'The map office-3F is in use on target robots');
    }
    return envelope();
  });
});

describe('a sync over a map in use', () => {
  it('asks first, naming the robots, tasks and schedules, and "Replace anyway" sends it again confirmed', async () => {
    renderWithClient(<SyncDialog deviceId={7} mapName="office-3F" onClose={() => undefined} />);
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
