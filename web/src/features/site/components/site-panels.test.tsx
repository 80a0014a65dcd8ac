import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import type { SiteDetail } from '../api/sites';
import { CalendarPanel } from './calendar-panel';
import { CoveragePanel } from './coverage-panel';
import { RobotsPanel } from './robots-panel';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const ROBOT = { deviceId: 45, deviceCode: 'Ward robot', deviceSerialNumber: 'CF3-0009', since: '2026-11-24T08:00:00+00:00' };
const SITE = {
  siteId: 7, siteName: 'City Hospital', address: '', timeZone: 'Europe/Paris', userId: 3, userName: 'Hospital group',
  buildingCount: 1, floorCount: 1, robotCount: 1, planItemCount: 2, createTime: '', updateTime: '',
  buildings: [{ buildingId: 5, siteId: 7, buildingName: 'Main', floors: [] }], robots: [ROBOT],
} as SiteDetail;
const item = (planItemId: number, windowStart: string, windowEnd: string, taskName = '') => ({
  planItemId, siteId: 7, floorId: 11, floorName: '2F', buildingName: 'Main', areaName: '', taskName, weekdays: [1, 2, 3, 4, 5, 6, 7],
  windowStart, windowEnd, runsPerDay: 1, minArea: null, minCoverage: null, validFrom: '2026-11-20', validUntil: null, createTime: '', updateTime: '',
});
const SCHEDULE = { deviceId: 45, deviceCode: 'Ward robot', scheduleName: 'night clean', mapName: 'ward-2F', taskList: ['corridor'], startTime: '22:00', endTime: '23:30', isActive: true, floorId: 11 };
const ROBOTS = [
  { deviceId: 45, deviceCode: 'Ward robot', deviceSerialNumber: 'CF3-0009', state: 'ok', reason: null },
  { deviceId: 46, deviceCode: 'Lobby robot', deviceSerialNumber: 'CF3-0010', state: 'unknown', reason: 'The robot is offline' },
];
const COVERAGE = {
  siteId: 7, timeZone: 'Europe/Paris', day: '2026-11-24', robots: ROBOTS,
  items: [
    { planItem: item(1, '22:00', '24:00', 'corridor'), state: 'served', schedules: [SCHEDULE] },
    { planItem: item(2, '06:00', '07:00'), state: 'unserved', schedules: [] },
    { planItem: item(3, '12:00', '13:00'), state: 'unknown', schedules: [] },
  ],
};
const CALENDAR = {
  siteId: 7, timeZone: 'Europe/Paris', start: '2026-11-23', end: '2026-11-29', robots: ROBOTS,
  days: ['23', '24', '25', '26', '27', '28', '29'].map((d, i) => ({
    day: `2026-11-${d}`,
    planned: i < 5 ? [{ planItemId: 1, buildingName: 'Main', floorName: '2F', areaName: 'Lobby', taskName: '', windowStart: '22:00', windowEnd: '24:00', runsPerDay: 2 }] : [],
    scheduled: i < 5 ? [SCHEDULE] : [],
  })),
};

const { fetchMock, bodiesTo } = fakeServer();

beforeAll(() => readIn('en'));

beforeEach(() => {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: { 'site/index': true, 'site/index/robots': true } },
  });
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/site/plan/coverage') return envelope(COVERAGE);
    if (url === '/api/site/plan/calendar') return envelope(CALENDAR);
    if (url === '/api/site/robot/history') return envelope({ list: [{ siteId: 7, siteName: 'City Hospital', ...ROBOT, fromTime: ROBOT.since, toTime: null }], total: 1, pageNum: 1, pageSize: 10 });
    if (url === '/api/site/robot/unassign') return envelope({ siteId: 7, deviceIds: [45] });
    if (url === '/api/device/selectDevicePc') return envelope({ list: [], total: 0, pageNum: 1, pageSize: 50 });
    return envelope([]);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('schedule coverage', () => {
  it('shows the schedules serving each item, a warning on an item none serves, and the robots that did not answer', async () => {
    renderWithClient(<CoveragePanel site={SITE} />);
    const table = await screen.findByTestId('coverage-table', {}, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Served');
    expect(rows[0]).toHaveTextContent('22:00–23:30 night clean');
    expect(within(rows[1]!).getByText('Not served').closest('[data-state]')).toHaveAttribute('data-state', 'unserved');
    expect(within(rows[1]!).getByRole('img', { name: 'warning' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('No schedule serves it');
    expect(rows[2]).toHaveTextContent('Unknown');
    expect(screen.getByTestId('coverage-unknown')).toHaveTextContent('Some robots did not tell their schedules');
    expect(screen.getByTestId('schedule-robot-CF3-0010')).toHaveTextContent('Unknown');
    expect(screen.getByTestId('schedule-robot-CF3-0010')).toHaveTextContent('The robot is offline');
    expect(screen.getByTestId('schedule-robot-CF3-0009')).toHaveTextContent('Read');
    expect(bodiesTo('/api/site/plan/coverage')[0]).toEqual({ siteId: 7, day: null });
  }, TEST_TIMEOUT);
});

describe('the calendar', () => {
  it('shows a week of planned windows and scheduled runs, a day at a time', async () => {
    renderWithClient(<CalendarPanel site={SITE} />);
    const tuesday = await screen.findByTestId('calendar-2026-11-24', {}, SLOW);
    expect(tuesday).toHaveTextContent('Tue');
    expect(tuesday).toHaveTextContent('22:00–24:00 Main · 2F · Lobby ×2');
    expect(tuesday).toHaveTextContent('night clean');
    expect(screen.getByTestId('calendar-2026-11-29')).toHaveTextContent('Nothing planned or scheduled');
    expect(bodiesTo('/api/site/plan/calendar')[0]).toEqual({ siteId: 7, period: 'week', day: null });
    fireEvent.click(screen.getByText('Day'));
    await waitFor(() => expect(bodiesTo('/api/site/plan/calendar').at(-1)).toEqual({ siteId: 7, period: 'day', day: null }), SLOW);
  }, TEST_TIMEOUT);
});

describe('the robots at a site', () => {
  it('lists them with their stays and takes one away after its confirmation', async () => {
    renderWithClient(<RobotsPanel site={SITE} />);
    expect(await screen.findByTestId('site-stays', {}, SLOW)).toHaveTextContent('Still here');
    fireEvent.click(screen.getByTestId('unassign-CF3-0009'));
    const question = await screen.findByText(/Take "Ward robot" away from this site/, {}, SLOW);
    fireEvent.click(within(question.closest('.ant-popover')!).getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(bodiesTo('/api/site/robot/unassign')).toEqual([{ siteId: 7, deviceIds: [45] }]), SLOW);
    expect(await screen.findByText('Robot unassigned.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('offers no assign or unassign without the robots key', async () => {
    useSessionStore.setState((s) => ({ user: s.user && { ...s.user, permissionKeys: { 'site/index': true } } }));
    renderWithClient(<RobotsPanel site={SITE} />);
    expect(await screen.findByTestId('site-stays', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('assign-robots')).toBeNull();
    expect(screen.queryByTestId('unassign-CF3-0009')).toBeNull();
  }, TEST_TIMEOUT);
});
