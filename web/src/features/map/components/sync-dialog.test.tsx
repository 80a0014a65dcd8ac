import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatTime } from '@/lib/format';
import { SyncDialog } from './sync-dialog';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';

const SLOW = { timeout: 10_000 };
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
const { fetchMock } = fakeServer();

beforeAll(() => readIn('en'));

beforeEach(() => {
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/map/syncList') return envelope(SYNCS);
    if (url === '/api/map/syncRetry') return envelope({ ...SYNCS[1], sendState: 'success', message: '' });
    return envelope([]);
  });
});

describe('the sync outcomes', () => {
  it('say since when a target is waited for and until when, and a failed send shows its reason and retries', async () => {
    renderWithClient(<SyncDialog deviceId={7} mapName="office-3F" onClose={() => undefined} />);
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
