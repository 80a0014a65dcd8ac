import { afterEach, describe, expect, it, vi } from 'vitest';

const logoutAnswer = vi.hoisted(() => ({ resolve: () => {} }));
vi.mock('@/api/session', () => ({
  logout: () => new Promise<void>((resolve) => (logoutAnswer.resolve = resolve)),
}));
const shown = vi.hoisted(() => [] as string[]);
vi.mock('./notifier', () => ({ notifyError: (text: string) => shown.push(text) }));

import { useSessionStore } from '@/lib/session';
import { exit, sessionInvalid } from './session-actions';

function signInAdmin() {
  useSessionStore.getState().signIn({
    token: 't', userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, permissionBeans: [],
  } as unknown as Parameters<ReturnType<typeof useSessionStore.getState>['signIn']>[0]);
}

afterEach(() => {
  shown.length = 0;
  useSessionStore.getState().signOut('exit');
});

describe('ending a session', () => {
  it('a 10003 answered while exit waits for the server neither shows a message nor ends the session as invalid', async () => {
    signInAdmin();
    const exiting = exit();
    sessionInvalid('会话已失效');
    expect(useSessionStore.getState().token).toBe('t');
    logoutAnswer.resolve();
    await exiting;
    expect(useSessionStore.getState().signedOutBy).toBe('exit');
    expect(shown).toEqual([]);
  });

  it('a 10003 outside an exit shows the message once and ends the session as invalid', () => {
    signInAdmin();
    sessionInvalid('会话已失效');
    sessionInvalid('会话已失效');
    expect(useSessionStore.getState().signedOutBy).toBe('invalid');
    expect(shown).toEqual(['会话已失效']);
  });
});
