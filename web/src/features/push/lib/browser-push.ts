/**
 * This browser's side of Web Push (issue 32 item 4): the only place that touches Notification,
 * the service worker's registration and its PushManager (component tests fake them here, at the
 * browser's boundary). The worker itself is registered by the shell (app/pwa/register.ts).
 */

/** Why this browser cannot be subscribed; each has its own message in the dialog. */
export type PushProblem = 'unsupported' | 'insecure' | 'noWorker' | 'denied' | 'dismissed' | 'unreachable';

export class PushUnavailable extends Error {
  readonly problem: PushProblem;
  constructor(problem: PushProblem) {
    super(problem);
    this.name = 'PushUnavailable';
    this.problem = problem;
  }
}

/** What the browser can do before anything is asked: 'ok', or the problem it already has. */
export function pushSupport(): 'ok' | Extract<PushProblem, 'unsupported' | 'insecure' | 'denied'> {
  if (typeof window === 'undefined') return 'unsupported';
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'ok';
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's push subscription, or null (none, or push not available here). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const support = pushSupport();
  if (support === 'unsupported' || support === 'insecure') return null;
  const worker = await registration();
  return worker ? worker.pushManager.getSubscription() : null;
}

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64Url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

async function pushSubscription(worker: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const existing = await worker.pushManager.getSubscription();
  // a subscription made with another server key (a reinstalled server) can no longer be used
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  try {
    return await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw new PushUnavailable('denied');
    throw new PushUnavailable('unreachable');
  }
}

/**
 * Asks for permission and subscribes this browser with the server's key (base64url): the endpoint and
 * keys to send to /push/subscribe. Throws PushUnavailable naming what went wrong.
 */
export async function subscribeBrowser(publicKey: string): Promise<BrowserSubscription> {
  const support = pushSupport();
  if (support !== 'ok') throw new PushUnavailable(support);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushUnavailable('denied');
  if (permission !== 'granted') throw new PushUnavailable('dismissed');
  const worker = await registration();
  if (!worker) throw new PushUnavailable('noWorker');
  const subscription = await pushSubscription(worker, base64UrlToBytes(publicKey));
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: bytesToBase64Url(subscription.getKey('p256dh')), auth: bytesToBase64Url(subscription.getKey('auth')) },
  };
}

/**
 * A new endpoint for this browser: its subscription at the push service ended and made again (the old endpoint
 * is registered on the server to another user of a browser that changed hands).
 */
export async function renewBrowserSubscription(publicKey: string): Promise<BrowserSubscription> {
  await unsubscribeBrowser();
  return subscribeBrowser(publicKey);
}

/** Ends this browser's subscription at its push service (the server's row is removed separately). */
export async function unsubscribeBrowser(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await subscription.unsubscribe();
}
