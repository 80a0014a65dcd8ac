import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import PlanActualPage from './plan-actual-page';

// the chart's canvas is ECharts' (no canvas in jsdom): a figure naming what it shows stands in for it
vi.mock('@/components/charts/echart', () => ({
  EChart: ({ label, testId }: { label: string; testId?: string }) => <figure aria-label={label} data-testid={testId} />,
  useChartRtl: () => false,
}));

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const counts = (over: Partial<Record<string, number>>) => ({
  planned: 0, done: 0, late: 0, short: 0, missed: 0, failed: 0, pending: 0, closed: 0, doneShare: 0, onTimeShare: 0, ...over,
});
const ITEM = {
  planItemId: 1, siteId: 7, floorId: 11, floorName: '2F', buildingName: 'Main', areaName: 'Lobby', taskName: '', weekdays: [1, 2, 3, 4, 5, 6, 7],
  windowStart: '00:00', windowEnd: '01:00', runsPerDay: 1, minArea: 100, minCoverage: null, validFrom: '2026-11-20', validUntil: null, createTime: '', updateTime: '',
};
const planned = (day: string, state: string, extra: object = {}) => ({
  day, slot: 1, windowStart: `${day}T23:00:00+00:00`, windowEnd: `${day}T00:00:00+00:00`, state, run: null, reasons: [], ...extra,
});
const RUN = {
  taskReportId: 81, deviceId: 45, deviceCode: 'Ward robot', mapName: 'ward-2F', taskName: 'corridor',
  startTime: '2026-11-22T23:10:00+00:00', endTime: '2026-11-22T23:40:00+00:00', result: 'finished', cleanedArea: 62.5, coverage: 71,
};
const DETAIL = {
  siteId: 7, siteName: 'City Hospital', timeZone: 'Europe/Paris', start: '2026-11-23', end: '2026-11-24', period: 'week',
  counts: counts({ planned: 3, short: 1, missed: 1, pending: 1, closed: 2 }),
  items: [
    {
      planItem: ITEM,
      counts: counts({ planned: 3 }),
      runs: [
        planned('2026-11-23', 'short', { run: RUN, reasons: [{ kind: 'area', key: '', text: 'Cleaned 62.5 m² of 100 m²', count: null }] }),
        planned('2026-11-24', 'missed', { reasons: [{ kind: 'alarm', key: 'bumper', text: 'Bumper pressed', count: 3 }] }),
        planned('2026-11-24', 'pending', { slot: 2 }),
      ],
    },
  ],
};
const SUMMARY = {
  period: 'day',
  total: counts({ planned: 5, done: 3, missed: 2, closed: 5, doneShare: 600, onTimeShare: 600 }),
  sites: [
    { siteId: 7, siteName: 'City Hospital', timeZone: 'Europe/Paris', start: '2026-11-24', end: '2026-11-24', counts: counts({ planned: 3, done: 1, missed: 2, closed: 3, doneShare: 333 }) },
    { siteId: 8, siteName: 'Airport', timeZone: 'Asia/Shanghai', start: '2026-11-25', end: '2026-11-25', counts: counts({ planned: 2, done: 2, closed: 2, doneShare: 1000 }) },
  ],
};

const { fetchMock, bodiesTo } = fakeServer();

function renderAt(path: string) {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <PlanActualPage />
    </MemoryRouter>,
  );
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: { 'site/actual': true } },
  });
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/site/options') return envelope(SUMMARY.sites.map(({ siteId, siteName, timeZone }) => ({ siteId, siteName, timeZone, userId: 3 })));
    if (url === '/api/site/actual/summary') return envelope(SUMMARY);
    if (url === '/api/site/actual/detail') return envelope(DETAIL);
    return envelope([]);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('plan against actual', () => {
  it('shows every site of the branch: the totals, a chart by site and each site’s numbers', async () => {
    renderAt('/site/actual');
    const numbers = await screen.findByTestId('actual-numbers', {}, SLOW);
    expect(within(numbers).getByTestId('actual-planned')).toHaveTextContent('5');
    expect(within(numbers).getByTestId('actual-missed')).toHaveTextContent('2');
    expect(within(numbers).getByTestId('actual-doneShare')).toHaveTextContent('60%');
    expect(screen.getByTestId('actual-chart-canvas')).toHaveAttribute('aria-label', 'Planned runs by site and state');
    const sites = screen.getByTestId('actual-sites');
    expect(within(sites).getAllByRole('row')[1]).toHaveTextContent('City Hospital2026-11-24310020033.3%');
    expect(bodiesTo('/api/site/actual/summary')[0]).toEqual({ period: 'day', day: null });
    fireEvent.click(within(sites).getByTestId('actual-open-City Hospital'));
    await waitFor(() => expect(bodiesTo('/api/site/actual/detail')).toEqual([{ siteId: 7, period: 'day', day: null }]), SLOW);
  }, TEST_TIMEOUT);

  it('draws every site’s planned runs by day over a week', async () => {
    const week = { ...SUMMARY, period: 'week', days: ['2026-11-23', '2026-11-24'].map((day, n) => ({ day, counts: counts({ planned: 2 + n, done: 2, missed: n }) })) };
    fetchMock.mockImplementation(async (path) => envelope(String(path) === '/api/site/actual/summary' ? week : []));
    renderAt('/site/actual?period=week');
    expect(await screen.findByTestId('actual-days-chart-canvas', {}, SLOW)).toHaveAttribute('aria-label', 'Planned runs by day and state');
    expect(screen.getByTestId('actual-chart-canvas')).toHaveAttribute('aria-label', 'Planned runs by site and state');
  }, TEST_TIMEOUT);

  it('shows one site’s planned runs by day with their states, runs and reasons', async () => {
    renderAt('/site/actual?siteId=7&period=week');
    const runs = await screen.findByTestId('actual-runs', {}, SLOW);
    expect(bodiesTo('/api/site/actual/detail')[0]).toEqual({ siteId: 7, period: 'week', day: null });
    expect(screen.getByTestId('actual-range')).toHaveTextContent('City Hospital · 2026-11-23 – 2026-11-24 · on the site’s clock (Europe/Paris)');
    expect(screen.getByTestId('actual-chart-canvas')).toHaveAttribute('aria-label', 'Planned runs by day and state');
    const rows = within(runs).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    // a short run: its times on the site's clock (Paris, UTC+1), its figures and its reason
    expect(rows[0]).toHaveTextContent('Short');
    expect(rows[0]).toHaveTextContent('00:10–00:40 Ward robot');
    expect(rows[0]).toHaveTextContent('62.5 m², 71 % covered');
    expect(rows[0]).toHaveTextContent('Cleaned 62.5 m² of 100 m²');
    expect(rows[1]).toHaveTextContent('Missed');
    expect(rows[1]).toHaveTextContent('No run');
    expect(rows[1]).toHaveTextContent('Bumper pressed ×3');
    expect(rows[2]).toHaveTextContent('Pending');
    expect(rows[2]).toHaveTextContent('The window has not closed yet.');
    // without the task reports' key, no link to the run's report
    expect(within(runs).queryByTestId('run-report-81')).toBeNull();
  }, TEST_TIMEOUT);

  it('says a missed run had no run in its window when the server gives no reason, and filters by state', async () => {
    fetchMock.mockImplementation(async (path) =>
      String(path) === '/api/site/actual/detail'
        ? envelope({ ...DETAIL, items: [{ ...DETAIL.items[0], runs: [planned('2026-11-24', 'missed'), planned('2026-11-24', 'pending', { slot: 2 })] }] })
        : envelope([]),
    );
    renderAt('/site/actual?siteId=7');
    const runs = await screen.findByTestId('actual-runs', {}, SLOW);
    expect(runs).toHaveTextContent('No run started in the window.');
    fireEvent.mouseDown(screen.getByTestId('actual-state-filter').querySelector('.ant-select-selector') ?? screen.getByTestId('actual-state-filter'));
    fireEvent.click(await screen.findByTitle('Pending', {}, SLOW));
    await waitFor(() => expect(within(screen.getByTestId('actual-runs')).getAllByRole('row')).toHaveLength(2), SLOW);
    expect(screen.getByTestId('actual-runs')).not.toHaveTextContent('Missed');
  }, TEST_TIMEOUT);
});
