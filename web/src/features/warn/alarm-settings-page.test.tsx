import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '@/api/client';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { useSessionStore } from '@/lib/session';
import AlarmSettingsPage from './alarm-settings-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const channels = { app: false, cloud: true, email: true, official: false, sms: false, terminal: false, offsite: false, pager: true };
const row = { userId: 1, code: 'lidar_dock_failed', alarmCode: '0x0610', kind: 'fault', ...channels, channels, custom: false };
const NO_MAIL = 'Le serveur n\'a pas de serveur de courriel (CLEANFLEET_SMTP_HOST)';
const NO_GATEWAY = 'Le serveur n\'a pas de passerelle de notification';
// the server's channels as /wmWarnSet/channels serves them in French (a channel added on the server: pager)
const served = (mailConfigured: boolean) => [
  { key: 'app', label: 'Appli mobile', available: false, reason: NO_GATEWAY },
  { key: 'cloud', label: 'Plateforme cloud', available: true, reason: '' },
  { key: 'email', label: 'Courriel', available: mailConfigured, reason: mailConfigured ? '' : NO_MAIL },
  { key: 'sms', label: 'Texto', available: false, reason: NO_GATEWAY },
  { key: 'pager', label: 'Bipeur', available: true, reason: '' },
];
let mailConfigured = false;
const fetchMock = vi.fn<typeof fetch>();

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ message: { code: 0, message: 'ok' }, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  i18n.addResourceBundle('fr', 'translation', await loadMessages('fr'));
  await i18n.changeLanguage('fr');
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  // the settings list; the branch picker's user tree is empty
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url.endsWith('/api/wmWarnSet/queryByPage')) return envelope({ list: [row], total: 1, pageNum: 1, pageSize: 1_000_000, mailConfigured });
    if (url.endsWith('/api/wmWarnSet/channels')) return envelope(served(mailConfigured));
    if (url.endsWith('/api/wmWarnSet/edit')) return envelope(row);
    return envelope([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ getSession: () => ({ token: 'tok', account: 'admin', actingUserId: 1 }), notifyError: () => undefined });
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'fr', permissionKeys: { 'warn/index/warn_set/edit': true } },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, user: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <AlarmSettingsPage />
      </App>
    </QueryClientProvider>,
  );
}

describe('alarm settings', () => {
  it('draws a switch per channel the server serves, named by channel and alarm in the reader\'s language', async () => {
    mailConfigured = true;
    renderPage();
    const name = i18n.t('monitor.alarm.keys.lidar_dock_failed');
    const email = await screen.findByRole('switch', { name: `Courriel : ${name}` }, SLOW);
    expect(email).toBeChecked();
    expect(screen.getByRole('switch', { name: `Texto : ${name}` })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: `Bipeur : ${name}` })).toBeChecked(); // a channel added on the server
    expect(screen.getAllByRole('switch')).toHaveLength(5);
    expect(screen.queryByRole('switch', { name: /lidar_dock_failed|email/ })).toBeNull();
  }, TEST_TIMEOUT);

  it('sends every channel of the row with the one switched, by key', async () => {
    mailConfigured = true;
    renderPage();
    const name = i18n.t('monitor.alarm.keys.lidar_dock_failed');
    fireEvent.click(await screen.findByRole('switch', { name: `Texto : ${name}` }, SLOW));
    await waitFor(() => expect(fetchMock.mock.calls.some(([path]) => String(path).endsWith('/api/wmWarnSet/edit'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([path]) => String(path).endsWith('/api/wmWarnSet/edit'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 1, code: 'lidar_dock_failed', channels: { ...channels, sms: true } });
  }, TEST_TIMEOUT);

  it('says which channels send nothing on this server and why, grouped by the server\'s reason', async () => {
    mailConfigured = false;
    renderPage();
    const notice = await screen.findByTestId('channels-unavailable', {}, SLOW);
    expect(notice).toHaveTextContent(i18n.t('warn.settings.unavailable'));
    expect(notice).toHaveTextContent(`Appli mobile et Texto : ${NO_GATEWAY}`);
    expect(notice).toHaveTextContent(`Courriel : ${NO_MAIL}`);
  }, TEST_TIMEOUT);
});
