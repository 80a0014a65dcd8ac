/**
 * Sign-out (app/session-actions.ts loads this when the user signs out, before the logout call): this
 * browser stops receiving the user's notifications: the server forgets its subscription, and the browser
 * ends it at its push service. Never fails and never waits long: signing out must not hang on push.
 */
import { unsubscribePush } from './api/push';
import { currentSubscription } from './lib/browser-push';

const WAIT_MS = 3_000;

export async function forgetThisBrowser(): Promise<void> {
  let subscription: PushSubscription | null = null;
  try {
    subscription = await currentSubscription();
  } catch {
    return;
  }
  if (!subscription) return;
  await unsubscribePush({ endpoint: subscription.endpoint }, { quiet: true, timeoutMs: WAIT_MS }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => undefined);
}
