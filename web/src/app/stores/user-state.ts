/**
 * What is kept per user in this browser (the open tabs, the interface size), loaded for the signed-in
 * user before the layout draws: loaded from the layout's own effect, it changed the stores the layout
 * had just drawn from, and the whole console was drawn a second time before the first screen showed
 * (issue 18 item 9).
 */
import { isPathAvailable } from '@/lib/availability';
import { useSessionStore, type SessionUser } from '@/lib/session';
import { useTabsStore } from './tabs';
import { useUiPreferences } from './ui-preferences';

let loadedFor: SessionUser | null = null;

/** Loads the kept state for `user`; again only when the user (or what the user may open) changes. */
export function loadUserState(user: SessionUser): void {
  if (loadedFor === user) return;
  loadedFor = user;
  useTabsStore.getState().load(user.userId, (path) => isPathAvailable(path, user));
  useUiPreferences.getState().loadFor(user.userId);
}

/** Loads it for a session restored at start, and whenever a user signs in or changes. */
export function startUserStateLoading(): () => void {
  const { user } = useSessionStore.getState();
  if (user) loadUserState(user);
  return useSessionStore.subscribe((state, previous) => {
    if (state.user && state.user !== previous.user) loadUserState(state.user);
  });
}
