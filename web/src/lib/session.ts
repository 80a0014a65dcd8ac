/** The signed-in user, as the rest of the console sees it. */
import { create } from 'zustand';
import type { LoginResult } from '@/api/session';
import { clearCredentials, readCredentials, writeCredentials, writeSessionUser, type SessionUser } from './credentials';

export type { SessionUser } from './credentials';

/** Why the last session ended: after `exit` the login page needs no way back. */
export type SignOutReason = 'exit' | 'invalid';

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  signedOutBy: SignOutReason | null;
  signIn(result: LoginResult): SessionUser;
  signOut(reason: SignOutReason): void;
  /** Profile changes made in the console (name, avatar) shown at once and kept with the session. */
  updateUser(patch: Partial<Pick<SessionUser, 'name' | 'avatarUrl'>>): void;
}

export function toSessionUser(result: LoginResult): SessionUser {
  const permissionKeys: Record<string, true> = {};
  for (const bean of result.permissionBeans) permissionKeys[bean.key] = true;
  return {
    userId: result.userId,
    account: result.account,
    name: result.name,
    levelDepth: result.levelDepth,
    shadowId: result.shadowId ?? null,
    avatarUrl: result.url ?? '',
    language: result.language ?? '',
    permissionKeys,
  };
}

/** api-spec.md 7.1: the shadow id when the user has one, otherwise the user id. */
export function actingUserId(user: SessionUser): number {
  return user.shadowId ?? user.userId;
}

export function hasPermission(user: SessionUser | null, key: string): boolean {
  return user?.permissionKeys[key] === true;
}

const stored = readCredentials();

export const useSessionStore = create<SessionState>((set, get) => ({
  token: stored?.token ?? null,
  user: stored?.user ?? null,
  signedOutBy: null,
  signIn(result) {
    const user = toSessionUser(result);
    writeCredentials({ token: result.token, user, expiresAt: result.expiresAt });
    set({ token: result.token, user, signedOutBy: null });
    return user;
  },
  signOut(reason) {
    clearCredentials();
    set({ token: null, user: null, signedOutBy: reason });
  },
  updateUser(patch) {
    const { token, user } = get();
    if (!token || !user) return;
    const next = { ...user, ...patch };
    writeSessionUser(next);
    set({ user: next });
  },
}));
