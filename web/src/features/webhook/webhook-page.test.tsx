import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import WebhookPage from './webhook-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const { fetchMock, bodiesTo } = fakeServer();

const ROW = {
  subscriptionId: 7, name: 'BMS', url: 'https://bms.example.com/hook', events: ['robot.online', 'alarm.raised'], active: true,
  state: 'paused', pausedAt: '2025-06-02T08:00:00Z', failingSince: '2025-06-01T08:00:00Z', lastAt: '2025-06-02T08:00:00Z',
  lastCode: 500, lastState: 'failed', dropped: 25, createdAt: '2025-05-01T08:00:00Z',
};
const CATALOGUE = {
  version: 1, groups: [{ name: 'robot', label: 'Robot state' }, { name: 'alarm', label: 'Alarms' }],
  events: [
    { name: 'robot.online', group: 'robot', key: 'device/index', description: '', bodySchema: {}, sample: {} },
    { name: 'robot.offline', group: 'robot', key: 'device/index', description: '', bodySchema: {}, sample: {} },
    { name: 'alarm.raised', group: 'alarm', key: 'warn/index/warn', description: '', bodySchema: {}, sample: {} },
  ],
};
const DELIVERY = {
  deliveryId: 91, eventId: 'evt_abc', eventType: 'robot.online', state: 'failed', attempts: 7, nextAt: null, lastCode: 500,
  lastError: 'http_5xx', lastDurationMs: 12, createdAt: '2025-06-02T08:00:00Z', deliveredAt: null,
  tries: [{ at: '2025-06-02T08:00:00Z', state: 'failed', code: 500, durationMs: 12, error: 'http_5xx' }],
};

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

function renderPage() {
  return renderWithClient(
    <MemoryRouter initialEntries={['/integration/webhook']}>
      <WebhookPage />
    </MemoryRouter>,
  );
}

let list = [ROW];

beforeAll(() => readIn('en'));

beforeEach(() => {
  list = [ROW];
  signInWith('integration/webhook', 'integration/webhook/add', 'integration/webhook/edit', 'integration/webhook/delete');
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/integration/webhook/list') return envelope({ list, max: 20 });
    if (url === '/api/integration/webhook/catalogue') return envelope(CATALOGUE);
    if (url === '/api/integration/webhook/add') return envelope({ ...ROW, subscriptionId: 8, name: 'Facility', state: 'active', secret: 'whsec_c2VjcmV0c2VjcmV0' });
    if (url === '/api/integration/webhook/rotate') return envelope({ ...ROW, secret: 'whsec_bmV3c2VjcmV0' });
    if (url === '/api/integration/webhook/resume') return envelope({ ...ROW, state: 'active' });
    if (url === '/api/integration/webhook/test') return envelope({ deliveryId: 92, eventId: 'evt_t' });
    if (url === '/api/integration/webhook/deliveries') return envelope({ list: [DELIVERY], total: 1, pageNum: 1, pageSize: 20 });
    if (url === '/api/integration/webhook/replay') return envelope({ ...DELIVERY, state: 'pending' });
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the webhooks page', () => {
  it('lists each subscription with its URL, events, state and last answer code', async () => {
    renderPage();
    const row = (await screen.findByText('BMS', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('https://bms.example.com/hook');
    expect(row).toHaveTextContent('robot.online');
    expect(within(row).getByTestId('subscription-state')).toHaveTextContent('Paused');
    expect(within(row).getByTestId('webhook-last-code')).toHaveTextContent('500');
    expect(within(row).getByTestId('webhook-dropped')).toHaveTextContent('25 dropped'); // its receiver fell behind
  }, TEST_TIMEOUT);

  it('shows the empty state', async () => {
    list = [];
    renderPage();
    expect(await screen.findByText('No webhooks yet', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('creates a subscription from the grouped checklist and shows its secret once', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('add-webhook', {}, SLOW));
    fireEvent.change(await screen.findByTestId('webhook-name'), { target: { value: 'Facility' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://fm.example.com/in' } });
    expect(await screen.findByText('Robot state', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Alarms')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('webhook-event-robot.offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodiesTo('/api/integration/webhook/add')).toHaveLength(1), SLOW);
    expect(await screen.findByTestId('webhook-secret', {}, SLOW)).toHaveTextContent('whsec_c2VjcmV0c2VjcmV0');
    expect(bodiesTo('/api/integration/webhook/add')).toEqual([{ name: 'Facility', url: 'https://fm.example.com/in', events: ['robot.offline'], active: true }]);
  }, TEST_TIMEOUT);

  it('resumes a paused subscription, queues a test event, and rotates the secret after confirming', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('resume-BMS', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/integration/webhook/resume')).toEqual([{ subscriptionId: 7 }]));
    fireEvent.click(screen.getByTestId('test-BMS'));
    await waitFor(() => expect(bodiesTo('/api/integration/webhook/test')).toEqual([{ subscriptionId: 7 }]));
    fireEvent.click(screen.getByTestId('rotate-BMS'));
    expect(bodiesTo('/api/integration/webhook/rotate')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }, SLOW).then(() => screen.getAllByRole('button', { name: 'Rotate secret' }).at(-1)!));
    expect(await screen.findByTestId('webhook-secret', {}, SLOW)).toHaveTextContent('whsec_bmV3c2VjcmV0');
  }, TEST_TIMEOUT);

  it('opens the deliveries with their code, duration and failure (its category, translated), and replays one', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('deliveries-BMS', {}, SLOW));
    const drawer = await screen.findByTestId('webhook-deliveries', {}, SLOW);
    const row = (await within(drawer).findByText('receiver error (HTTP 5xx)', {}, SLOW)).closest('tr')!;
    expect(row).not.toHaveTextContent('http_5xx');
    expect(row).toHaveTextContent('12 ms');
    expect(within(row).getByTestId('delivery-state')).toHaveTextContent('Failed');
    fireEvent.click(within(row).getByTestId('replay-91'));
    await waitFor(() => expect(bodiesTo('/api/integration/webhook/replay')).toEqual([{ deliveryId: 91 }]));
  }, TEST_TIMEOUT);

  it('hides the changing buttons from a reader', async () => {
    signInWith('integration/webhook');
    renderPage();
    await screen.findByText('BMS', {}, SLOW);
    expect(screen.queryByTestId('add-webhook')).toBeNull();
    expect(screen.queryByTestId('delete-BMS')).toBeNull();
    expect(screen.getByTestId('deliveries-BMS')).toBeInTheDocument();
  }, TEST_TIMEOUT);
});
