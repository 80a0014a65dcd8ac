/**
 * The field kit's queue runs on every page of the console (issue 53 item 5), not only on the field kit's: an
 * acknowledgement queued in a basement goes when the phone is back in signal, whatever page is open then. Started
 * when idle for the signed-in person who holds the field kit's key (its chunk, with IndexedDB's wrapper, loads only
 * then), stopped at sign-out or when another person signs in.
 */
import { actingUserId, hasPermission, useSessionStore, type SessionUser } from '@/lib/session';

const KEY = 'site/field';
let running: number | null = null;
let stop: (() => void) | null = null;

function follow(user: SessionUser | null): void {
  const wanted = user && hasPermission(user, KEY) ? actingUserId(user) : null;
  if (wanted === running) return;
  stop?.();
  stop = null;
  running = wanted;
  if (wanted === null) return;
  void import('@/features/fieldkit/lib/runner')
    .then(({ startFieldQueue }) => {
      if (running === wanted) stop = startFieldQueue(wanted);
    })
    .catch(() => undefined); // offline with the chunk not kept yet: the next start does it
}

/** Follows the signed-in person (app/console.tsx); answers the function that stops following (tests). */
export function watchFieldQueue(): () => void {
  follow(useSessionStore.getState().user);
  return useSessionStore.subscribe((state) => follow(state.user));
}
