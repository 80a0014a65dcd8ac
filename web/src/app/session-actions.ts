/**
 * Ending a session: the exit entry of the user menu and the 10003 answer both come here. The
 * route guard (RequireAuth) then shows the login page: with a way back to the current page after
 * 10003, without one after exit.
 */
import { logout } from '@/api/session';
import { providerSignOut } from '@/api/sso';
import { notifyErrorOnNextPage } from './notifier';
import { queryClient } from './query-client';
import { actingUserId, useSessionStore, type SignOutReason } from '@/lib/session';
import { useUiPreferences } from './stores/ui-preferences';

function forgetSession(reason: SignOutReason): void {
  useSessionStore.getState().signOut(reason);
  useUiPreferences.getState().loadFor(null);
  queryClient.clear();
}

/**
 * Set while exit waits for the server: the logout ends the token at once, so a poll answered in
 * between comes back 10003, and that must not end the session as "invalid" (a message and a way
 * back to this page) before the exit does.
 */
let exiting = false;

/** 10003: show the one message and sign out; the next sign-in comes back to this page. */
export function sessionInvalid(text: string): void {
  if (exiting || !useSessionStore.getState().token) return;
  // said on the sign-in page the console gives way to (the console's toasts go with it: issue 52 item 11)
  notifyErrorOnNextPage(text, 5);
  forgetSession('invalid');
}

/** This browser's push subscription ends with the session (its chunk loads only now; never throws). */
async function forgetPushSubscription(): Promise<void> {
  try {
    const { forgetThisBrowser } = await import('@/features/push/sign-out');
    await forgetThisBrowser();
  } catch {
    // a missing chunk or a failed call must not keep the user signed in
  }
}

/** This person's field kit snapshot leaves a shared phone with them (its chunk loads only now; never throws). */
async function forgetFieldSnapshot(): Promise<void> {
  const user = useSessionStore.getState().user;
  if (!user) return;
  try {
    const { forgetFieldSnapshot: forget } = await import('@/features/fieldkit/sign-out');
    await forget(actingUserId(user));
  } catch {
    // nothing kept, or a missing chunk: signing out goes on
  }
}

/**
 * Exit: end this browser's push subscription (while the token still works), tell the server (errors
 * ignored), drop the stored credentials, go to login.
 */
export async function exit(): Promise<void> {
  exiting = true;
  try {
    await forgetPushSubscription();
    await forgetFieldSnapshot();
    // a session that began at an identity provider ends there too (RP-initiated logout, issue 50 item 3)
    const providerExit = await providerSignOut({ quiet: true, timeoutMs: 5_000 }).catch(() => undefined);
    if (providerExit === undefined) await logout({ quiet: true, timeoutMs: 5_000 });
    else if (providerExit) window.setTimeout(() => window.location.assign(providerExit), 0);
  } catch {
    // The spec says logout errors are ignored: the local session ends either way.
  } finally {
    forgetSession('exit');
    exiting = false;
  }
}
