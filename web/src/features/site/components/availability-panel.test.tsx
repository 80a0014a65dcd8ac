import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import type { AvailabilityRow, SiteAvailability } from '../api/availability';
import type { SiteDetail } from '../api/sites';
import { hoursText, minutesText, notMet, percentText, trendPoints } from '../lib/availability';
import { AvailabilityPanel } from './availability-panel';
import { AvailabilityTable } from './availability-table';

// the chart's canvas is ECharts' (no canvas in jsdom): a figure naming what it shows stands in for it
vi.mock('@/components/charts/echart', () => ({
  EChart: ({ label, testId }: { label: string; testId?: string }) => <figure aria-label={label} data-testid={testId} />,
  useChartRtl: () => false,
}));

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const HOUR = 3600;
const SITE = {
  siteId: 7, siteName: 'City Hospital', address: '', timeZone: 'UTC', userId: 3, userName: 'Hospital group',
  buildingCount: 1, floorCount: 1, robotCount: 1, planItemCount: 1, createTime: '', updateTime: '', robots: [], buildings: [],
} as SiteDetail;
const RUNS = { planned: 7, done: 0, late: 0, short: 0, missed: 7, failed: 0, pending: 0, closed: 7, doneShare: 0, onTimeShare: 0 };
const incidents = [
  { severity: 'high', count: 1, acknowledged: 1, resolved: 1, mttaSeconds: 600, mttrSeconds: 7200 },
  { severity: 'medium', count: 1, acknowledged: 1, resolved: 0, mttaSeconds: 1200, mttrSeconds: null },
  { severity: 'low', count: 0, acknowledged: 0, resolved: 0, mttaSeconds: null, mttrSeconds: null },
  { severity: 'all', count: 2, acknowledged: 2, resolved: 1, mttaSeconds: 900, mttrSeconds: 7200 },
];
const hours = {
  scheduledSeconds: 25 * HOUR, availableSeconds: 21 * HOUR, availability: 840,
  lost: { offline: 2 * HOUR, fault: HOUR, waiting: HOUR }, excluded: { update: HOUR, maintenance: 2 * HOUR },
};
/** What /site/availability/get answered for backend/tests/sites/test_availability.py's constructed week. */
const FOUND: SiteAvailability = {
  siteId: 7, siteName: 'City Hospital', timeZone: 'UTC', customerName: 'Hospital group',
  current: { ...hours, start: '2025-03-03', end: '2025-03-09', incidents, runs: RUNS },
  previous: { ...hours, scheduledSeconds: 28 * HOUR, availableSeconds: 27 * HOUR, availability: 964, start: '2025-02-24', end: '2025-03-02', incidents, runs: RUNS },
  robots: [{ deviceId: 11, deviceCode: 'Scrubber', ...hours }],
  days: [{ day: '2025-03-03', scheduledSeconds: 4 * HOUR, availableSeconds: 3 * HOUR, availability: 750 }],
  problems: [{ day: '2025-03-03', windowStart: '08:00', windowEnd: '12:00', building: 'Tower A', floor: 'Ground', item: 'Lobby', state: 'missed', reasons: ['The robots were offline'] }],
  problemCount: 1,
  targets: { availability: 900, ackMinutes: 20, runsDone: null },
  met: { availability: false, ack: true, runsDone: null },
};
const ROWS: AvailabilityRow[] = [
  { siteId: 7, siteName: 'City Hospital', timeZone: 'UTC', customerId: 3, customerName: 'Hospital group', current: FOUND.current, targets: FOUND.targets, met: FOUND.met, notMet: 1 },
  { siteId: 8, siteName: 'Grand Mall', timeZone: 'UTC', customerId: 4, customerName: 'Mall group', current: { ...FOUND.current, availability: null, scheduledSeconds: 0 }, targets: { availability: null, ackMinutes: null, runsDone: null }, met: { availability: null, ack: null, runsDone: null }, notMet: 0 },
];

const { fetchMock, bodiesTo } = fakeServer();

function signIn(keys: Record<string, true>) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'dealer', name: 'Dealer', levelDepth: 2, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: keys },
  });
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  signIn({ 'site/index': true, 'site/index/targets': true });
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/site/availability/get') return envelope(FOUND);
    if (url === '/api/site/availability/table') return envelope({ rows: ROWS });
    if (url === '/api/site/availability/targets/set') return envelope({ siteId: 7, availability: 950, ackMinutes: 20, runsDone: null });
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('availability numbers', () => {
  it('read the server’s seconds and thousandths once, as the report does', () => {
    expect(percentText(840, 'en')).toBe('84.0%');
    expect(percentText(null, 'en')).toBe('—');
    expect(hoursText(25 * HOUR, 'en')).toBe('25.0');
    expect(hoursText(5400, 'de')).toBe('1,5');
    expect(minutesText(900, 'en')).toBe('15.0');
    expect(trendPoints(840, 964)).toBe(-12.4);
    expect(trendPoints(840, null)).toBeNull();
    expect(notMet({ availability: false, ack: true, runsDone: false })).toBe(2);
  });
});

describe('a site’s availability', () => {
  it('shows the figures the API answered, the trend and the targets met or not', async () => {
    renderWithClient(<AvailabilityPanel site={SITE} />);
    const availability = await screen.findByTestId('availability-availability', {}, SLOW);
    expect(availability).toHaveTextContent('84.0%');
    expect(within(availability).getByTestId('met-availability')).toHaveTextContent('Not met');
    expect(screen.getByTestId('availability-scheduled')).toHaveTextContent('25.0 hours');
    expect(screen.getByTestId('availability-available')).toHaveTextContent('21.0 hours');
    expect(screen.getByTestId('availability-mtta')).toHaveTextContent('15.0 minutes');
    expect(screen.getByTestId('met-ack')).toHaveTextContent('Met');
    expect(screen.getByTestId('availability-trend')).toHaveTextContent('Previous period (2025-02-24 to 2025-03-02): 96.4%, change -12.4 points');
    expect(screen.getByTestId('availability-lost')).toHaveTextContent('Waiting for a person1.0 hours');
    expect(screen.getByTestId('availability-problems')).toHaveTextContent('The robots were offline');
  }, TEST_TIMEOUT);

  it('saves the targets in thousandths, an empty field as none', async () => {
    renderWithClient(<AvailabilityPanel site={SITE} />);
    await screen.findByTestId('availability-availability', {}, SLOW);
    fireEvent.click(screen.getByTestId('set-targets'));
    const field = await screen.findByTestId('target-availability', {}, SLOW);
    fireEvent.change(field, { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo('/api/site/availability/targets/set')).toEqual([{ siteId: 7, availability: 950, ackMinutes: 20, runsDone: null }]), SLOW);
    expect(await screen.findByText('Targets saved.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('offers no targets to a reader without the dealer’s key', async () => {
    signIn({ 'site/index': true });
    renderWithClient(<AvailabilityPanel site={SITE} />);
    await screen.findByTestId('availability-availability', {}, SLOW);
    expect(screen.queryByTestId('set-targets')).toBeNull();
  }, TEST_TIMEOUT);
});

describe('the availability table', () => {
  it('lists the sites in the server’s order, worst first, with the targets not met', async () => {
    renderWithClient(<AvailabilityTable onOpen={() => undefined} />);
    expect(await screen.findByTestId('availability-notmet-7', {}, SLOW)).toHaveTextContent('1 target not met');
    const names = screen.getAllByTestId(/^availability-open-/).map((link) => link.textContent);
    expect(names).toEqual(['City Hospital', 'Grand Mall']);
  }, TEST_TIMEOUT);
});
