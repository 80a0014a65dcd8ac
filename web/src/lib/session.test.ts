// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@/api/session';
import { actingUserId, hasPermission, toSessionUser, useSessionStore } from './session';

const result: LoginResult = {
  userId: 7,
  token: 'tok',
  permissionBeans: [
    { key: 'device/index', name: 'Devices' },
    { key: 'index/clear_data', name: 'Clear data' },
  ],
  account: 'dealer7',
  name: 'Dealer Seven',
  levelDepth: 2,
  shadowId: null,
  url: '',
  language: 'fr',
  expiresAt: '2099-12-01T00:00:00Z', // the cookies live until then (credentials.ts)
};

describe('session', () => {
  it('turns permission beans into a key map', () => {
    const user = toSessionUser(result);
    expect(user.permissionKeys).toEqual({ 'device/index': true, 'index/clear_data': true });
    expect(hasPermission(user, 'index/clear_data')).toBe(true);
    expect(hasPermission(user, 'index/clear_token')).toBe(false);
  });

  it('acts as the shadow id when there is one', () => {
    expect(actingUserId(toSessionUser(result))).toBe(7);
    expect(actingUserId(toSessionUser({ ...result, shadowId: 3 }))).toBe(3);
  });

  it('stores the token and user id in cookies and local storage, and removes them on sign-out', () => {
    useSessionStore.getState().signIn(result);
    expect(document.cookie).toContain('token=tok');
    expect(document.cookie).toContain('uuid=7');
    expect(localStorage.getItem('cleanfleet:1.20.0:token')).toBe('"tok"');
    useSessionStore.getState().signOut('exit');
    expect(document.cookie).not.toContain('token=');
    expect(localStorage.getItem('cleanfleet:1.20.0:user')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, signedOutBy: 'exit' });
  });

  it('keeps a profile change (name, avatar) with the stored session', () => {
    useSessionStore.getState().signIn(result);
    useSessionStore.getState().updateUser({ avatarUrl: '/api/storage/abc', name: 'Seven' });
    expect(useSessionStore.getState().user).toMatchObject({ avatarUrl: '/api/storage/abc', name: 'Seven' });
    expect(JSON.parse(localStorage.getItem('cleanfleet:1.20.0:user') ?? '{}')).toMatchObject({ avatarUrl: '/api/storage/abc' });
    useSessionStore.getState().signOut('exit');
    useSessionStore.getState().updateUser({ name: 'Nobody' });
    expect(useSessionStore.getState().user).toBeNull();
  });
});
