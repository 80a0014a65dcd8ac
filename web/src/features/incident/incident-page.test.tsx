import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import IncidentPage from './incident-page';
import { DETAIL, INCIDENT, RESOLVED } from './test-data';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const { fetchMock, bodiesTo } = fakeServer();

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

function renderPage(path = '/incident/index') {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <IncidentPage />
    </MemoryRouter>,
  );
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  signInWith('incident/index', 'incident/index/ack', 'incident/index/resolve', 'incident/index/settings');
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/incident/list') return envelope({ list: [INCIDENT, RESOLVED], total: 2, pageNum: 1, pageSize: 20 });
    if (url === '/api/incident/detail') return envelope(DETAIL);
    if (url === '/api/incident/acknowledge') return envelope({ ...INCIDENT, state: 'acknowledged' });
    if (url === '/api/device/selectDevicePc') return envelope({ list: [], total: 0, pageNum: 1, pageSize: 50 });
    return envelope([]);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the incidents list', () => {
  it('shows each incident with its robot, alarm, state and urgency as tags, and how long it was open', async () => {
    renderPage();
    const row = (await screen.findByTestId('open-incident-41', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('Lobby scrubber');
    expect(row).toHaveTextContent('SN-0005');
    expect(row).toHaveTextContent('Emergency stop');
    expect(within(row).getByText('Open')).toHaveAttribute('data-state', 'open');
    expect(within(row).getByText('High')).toHaveAttribute('data-urgency', 'high');
    const resolved = screen.getByTestId('open-incident-40').closest('tr')!;
    expect(within(resolved).getByText('Resolved')).toBeInTheDocument();
    // open from 07:00 to 07:40: forty minutes, whatever the clock says now
    expect(screen.getByTestId('time-open-40')).toHaveTextContent('0:40:00');
    expect(screen.getByText('Incidents: 2')).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('asks the server with the chosen state and the reports’ period', async () => {
    renderPage();
    await screen.findByTestId('open-incident-41', {}, SLOW);
    fireEvent.mouseDown(within(screen.getByTestId('filter-state')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Acknowledged', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/incident/list').at(-1)).toMatchObject({ state: ['acknowledged'], currentPage: 1 }), SLOW);
    fireEvent.mouseDown(within(screen.getByTestId('filter-period')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Last week', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/incident/list').at(-1)?.startTime).toEqual(expect.any(String)), SLOW);
    const start = Date.parse(String(bodiesTo('/api/incident/list').at(-1)?.startTime));
    expect(Date.now() - start).toBeGreaterThan(6 * 86_400_000);
    expect(Date.now() - start).toBeLessThan(7 * 86_400_000);
  }, TEST_TIMEOUT);

  it('opens on the open incidents from the header’s link (?state=open)', async () => {
    renderPage('/incident/index?state=open');
    await screen.findByTestId('open-incident-41', {}, SLOW);
    expect(bodiesTo('/api/incident/list')[0]).toMatchObject({ state: ['open'] });
  }, TEST_TIMEOUT);

  it('opens an incident’s detail from a link (?incidentId=) with its timeline', async () => {
    renderPage('/incident/index?incidentId=41');
    const drawer = await screen.findByTestId('incident-detail', {}, SLOW);
    expect(await within(drawer).findByText('Incident #41', {}, SLOW)).toBeInTheDocument();
    expect(await within(drawer).findAllByTestId('timeline-sent', {}, SLOW)).toHaveLength(2);
    expect(bodiesTo('/api/incident/detail')).toEqual([{ incidentId: 41 }]);
  }, TEST_TIMEOUT);

  it('acknowledges from the row, busy while asking, and says so', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('ack-incident-41', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/incident/acknowledge')).toEqual([{ incidentId: 41 }]), SLOW);
    expect(await screen.findByText('Incident acknowledged: the escalation has stopped.', {}, SLOW)).toBeInTheDocument();
    // only the open incident offers it
    expect(screen.queryByTestId('ack-incident-40')).toBeNull();
  }, TEST_TIMEOUT);

  it('offers acknowledge only with its key', async () => {
    signInWith('incident/index');
    renderPage();
    expect(await screen.findByTestId('open-incident-41', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('ack-incident-41')).toBeNull();
  }, TEST_TIMEOUT);
});
