/**
 * A tapped push notification (src/sw.ts) asks an open console window to show its page: routed inside
 * the page, so the console's other tabs stay. Listens from the console's start (main.tsx): the worker's
 * message is lost if nobody listens when it arrives. The path is checked again (same origin only).
 */
import { consolePathOf, OPEN_MESSAGE } from '@/lib/push-target';

export function openPathsFromPush(navigate: (path: string) => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (data?.type !== OPEN_MESSAGE) return;
    navigate(consolePathOf(data.path, window.location.origin));
  });
}
