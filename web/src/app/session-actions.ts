/** Ending a session: the exit entry of the user menu and the 10003 answer both come here. */
import { logout } from '@/api/session';
import { notifyError } from './notifier';
import { queryClient } from './query-client';
import { loginPath } from './routes/login-path';
import { useSessionStore } from './stores/session';

interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): unknown;
  state: { location: { pathname: string; search: string; hash: string } };
}

let navigator: Navigator | null = null;

export function setSessionNavigator(next: Navigator): void {
  navigator = next;
}

function forgetSession(): void {
  useSessionStore.getState().signOut();
  queryClient.clear();
}

/** 10003: show the one message, sign out, and come back here after the next sign-in. */
export function sessionInvalid(text: string): void {
  if (!useSessionStore.getState().token) return;
  notifyError(text, 5);
  const location = navigator?.state.location;
  forgetSession();
  if (location && location.pathname !== '/login') void navigator?.navigate(loginPath(location), { replace: true });
}

/** Exit: tell the server (errors ignored), drop the stored credentials, go to login. */
export async function exit(): Promise<void> {
  try {
    await logout({ quiet: true, timeoutMs: 5_000 });
  } catch {
    // The spec says logout errors are ignored: the local session ends either way.
  }
  forgetSession();
  await navigator?.navigate('/login', { replace: true });
}
