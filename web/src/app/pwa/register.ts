/**
 * Registers the service worker (src/sw.ts), in its own chunk loaded when the console is idle after its
 * first paint (main.tsx): workbox-window stays out of the first load. registerType 'prompt': a new
 * build's worker waits until the user clicks "Reload" in the update notice (shell-notices.tsx), which
 * tells it to take over and reloads the page. A console left open for days asks for a new build every
 * hour (the browser itself checks only on navigations, which a single-page console rarely makes).
 */
import { registerSW } from 'virtual:pwa-register';
import { useUpdate } from './update-store';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      useUpdate.setState({ ready: true, apply: () => void updateWorker(true) });
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
    // a browser that refuses the worker (private mode, a blocked origin) keeps the console as it was, without
    // offline start, update notice or push: nothing to tell the user, and no page error
    onRegisterError: () => undefined,
  });
}
