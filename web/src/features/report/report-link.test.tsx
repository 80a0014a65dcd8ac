import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkedId } from '@/lib/link-id';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import ReportListPage from './report-list-page';

const { fetchMock, bodiesTo } = fakeServer();
const SLOW = { timeout: 10_000 };

const run = {
  taskReportId: 12, gid: 0, runId: 'r-12', taskName: 'Lobby night clean', scheduleName: '', deviceId: 4, deviceName: 'Lobby robot',
  deviceSerialNumber: 'CF2-0004', mapName: '', startTime: '2026-11-23T22:00:00Z', endTime: '2026-11-23T23:00:00Z', durationS: 3600,
  result: 'finished', reason: '', workArea: 500, cleanedArea: 480, coverage: 0.96, efficiency: 480, batteryStart: 90, batteryEnd: 60,
  batteryUsed: 30, distanceM: 1200, cleanMode: 'sweep', alarmCount: 0, alarmCounts: {}, remark: '', manual: false, source: 'robot',
  hasPath: false, pathType: '', path: [],
};

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function openAt(path: string) {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <ReportListPage />
      <Address />
    </MemoryRouter>,
  );
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: {} },
  } as never);
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/taskReport/list') return envelope({ list: [], total: 0, pageNum: 1, pageSize: 20 });
    if (url === '/api/taskReport/detail') return envelope(run);
    if (url === '/api/taskReport/chartSummary') return envelope({ runs: 0, cleanedArea: 0, durationS: 0, coverage: 0, efficiency: 0 });
    return envelope([]);
  });
});

describe('a link to one run (a tapped push notification)', () => {
  it("opens that run's detail, named by its task, even when it is not on the list's page", async () => {
    openAt('/device/report?reportId=12');
    expect(await screen.findByText(/Lobby night clean/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('report-detail')).toHaveTextContent('CF2-0004');
    expect(bodiesTo('/api/taskReport/detail')).toEqual([{ taskReportId: 12 }]);
    // closed, the link has been followed: the address no longer names the run
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('report-detail')).not.toBeInTheDocument(), SLOW);
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  }, 30_000); // the first render loads the whole report page: its waits are SLOW, so the test's own limit is longer

  it('opens nothing for an id that is not one', async () => {
    openAt('/device/report?reportId=12abc');
    await waitFor(() => expect(bodiesTo('/api/taskReport/list')).toHaveLength(1));
    expect(screen.queryByTestId('report-detail')).not.toBeInTheDocument();
    expect(bodiesTo('/api/taskReport/detail')).toEqual([]);
  });
});

describe('the id a link names', () => {
  it('is a positive 32-bit integer, written plainly', () => {
    expect(linkedId('7')).toBe(7);
    expect(linkedId('2147483647')).toBe(2_147_483_647);
    for (const text of [null, '', '0', '-3', '07', '1e3', '2147483648', '12abc', ' 7']) expect(linkedId(text), String(text)).toBeNull();
  });
});
