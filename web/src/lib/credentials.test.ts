// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCredentials, readCredentials, sessionCookieOptions, writeCredentials, writeSessionUser, type SessionUser } from './credentials';

const user: SessionUser = {
  userId: 7, account: 'dealer7', name: 'Dealer Seven', levelDepth: 2, shadowId: null, avatarUrl: '', language: 'fr',
  permissionKeys: {},
};
const NOW = Date.parse('2026-12-01T08:00:00Z');

afterEach(() => {
  vi.restoreAllMocks();
  clearCredentials();
});

describe('session cookies', () => {
  it('live as long as the token the server gave, Strict, on the whole console', () => {
    const set = vi.spyOn(Cookies, 'set');
    writeCredentials({ token: 'tok', user, expiresAt: '2099-12-08T08:00:00Z' });
    expect(set).toHaveBeenCalledTimes(2);
    for (const [name, , options] of set.mock.calls) {
      expect(['token', 'uuid']).toContain(name);
      expect(options).toEqual({ expires: new Date('2099-12-08T08:00:00Z'), path: '/', sameSite: 'Strict', secure: false });
    }
    expect(readCredentials()).toEqual({ token: 'tok', user });
  });

  it('are Secure on an https page only', () => {
    expect(sessionCookieOptions('2099-12-08T08:00:00Z', { protocol: 'https:' }).secure).toBe(true);
    expect(sessionCookieOptions('2099-12-08T08:00:00Z', { protocol: 'http:' }).secure).toBe(false);
  });

  it('live the server default of 7 days when the answer names no end', () => {
    for (const expiresAt of [undefined, null, '', 'soon']) {
      expect(sessionCookieOptions(expiresAt, { now: NOW }).expires).toEqual(new Date(NOW + 7 * 86_400_000));
    }
  });

  it('hold no session once the token has ended', () => {
    writeCredentials({ token: 'tok', user, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(Cookies.get('token')).toBeUndefined();
    expect(readCredentials()).toBeNull();
  });

  it('keep their life when the profile changes', () => {
    writeCredentials({ token: 'tok', user, expiresAt: '2099-01-01T00:00:00Z' });
    const set = vi.spyOn(Cookies, 'set');
    writeSessionUser({ ...user, name: 'Seven' });
    expect(set).not.toHaveBeenCalled();
    expect(readCredentials()?.user.name).toBe('Seven');
  });
});
