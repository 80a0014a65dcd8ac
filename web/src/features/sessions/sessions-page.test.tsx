import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import SessionsPage from './sessions-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const { fetchMock, bodiesTo } = fakeServer();

const SESSION = {
  method: 'password', platform: 'web', createdAt: '2026-01-02T03:04:00+00:00', expiresAt: '2026-01-03T03:04:00+00:00',
};
const ANSWER = {
  userId: 5, account: 'night', name: 'Night shift', own: true,
  sessions: [
    { ...SESSION, id: 11, browser: 'Chrome 131', system: 'Windows 10', device: '', address: '10.0.0.1', lastUsedAt: '2026-01-02T04:00:00+00:00', current: true },
    { ...SESSION, id: 12, browser: 'Mobile Safari 17', system: 'iOS 17', device: 'iPhone', address: '10.0.0.2', lastUsedAt: null, current: false, method: 'oidc' },
    { ...SESSION, id: 13, browser: '', system: '', device: '', address: null, lastUsedAt: null, current: false },
  ],
  tokens: [
    { id: 7, name: 'BI export', prefix: 'cft_0123456789ab', keys: ['elevator/index'], lostKeys: [], userId: 5, account: 'night',
      createdAt: '2026-01-02T03:04:00+00:00', expiresAt: '2026-04-02T03:04:00+00:00', lastUsedAt: null, expired: false },
  ],
};

const renderPage = (path = '/user/sessions') =>
  renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <SessionsPage />
    </MemoryRouter>,
  );

beforeAll(() => readIn('en'));

beforeEach(() => {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 5, account: 'night', name: 'Night shift', levelDepth: 3, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: {} },
  });
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/session/list') return envelope(ANSWER);
    if (url === '/api/session/endOthers') return envelope({ ended: 2 });
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the sessions and tokens page', () => {
  it('lists each session with its browser, address and sign-in method, this one marked, and the API tokens', async () => {
    renderPage();
    const mine = (await screen.findByText('Chrome 131 · Windows 10', {}, SLOW)).closest('tr')!;
    expect(mine).toHaveTextContent('This session');
    expect(mine).toHaveTextContent('10.0.0.1');
    expect(mine).toHaveTextContent('Password');
    expect(within(mine).queryByTestId('end-session-11')).toBeNull(); // this one is ended by signing out
    const phone = screen.getByText('Mobile Safari 17 · iOS 17 · iPhone').closest('tr')!;
    expect(phone).toHaveTextContent('Single sign-on');
    expect(phone).toHaveTextContent('Not since signing in');
    expect(screen.getByText('Unknown browser')).toBeInTheDocument();
    expect(screen.getByText('BI export')).toBeInTheDocument();
    expect(bodiesTo('/api/session/list')[0]).toEqual({});
  }, TEST_TIMEOUT);

  it('ends another session after a confirmation', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('end-session-12', {}, SLOW));
    fireEvent.click(await screen.findByTestId('confirm-end-session', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/session/end')).toEqual([{ id: 12 }]), SLOW);
    expect(await screen.findByText('Session ended.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('ends all other sessions and says how many', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('end-other-sessions', {}, SLOW));
    fireEvent.click(await screen.findByTestId('confirm-end-others', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/session/endOthers')).toEqual([{}]), SLOW);
    expect(await screen.findByText('2 sessions ended.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it("asks for a child's sessions with its id and revokes its token", async () => {
    fetchMock.mockImplementation(async (path) => {
      const url = String(path);
      if (url === '/api/session/list') return envelope({ ...ANSWER, userId: 9, account: 'kid', own: false, sessions: ANSWER.sessions.slice(1) });
      return envelope(null);
    });
    renderPage('/user/sessions?userId=9');
    expect(await screen.findByText('Sessions and tokens of kid', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/session/list')[0]).toEqual({ userId: 9 });
    expect(screen.getByTestId('end-other-sessions')).toHaveTextContent('End all sessions');
    fireEvent.click(screen.getByTestId('revoke-session-token-7'));
    fireEvent.click(await screen.findByTestId('confirm-revoke-token', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/session/revokeToken')).toEqual([{ id: 7 }]), SLOW);
  }, TEST_TIMEOUT);
});
