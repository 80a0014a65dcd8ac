/// <reference lib="webworker" />
/**
 * The console's service worker (issue 32 items 2 and 4), built by vite-plugin-pwa (`injectManifest`).
 *
 * - Precaches the shell only (index.html, the entry, login and layout chunks with their CSS, the
 *   first-load texts, icons): vite.config.ts picks them (scripts/shell-files.mjs); the lazy page
 *   chunks (hundreds of KB) are not precached but kept once fetched (hashed names never change),
 *   in a cache emptied when a new build's worker takes over.
 * - Navigations go to the network first and fall back to the precached index.html offline: online
 *   a reload always gets the deployed build's page.
 * - Never touches `/api/*` (nor the live socket): no stale data can be presented as live; offline
 *   the calls fail and the shell says it is offline.
 * - Waits for the user (registerType 'prompt'): the page posts SKIP_WAITING when "Reload" is clicked.
 * - Shows push messages and opens their same-origin console path when tapped (src/lib/push-target.ts).
 * - Background Sync (issue 53 item 5): when the browser fires the field kit's sync (its queue of actions taken
 *   without signal), asks the open console windows to send them (src/lib/field-sync.ts) and fails the sync while
 *   any still wait, so the browser tries again; it sends nothing itself (the calls need the page's session). The
 *   snapshot the field kit reads offline is the page's own copy in IndexedDB: `/api/*` stays untouched here.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { FIELD_FLUSH_MESSAGE, FIELD_SYNC_TAG, type FieldFlushAnswer } from './lib/field-sync';
import { consolePathOf, OPEN_MESSAGE, readPushMessage } from './lib/push-target';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Lazy page chunks fetched by this build's pages (see the module's comment). */
const PAGE_CHUNKS = 'cleanfleet-page-chunks';
const ICON = '/pwa-192x192.png';
const BADGE = '/pwa-badge-96x96.png';
/** Title of a message that arrives without one (the server always sends one). */
const PRODUCT_NAME = 'cleanfleet';

// No "/" -> index.html nor "/index" -> index.html: navigations are the network's first (below)
// oxlint-disable-next-line no-underscore-dangle -- the build replaces this very name with the shell's list
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

const isApi = (url: URL) => url.pathname === '/api' || url.pathname.startsWith('/api/');

/** A navigation that has had no answer by then gets the cached shell (a phone on a dead link). */
const NAVIGATION_WAIT_MS = 8_000;

async function cachedShell(): Promise<Response> {
  const shell = await matchPrecache('/index.html');
  if (!shell) throw new Error('no cached shell');
  return shell;
}

async function networkThenShell(request: Request): Promise<Response> {
  const network = fetch(request);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((settle) => {
    timer = setTimeout(() => settle('slow'), NAVIGATION_WAIT_MS);
  });
  try {
    const first = await Promise.race([network, slow]);
    return first === 'slow' ? await cachedShell().catch(() => network) : first;
  } catch (error) {
    return cachedShell().catch(() => Promise.reject(error));
  } finally {
    clearTimeout(timer);
  }
}

registerRoute(
  new NavigationRoute(({ request }) => networkThenShell(request), { denylist: [/^\/api(\/|$)/] }),
);

async function keptChunk(request: Request): Promise<Response> {
  const cache = await caches.open(PAGE_CHUNKS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && !isApi(url) && url.pathname.startsWith('/assets/') && request.method === 'GET',
  ({ request }) => keptChunk(request),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // the previous build's page chunks are of no use to this build's pages
  event.waitUntil(caches.delete(PAGE_CHUNKS));
});
clientsClaim();

function pushData(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return { body: event.data?.text() ?? '' };
  }
}

self.addEventListener('push', (event) => {
  const message = readPushMessage(pushData(event), PRODUCT_NAME);
  const path = consolePathOf(message.url, self.location.origin);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag || undefined,
      icon: ICON,
      badge: BADGE,
      data: { url: path, kind: message.kind, id: message.id },
    }),
  );
});

/**
 * A console window this worker controls routes to the path inside the page (its tabs stay; the
 * page listens from its start, app/pwa/open-from-push.ts); without one a new window opens.
 */
async function openConsoleAt(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(path);
    return;
  }
  // focusing needs the tap's user activation; without it the window is still told where to go
  const target = await open.focus().catch(() => open);
  // a window client of this origin: Client.postMessage takes no target origin
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  target.postMessage({ type: OPEN_MESSAGE, path });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openConsoleAt(consolePathOf(data?.url, self.location.origin)));
});

/** A Background Sync event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** How long a window may take to send the field kit's queue before the sync counts as failed (tried again later). */
const FLUSH_WAIT_MS = 60_000;

/** One window's flush: what still waits after it, or null when it did not answer (no field kit running there). */
function askToFlush(client: Client): Promise<FieldFlushAnswer | null> {
  return new Promise((settle) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => settle(null), FLUSH_WAIT_MS);
    channel.port1.addEventListener('message', (event) => {
      clearTimeout(timer);
      settle(event.data as FieldFlushAnswer);
    });
    channel.port1.start();
    // a window client of this origin: Client.postMessage takes no target origin
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    client.postMessage({ type: FIELD_FLUSH_MESSAGE }, [channel.port2]);
  });
}

/** The open windows send the queue; rejected (the browser retries the sync later) while anything still waits. */
async function flushFieldQueue(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  const answers = (await Promise.all(windows.map(askToFlush))).filter((answer): answer is FieldFlushAnswer => answer !== null);
  if (answers.length === 0) throw new Error('no console window sent the field queue');
  if (answers.every((answer) => answer.waiting > 0)) throw new Error('field actions still wait for signal');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === FIELD_SYNC_TAG) sync.waitUntil(flushFieldQueue());
});
