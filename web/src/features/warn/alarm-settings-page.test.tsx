import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '@/api/client';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { useSessionStore } from '@/lib/session';
import AlarmSettingsPage from './alarm-settings-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const row = {
  userId: 1, code: 'lidar_dock_failed', alarmCode: '0x0610', kind: 'fault', app: false, cloud: true, email: true,
  official: false, sms: false, terminal: false, offsite: false, custom: false,
};
let mailConfigured = false;

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
  vi.stubGlobal('fetch', vi.fn(async (path: RequestInfo | URL) =>
    String(path).endsWith('/api/wmWarnSet/queryByPage') ? envelope({ list: [row], total: 1, pageNum: 1, pageSize: 1_000_000, mailConfigured }) : envelope([]),
  ));
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
  it('names each switch by its channel and alarm in the reader\'s language, not by raw keys', async () => {
    mailConfigured = true;
    renderPage();
    const name = i18n.t('monitor.alarm.keys.lidar_dock_failed');
    const email = await screen.findByRole('switch', { name: `${i18n.t('warn.settings.channels.email')} : ${name}` }, SLOW);
    expect(email).toBeChecked();
    expect(screen.getByRole('switch', { name: `${i18n.t('warn.settings.channels.sms')} : ${name}` })).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: /lidar_dock_failed|email/ })).toBeNull();
    expect(screen.queryByTestId('no-mail-server')).toBeNull();
  }, TEST_TIMEOUT);

  it('says so when the server has no mail server, the e-mail switches notwithstanding', async () => {
    mailConfigured = false;
    renderPage();
    expect(await screen.findByTestId('no-mail-server', {}, SLOW)).toHaveTextContent(i18n.t('warn.settings.noMail'));
  }, TEST_TIMEOUT);
});
