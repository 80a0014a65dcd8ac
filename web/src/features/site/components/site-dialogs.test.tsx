import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import type { Building, SiteDetail } from '../api/sites';
import { FloorDialog } from './floor-dialog';
import { PlanDialog } from './plan-dialog';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const FLOOR = {
  floorId: 11, buildingId: 5, floorName: '2F', level: 2,
  maps: [{ deviceId: 45, deviceCode: 'Ward robot', deviceSerialNumber: 'CF3-0009', mapName: 'ward-2F' }],
  elevators: [],
};
const BUILDING: Building = { buildingId: 5, siteId: 7, buildingName: 'Main', floors: [FLOOR] };
const SITE = {
  siteId: 7, siteName: 'City Hospital', address: '', timeZone: 'Europe/Paris', userId: 3, userName: 'Hospital group',
  buildingCount: 1, floorCount: 1, robotCount: 1, planItemCount: 0, createTime: '', updateTime: '',
  buildings: [BUILDING], robots: [],
} as SiteDetail;
const MAP = (mapName: string, floor: number) => ({
  id: floor, deviceId: 45, mapName, area: 100, width: 10, height: 10, resolution: 0.05, origin: [0, 0], sizeM: [1, 1], version: 1, current: true,
  inUse: [], usedBy: { tasks: [], schedules: [], elevatorSchedules: [] }, floor, building: 'St. Clara', imagePath: '', changedAt: '', refreshedAt: '',
});

const { fetchMock, notifyError, bodiesTo } = fakeServer();
let refuse: { path: string; code: number; message: string; field: string } | null = null;

beforeAll(() => readIn('en'));

beforeEach(() => {
  refuse = null;
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: { 'site/index': true, 'site/index/edit': true, 'site/index/plan': true } },
  });
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (refuse && url === refuse.path) return envelope(null, refuse.code, refuse.message, refuse.field);
    if (url === '/api/map/selectMap') return envelope({ deviceId: 45, online: 1, refreshed: true, usageRefreshed: true, list: [MAP('ward-2F', 2), MAP('lobby-hall', 1)] });
    if (url === '/api/device/selectDevicePc') return envelope({ list: [], total: 0, pageNum: 1, pageSize: 50 });
    if (url === '/api/elevator/options') return envelope([]);
    if (url.startsWith('/api/site/')) return envelope({});
    return envelope([]);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('a floor’s dialog', () => {
  it('offers the chosen robot’s maps and sends the floor with its maps', async () => {
    renderWithClient(<FloorDialog building={BUILDING} floor={FLOOR} onClose={() => undefined} />);
    const form = await screen.findByTestId('floor-form', {}, SLOW);
    expect(within(form).getByTestId('floor-map-robot-0')).toHaveTextContent('Ward robot · CF3-0009');
    fireEvent.mouseDown(within(form).getByTestId('floor-map-name-0').querySelector('.ant-select-selector') ?? within(form).getByTestId('floor-map-name-0'));
    expect(await screen.findByTitle('lobby-hall (St. Clara · floor 1)', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('lobby-hall (St. Clara · floor 1)'));
    fireEvent.change(within(form).getByTestId('floor-name'), { target: { value: '2nd floor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo('/api/site/floor/update')).toHaveLength(1), SLOW);
    expect(bodiesTo('/api/site/floor/update')[0]).toEqual({
      floorId: 11, floorName: '2nd floor', level: 2, maps: [{ deviceId: 45, mapName: 'lobby-hall' }], elevatorIds: [],
    });
  }, TEST_TIMEOUT);

  it('shows a refused map under that map’s row', async () => {
    refuse = { path: '/api/site/floor/update', code: 10001, message: 'Map ward-2F of robot CF3-0009 is already tied to floor 3F', field: 'maps.0.mapName' };
    renderWithClient(<FloorDialog building={BUILDING} floor={FLOOR} onClose={() => undefined} />);
    const form = await screen.findByTestId('floor-form', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const row = within(form).getByTestId('floor-map-0');
    expect(await within(row).findByText('Map ward-2F of robot CF3-0009 is already tied to floor 3F', {}, SLOW)).toBeInTheDocument();
    await nextTask();
    expect(notifyError).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);

  it('adds and removes map rows; an empty row asks for its robot', async () => {
    renderWithClient(<FloorDialog building={BUILDING} floor={null} onClose={() => undefined} />);
    const form = await screen.findByTestId('floor-form', {}, SLOW);
    fireEvent.change(within(form).getByTestId('floor-name'), { target: { value: '3F' } });
    fireEvent.click(within(form).getByTestId('add-floor-map'));
    expect(await within(form).findByTestId('floor-map-0', {}, SLOW)).toBeInTheDocument();
    expect(within(form).getByTestId('floor-map-name-0').className).toContain('disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await within(form).findAllByText('Choose an option.', {}, SLOW)).length).toBeGreaterThan(0);
    expect(bodiesTo('/api/site/floor/insert')).toEqual([]);
    fireEvent.click(within(form).getByTestId('remove-floor-map-0'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo('/api/site/floor/insert')).toEqual([{ buildingId: 5, floorName: '3F', level: 1, maps: [], elevatorIds: [] }]), SLOW);
  }, TEST_TIMEOUT);
});

/** Types the window into the plan item's dialog and saves. */
async function fillWindow(start: string, end: string) {
  const form = await screen.findByTestId('plan-form', {}, SLOW);
  fireEvent.change(within(form).getByTestId('plan-start'), { target: { value: start } });
  fireEvent.change(within(form).getByTestId('plan-end'), { target: { value: end } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return form;
}

describe('a plan item’s dialog', () => {
  it('sends a floor, every weekday, the window and runs a day, and no targets by default', async () => {
    renderWithClient(<PlanDialog site={SITE} item={null} onClose={() => undefined} />);
    await fillWindow('08:00', '24:00');
    await waitFor(() => expect(bodiesTo('/api/site/plan/insert')).toHaveLength(1), SLOW);
    expect(bodiesTo('/api/site/plan/insert')[0]).toEqual({
      siteId: 7, floorId: 11, areaName: '', taskName: '', weekdays: [1, 2, 3, 4, 5, 6, 7], windowStart: '08:00', windowEnd: '24:00',
      runsPerDay: 1, minArea: null, minCoverage: null, validUntil: null,
    });
    expect(await screen.findByText('Plan item added.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('refuses a time that is not HH:MM before asking the server', async () => {
    renderWithClient(<PlanDialog site={SITE} item={null} onClose={() => undefined} />);
    const form = await fillWindow('8:00', '25:00');
    expect(await within(form).findAllByText('Write the time as HH:MM (24:00 is midnight).', {}, SLOW)).toHaveLength(2);
    expect(bodiesTo('/api/site/plan/insert')).toEqual([]);
  }, TEST_TIMEOUT);

  it('says a window is one day’s and refuses 10:00 – 08:00 under the window’s end before asking the server', async () => {
    renderWithClient(<PlanDialog site={SITE} item={null} onClose={() => undefined} />);
    expect(await screen.findByTestId('plan-same-day', {}, SLOW)).toHaveTextContent('add two items: one until 24:00 and one from 00:00');
    const form = await fillWindow('10:00', '08:00');
    const end = within(form).getByTestId('plan-end').closest('.ant-form-item')!;
    expect(await within(end as HTMLElement).findByText(/The window must close after it opens. For 10:00 – 08:00 across midnight/, {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/site/plan/insert')).toEqual([]);
    await nextTask();
    expect(notifyError).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);
});
