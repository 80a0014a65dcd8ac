/**
 * The queue's wake-ups (issue 53 item 5), started for the signed-in person who holds the field kit's key, on every
 * page of the console (src/app/pwa/field-queue.ts loads this when idle): a flush at start (what waited when the app
 * was closed), on the browser's `online` event, and when the service worker says the browser fired the Background
 * Sync it was asked for (`FIELD_FLUSH`, answered on the message's port with what still waits: src/lib/field-sync.ts).
 * Background Sync is asked for only where the registration has it (`'sync' in registration`: Chromium); elsewhere the
 * `online` event and the next start do.
 */
import { FIELD_FLUSH_MESSAGE, FIELD_SYNC_TAG, type FieldFlushAnswer } from '@/lib/field-sync';
import { flush, loadQueue, setBackgroundSync } from './queue';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the worker when the signal returns; false where it cannot (no worker, no sync). */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (!registration || !('sync' in registration)) return false;
  try {
    await (registration as SyncRegistration).sync.register(FIELD_SYNC_TAG);
    return true;
  } catch {
    return false; // not allowed (a setting, an insecure page): the online event does it
  }
}

/** Starts the wake-ups for `userId`; answers the function that stops them (sign-out, another person). */
export function startFieldQueue(userId: number): () => void {
  setBackgroundSync(requestBackgroundSync);
  const onOnline = () => void flush(userId).catch(() => undefined);
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== FIELD_FLUSH_MESSAGE) return;
    void flush(userId)
      .catch(() => 1)
      .then((waiting) => event.ports[0]?.postMessage({ waiting } satisfies FieldFlushAnswer));
  };
  window.addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  void loadQueue(userId)
    .then((actions) => (actions.some((a) => a.state === 'waiting' || a.state === 'sending') ? flush(userId) : 0))
    .catch(() => undefined);
  return () => {
    window.removeEventListener('online', onOnline);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
