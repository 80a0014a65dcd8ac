import { renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@/api/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import { MemoryRouter } from 'react-router';
import LoginPage from './login-page';
import ProviderButtons from './provider-buttons';
import { useProviderReturn } from './provider-return';
import { ProviderSlot } from './provider-slot';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const SESSION = { userId: 9, token: 'session-token', account: 'mia', name: 'Mia', levelDepth: 4, shadowId: null, url: '', language: 'en', expiresAt: '2026-11-27T08:00:00+00:00', permissionBeans: [] };

const { fetchMock, bodiesTo } = fakeServer();
const signedInMock = () => vi.fn<(result: LoginResult) => Promise<void>>(async () => undefined);

beforeAll(() => readIn('en'));

beforeEach(() => {
  fetchMock.mockImplementation(async (path, init) => {
    const url = String(path);
    if (url === '/api/sso/discover') {
      const { login } = JSON.parse(String(init?.body)) as { login: string };
      return envelope({ providers: login.endsWith('@acme.test') ? [{ id: 3, name: 'Acme' }] : [] });
    }
    if (url === '/api/sso/redeem') return envelope(SESSION);
    return envelope(null);
  });
});

afterEach(() => {
  window.history.replaceState(null, '', '/login');
  localStorage.clear();
});

describe('"Sign in with <company>" on the sign-in page', () => {
  it('shows the button of the provider serving the typed e-mail\'s domain, leading to its sign-in', async () => {
    renderWithClient(<ProviderButtons login="mia@acme.test" />);
    const button = await screen.findByTestId('sso-provider-3', {}, SLOW);
    expect(button).toHaveTextContent('Sign in with Acme');
    expect(button.tagName).toBe('A');
    expect(button).toHaveAttribute('href', '/api/sso/start?provider=3&login=mia%40acme.test');
    expect(bodiesTo('/api/sso/discover')).toEqual([{ login: 'x@acme.test' }]); // the domain only
  }, TEST_TIMEOUT);

  it('shows nothing for a domain no provider serves', async () => {
    renderWithClient(<ProviderButtons login="mia@elsewhere.test" />);
    await waitFor(() => expect(bodiesTo('/api/sso/discover')).toHaveLength(1), SLOW);
    expect(screen.queryByTestId('sso-providers')).toBeNull();
  }, TEST_TIMEOUT);

  it('asks nothing for a login name (no "@")', async () => {
    renderWithClient(<ProviderSlot login="mia" />);
    expect(screen.queryByTestId('sso-providers')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('back from the provider (the address\'s fragment)', () => {
  it('trades #sso=<code> for the session once, clears the fragment and marks the session as the provider\'s', async () => {
    window.history.replaceState(null, '', '/login#sso=one-time-code-0123456789');
    const signedIn = signedInMock();
    const { result } = renderHook(() => useProviderReturn(signedIn));
    expect(result.current.busy).toBe(true);
    expect(window.location.hash).toBe(''); // a reload does not try the used code again
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(expect.objectContaining({ token: 'session-token', account: 'mia' })), SLOW);
    expect(bodiesTo('/api/sso/redeem')).toEqual([{ code: 'one-time-code-0123456789' }]);
    expect(localStorage.getItem('cf-sso-session')).toBe('1'); // its exit goes through the provider's sign-out
  }, TEST_TIMEOUT);

  it('turns #ssoError=<reason> into the reason, without a call', () => {
    window.history.replaceState(null, '', '/login#ssoError=noRole');
    const { result } = renderHook(() => useProviderReturn(signedInMock()));
    expect(result.current).toEqual({ busy: false, error: 'noRole' });
    expect(window.location.hash).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says "expired" when the code is refused', async () => {
    fetchMock.mockImplementation(async () => envelope(null, 10009, 'The sign-in took too long.', 'code'));
    window.history.replaceState(null, '', '/login#sso=used-code-0123456789abc');
    const signedIn = signedInMock();
    const { result } = renderHook(() => useProviderReturn(signedIn));
    await waitFor(() => expect(result.current).toEqual({ busy: false, error: 'expired' }), SLOW);
    expect(signedIn).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);

  it('leaves the second step\'s #ticket= to it, marking the coming session as the provider\'s', async () => {
    window.history.replaceState(null, '', '/login#ticket=abc&methods=totp');
    const { result } = renderHook(() => useProviderReturn(signedInMock()));
    expect(result.current).toEqual({ busy: false, error: null });
    expect(window.location.hash).toBe('#ticket=abc&methods=totp');
    await waitFor(() => expect(localStorage.getItem('cf-sso-session')).toBe('1'), SLOW); // its exit: the provider's
    expect(fetchMock).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);
});

describe('the sign-in page after a refused provider sign-in', () => {
  it('says why, in the reader\'s language', async () => {
    window.history.replaceState(null, '', '/login#ssoError=noRole');
    renderWithClient(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('None of your groups at your organisation gives a role here. Ask your administrator.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);
});
