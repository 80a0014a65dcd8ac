import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import { SiemTab } from './siem-tab';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const { fetchMock, bodiesTo } = fakeServer();

const ROW = {
  destinationId: 4, nodeId: 12, nodeAccount: 'dealerA', name: 'SOC', host: 'siem.example.com', port: 6514, tls: true, caPem: null,
  appName: 'cleanfleet', kinds: ['signin', 'refused'], active: true, state: 'failing', sent: 1, backlog: 42,
  lastSentAt: '2026-11-26T08:00:00Z', lastError: 'tls', lastErrorText: 'secure connection (TLS) failed', lastErrorAt: '2026-11-26T08:05:00Z',
  retryAt: '2026-11-26T08:06:00Z', createdAt: '2026-11-20T08:00:00Z',
};
let testAnswer: Record<string, unknown> = { ok: true, error: null, errorText: null, durationMs: 12 };

beforeAll(() => readIn('en'));

beforeEach(() => {
  testAnswer = { ok: true, error: null, errorText: null, durationMs: 12 };
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 12, account: 'dealerA', name: 'Dealer', levelDepth: 2, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: { audit: true, 'audit/siem': true } },
  });
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/audit/siem/list') return envelope({ list: [ROW], max: 5 });
    if (url === '/api/audit/siem/add') return envelope({ ...ROW, destinationId: 5, name: 'Splunk', state: 'waiting' });
    if (url === '/api/audit/siem/test') return envelope(testAnswer);
    if (url === '/api/device/selectOwnUser') return envelope([]); // the node picker's tree
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

function renderTab() {
  return renderWithClient(<MemoryRouter><SiemTab /></MemoryRouter>);
}

describe('the SIEM streaming tab', () => {
  it('shows each destination with its health: state, sent and waiting counts, the last error in words', async () => {
    renderTab();
    const row = (await screen.findByText('SOC', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('tls://siem.example.com:6514');
    expect(within(row).getByTestId('siem-state')).toHaveTextContent('Failing');
    expect(within(row).getByTestId('siem-health')).toHaveTextContent('1 sent · 42 waiting');
    expect(within(row).getByTestId('siem-error')).toHaveTextContent('secure connection (TLS) failed');
    expect(row).toHaveTextContent('Sign-ins');
    expect(row).toHaveTextContent('Refused calls');
  }, TEST_TIMEOUT);

  it('adds a destination with TLS on and every kind by default', async () => {
    renderTab();
    fireEvent.click(await screen.findByTestId('siem-add', {}, SLOW));
    fireEvent.change(await screen.findByTestId('siem-name', {}, SLOW), { target: { value: 'Splunk' } });
    fireEvent.change(screen.getByTestId('siem-host'), { target: { value: 'splunk.example.com' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add destination' }).at(-1)!); // the dialog's, not the tab's
    await waitFor(() => expect(bodiesTo('/api/audit/siem/add')).toHaveLength(1), SLOW);
    expect(bodiesTo('/api/audit/siem/add')).toEqual([{
      name: 'Splunk', host: 'splunk.example.com', port: 6514, tls: true, caPem: null, appName: 'cleanfleet',
      kinds: ['signin', 'change', 'robot', 'data', 'refused', 'token', 'other'], active: true,
    }]);
  }, TEST_TIMEOUT);

  it('sends a test message and says whether it went, and why not', async () => {
    renderTab();
    fireEvent.click(await screen.findByTestId('siem-test-SOC', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/audit/siem/test')).toEqual([{ destinationId: 4 }]));
    expect(await screen.findByText('Test message sent.', {}, SLOW)).toBeInTheDocument();
    testAnswer = { ok: false, error: 'unreachable', errorText: 'unreachable', durationMs: 3 };
    fireEvent.click(screen.getByTestId('siem-test-SOC'));
    expect(await screen.findByText('The test message could not be sent: unreachable.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('deletes only after confirming', async () => {
    renderTab();
    fireEvent.click(await screen.findByTestId('siem-delete-SOC', {}, SLOW));
    expect(bodiesTo('/api/audit/siem/delete')).toEqual([]);
    expect(await screen.findByText('Delete the destination "SOC"? Nothing more is sent to it.', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(bodiesTo('/api/audit/siem/delete')).toEqual([{ destinationId: 4 }]));
  }, TEST_TIMEOUT);
});
