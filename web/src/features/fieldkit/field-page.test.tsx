// oxlint-disable-next-line import/no-unassigned-import -- installs an IndexedDB in jsdom, as a browser has one
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import type { Snapshot } from './api/field';
import FieldPage from './field-page';
import { flush, useFieldQueue } from './lib/queue';
import { actionsOf, deleteFieldDb, keepSnapshot, keptSnapshot } from './lib/store';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const ME = 4;
const MINUTE = 60_000;

function snapshot(generatedAt: string): Snapshot {
  return {
    generatedAt,
    userId: ME,
    siteCount: 1,
    robotCount: 3,
    incidentCount: 1,
    sites: [
      {
        siteId: 1, siteName: 'Airport Terminal 2', address: '', timeZone: 'UTC', day: '2026-11-30',
        windows: [{ planItemId: 9, buildingName: 'Terminal', floorName: 'B2', areaName: 'Car park', taskName: '', windowStart: '06:00', windowEnd: '08:00', opensAt: '2026-11-30T06:00:00+00:00', runs: [{ slot: 1, state: 'missed', byHand: null }] }],
      },
    ],
    robots: [{ deviceId: 2, deviceName: 'Disinfector 02', serialNumber: 'CF2-0002', online: 0, battery: 40, charging: false, activity: '', taskName: '', mapName: '', heartbeatTime: null, siteId: 1, siteName: 'Airport Terminal 2' }],
    incidents: [
      {
        incidentId: 31, deviceId: 2, deviceName: 'Disinfector 02', deviceSerialNumber: 'CF2-0002', ownerId: 3, ownerName: 'Airport', siteId: 1, siteName: 'Airport Terminal 2',
        code: 'replan_failed', alarmCode: '0x0205', alarmText: 'Path replanning failed', urgency: 'high', state: 'open', openedAt: generatedAt, lastAlarmAt: generatedAt,
        alarmCount: 1, clearedAt: null, acknowledgedAt: null, acknowledgedBy: null, acknowledgedVia: null, endedAt: null, endedBy: null, cause: null, note: '',
        ackSeconds: null, resolveSeconds: null, level: 0, nextStepAt: null,
      },
    ],
  };
}

const { fetchMock, bodiesTo } = fakeServer();

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

function page() {
  return renderWithClient(
    <MemoryRouter>
      <FieldPage />
    </MemoryRouter>,
  );
}

beforeAll(() => readIn('en'));

beforeEach(async () => {
  await deleteFieldDb();
  useFieldQueue.setState({ userId: null, actions: [] });
  useSessionStore.setState({
    token: 'tok',
    user: { userId: ME, account: 'staff', name: 'Staff', levelDepth: 3, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: { 'site/field': true, 'incident/index/ack': true, 'site/index/by_hand': true } },
  });
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/field/snapshot') return envelope(snapshot(new Date().toISOString()));
    if (url === '/api/field/act') return envelope({ actionId: 'x', kind: 'acknowledge', replayed: false, appliedAt: new Date().toISOString() });
    return envelope(null);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.setState({ token: null, user: null });
});

describe('the field kit', () => {
  it('shows the server’s snapshot with signal and keeps it on the phone', async () => {
    page();
    expect(await screen.findByTestId('field-age', {}, SLOW)).toHaveTextContent('Up to date: as of just now.');
    expect(screen.getByTestId('field-incident-31')).toHaveTextContent('Disinfector 02 · Path replanning failed');
    expect(screen.getByTestId('field-cut')).toHaveTextContent('Showing 1 of 3 robots.');
    await waitFor(async () => expect((await keptSnapshot(ME))?.snapshot.incidents[0]?.incidentId).toBe(31), SLOW);
  }, TEST_TIMEOUT);

  it('offline, reads the kept copy with its age, queues an acknowledgement and sends it once back', async () => {
    const then = Date.now() - 12.6 * MINUTE; // the page's clock may be up to 30 s behind (useNow)
    await keepSnapshot({ userId: ME, savedAt: then, snapshot: snapshot(new Date(then).toISOString()) });
    setOnline(false);
    page();
    expect(await screen.findByTestId('field-age', {}, SLOW)).toHaveTextContent('Offline: showing the copy kept on this phone, as of 12 minutes ago.');
    fireEvent.click(within(screen.getByTestId('field-incident-31')).getByTestId('field-ack'));
    const queue = await screen.findByTestId('field-queue', {}, SLOW);
    expect(within(queue).getByTestId('queued-state')).toHaveTextContent('Waiting for signal');
    expect(await screen.findByText('Kept on this phone: it is sent when the connection returns.', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/field/act')).toEqual([]);

    setOnline(true);
    await act(async () => void (await flush(ME)));
    await waitFor(() => expect(within(screen.getByTestId('field-queue')).getByTestId('queued-state')).toHaveTextContent('Sent'), SLOW);
    const [sent] = bodiesTo('/api/field/act');
    expect(sent).toMatchObject({ kind: 'acknowledge', incidentId: 31, note: '' });
    expect((await actionsOf(ME))[0]?.actionId).toBe(sent?.actionId);
  }, TEST_TIMEOUT);

  it('says there is nothing to read offline before a first visit with signal', async () => {
    setOnline(false);
    page();
    expect(await screen.findByTestId('field-none', {}, SLOW)).toHaveTextContent('Nothing is kept on this phone yet');
  }, TEST_TIMEOUT);
});
