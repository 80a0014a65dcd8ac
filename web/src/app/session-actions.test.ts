// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as string[]);
const logoutAnswer = vi.hoisted(() => ({ resolve: null as (() => void) | null }));
vi.mock('@/api/session', () => ({
  logout: () => {
    calls.push('logout');
    return new Promise<void>((resolve) => (logoutAnswer.resolve = resolve));
  },
}));
vi.mock('@/features/push/sign-out', () => ({
  forgetThisBrowser: async () => {
    calls.push('forget push subscription');
  },
}));
const shown = vi.hoisted(() => [] as string[]);
vi.mock('./notifier', () => ({ notifyErrorOnNextPage: (text: string) => shown.push(text) }));

import { useSessionStore } from '@/lib/session';
import { exit, sessionInvalid } from './session-actions';

function signInAdmin() {
  useSessionStore.getState().signIn({
    token: 't', userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, permissionBeans: [],
  } as unknown as Parameters<ReturnType<typeof useSessionStore.getState>['signIn']>[0]);
}

/** Answers the logout call once exit has made it. */
async function answerLogout() {
  await vi.waitFor(() => expect(logoutAnswer.resolve).not.toBeNull());
  logoutAnswer.resolve?.();
}

afterEach(() => {
  shown.length = 0;
  calls.length = 0;
  logoutAnswer.resolve = null;
  useSessionStore.getState().signOut('exit');
});

describe('ending a session', () => {
  it('a 10003 answered while exit waits for the server neither shows a message nor ends the session as invalid', async () => {
    signInAdmin();
    const exiting = exit();
    sessionInvalid('会话已失效');
    expect(useSessionStore.getState().token).toBe('t');
    await answerLogout();
    await exiting;
    expect(useSessionStore.getState().signedOutBy).toBe('exit');
    expect(shown).toEqual([]);
  });

  it("exit ends this browser's push subscription before the logout call ends the token", async () => {
    signInAdmin();
    const exiting = exit();
    await answerLogout();
    await exiting;
    expect(calls).toEqual(['forget push subscription', 'logout']);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('a 10003 outside an exit shows the message once and ends the session as invalid', () => {
    signInAdmin();
    sessionInvalid('会话已失效');
    sessionInvalid('会话已失效');
    expect(useSessionStore.getState().signedOutBy).toBe('invalid');
    expect(shown).toEqual(['会话已失效']);
  });
});
