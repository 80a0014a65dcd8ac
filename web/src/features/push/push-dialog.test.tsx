import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import PushDialog from './push-dialog';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
// a P-256 point is 65 bytes; the fake only checks that the bytes given are the key's
const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.net/send/abc';
const { fetchMock, bodiesTo } = fakeServer();
const SLOW = { timeout: 10_000 };

interface Row {
  id: number;
  label: string;
  endpoint: string;
  lastFailure?: string;
}
let rows: Row[];
/** Endpoints another user registered: the server refuses them (ALREADY_EXISTS naming endpoint). */
let taken: Set<string>;

/** The server's push calls, as the contract says, over `rows`. */
function pushServer() {
  fetchMock.mockImplementation(async (path, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    switch (String(path)) {
      case '/api/push/key':
        return envelope({ publicKey: SERVER_KEY, limit: 10 });
      case '/api/push/list':
        return envelope(
          rows.map((row) => ({
            id: row.id,
            label: row.label,
            createdAt: '2026-11-20T08:00:00Z',
            lastSentAt: null,
            lastFailure: row.lastFailure ?? null,
            current: row.endpoint === body.endpoint,
          })),
        );
      case '/api/push/subscribe':
        if (taken.has(String(body.endpoint))) return envelope(null, 10008, 'This push address is registered to another user', 'endpoint');
        rows.push({ id: 9, label: String(body.label), endpoint: String(body.endpoint) });
        return envelope({ id: 9 });
      case '/api/push/unsubscribe':
        rows = rows.filter((row) => row.id !== body.id && row.endpoint !== body.endpoint);
        return envelope(null);
      case '/api/push/test':
        return envelope({ sent: rows.length, failed: 0 });
      default:
        return envelope(null);
    }
  });
}

/** The browser's side, faked at its boundary: Notification, the worker's registration and its PushManager. */
function fakeBrowser({ permission = 'granted' as NotificationPermission, pushService = true, supported = true } = {}) {
  let subscription: PushSubscription | null = null;
  let made = 0; // a push service gives each new subscription a new endpoint
  const subscribe = vi.fn<(options: PushSubscriptionOptionsInit) => Promise<PushSubscription>>(async (options) => {
    if (!pushService) throw new DOMException('push service not available', 'AbortError');
    made += 1;
    subscription = {
      endpoint: made === 1 ? ENDPOINT : `${ENDPOINT}-${made}`,
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer, userVisibleOnly: true },
      getKey: (name: string) => new Uint8Array(name === 'auth' ? 16 : 65).fill(7).buffer,
      unsubscribe: vi.fn<() => Promise<boolean>>(async () => {
        subscription = null;
        return true;
      }),
    } as unknown as PushSubscription;
    return subscription;
  });
  const pushManager = { subscribe, getSubscription: async () => subscription };
  const requestPermission = vi.fn<() => Promise<NotificationPermission>>(async () => permission);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  if (supported) vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => ({ pushManager }) },
    configurable: true,
  });
  Object.defineProperty(navigator, 'userAgent', { value: ANDROID_CHROME, configurable: true });
  return { subscribe, requestPermission };
}

/** "Turn on in this browser", once the server's key has come (it is disabled until then). */
async function turnOnButton() {
  const button = await screen.findByRole('button', { name: 'Turn on in this browser' }, SLOW);
  await waitFor(() => expect(button).toBeEnabled(), SLOW);
  return button;
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  rows = [{ id: 3, label: 'Firefox on Windows', endpoint: 'https://push.example.net/send/other' }];
  taken = new Set();
  pushServer();
});

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  if ('PushManager' in window) delete (window as { PushManager?: unknown }).PushManager;
});

describe('push notifications on this browser', { timeout: 30_000 }, () => {
  it('subscribes this browser with the server key and a label from its user agent, then lists it as this browser', async () => {
    const browser = fakeBrowser();
    renderWithClient(<PushDialog open onClose={() => undefined} />);
    expect(await screen.findByText('This browser does not receive your notifications.', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Subscribed: 1/10', {}, SLOW)).toBeInTheDocument();

    fireEvent.click(await turnOnButton());
    expect(await screen.findByText('This browser receives your notifications.', {}, SLOW)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const key = browser.subscribe.mock.calls[0]?.[0].applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04); // an uncompressed P-256 point
    expect(bodiesTo('/api/push/subscribe')).toEqual([
      { endpoint: ENDPOINT, keys: { p256dh: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), auth: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) }, label: 'Chrome on Android' },
    ]);
    const mine = (await screen.findAllByTestId('push-device')).find((row) => within(row).queryByText('This browser'));
    expect(mine).toHaveTextContent('Chrome on Android');
    expect(screen.getByText('Subscribed: 2/10')).toBeInTheDocument();
  });

  it("asks its push service for a new endpoint when the server says this one is another user's", async () => {
    taken.add(ENDPOINT); // a shared browser: the user before registered it
    const browser = fakeBrowser();
    renderWithClient(<PushDialog open onClose={() => undefined} />);
    fireEvent.click(await turnOnButton());
    expect(await screen.findByText('This browser receives your notifications.', {}, SLOW)).toBeInTheDocument();
    expect(browser.subscribe).toHaveBeenCalledTimes(2);
    expect(bodiesTo('/api/push/subscribe').map((body) => body.endpoint)).toEqual([ENDPOINT, `${ENDPOINT}-2`]);
    expect(screen.queryByTestId('push-refusal')).not.toBeInTheDocument();
  });

  it('says so when the user blocks notifications, and subscribes nothing', async () => {
    const browser = fakeBrowser({ permission: 'denied' });
    renderWithClient(<PushDialog open onClose={() => undefined} />);
    fireEvent.click(await turnOnButton());
    expect(await screen.findByText(/Notifications are blocked for this site/, {}, SLOW)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(bodiesTo('/api/push/subscribe')).toEqual([]);
  });

  it("says so when the browser's push service cannot be reached", async () => {
    fakeBrowser({ pushService: false });
    renderWithClient(<PushDialog open onClose={() => undefined} />);
    fireEvent.click(await turnOnButton());
    expect(await screen.findByText("The browser's push service cannot be reached. Try again later.", {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/push/subscribe')).toEqual([]);
  });

  it('says when the browser cannot receive push at all, and offers no switch', async () => {
    fakeBrowser({ supported: false });
    renderWithClient(<PushDialog open onClose={() => undefined} />);
    expect(await screen.findByText('This browser cannot receive push notifications.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on in this browser' })).not.toBeInTheDocument();
    // the user's other browsers are still listed and can be removed
    expect(await screen.findByText('Firefox on Windows', {}, SLOW)).toBeInTheDocument();
  });
});

describe("the user's subscribed browsers", { timeout: 30_000 }, () => {
  it("shows why a browser's last notification failed as a translated category", async () => {
    rows[0]!.lastFailure = 'tls';
    fakeBrowser();
    renderWithClient(<PushDialog open onClose={() => undefined} />);
    expect(await screen.findByText('Last delivery failed: secure connection (TLS) failed', {}, SLOW)).toBeInTheDocument();
  });

  it('removes one after a confirmation', async () => {
    fakeBrowser();
    renderWithClient(<PushDialog open onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Firefox on Windows' }, SLOW));
    expect((await screen.findAllByText('Remove Firefox on Windows?', {}, SLOW)).length).toBeGreaterThan(0);
    expect(bodiesTo('/api/push/unsubscribe')).toEqual([]);
    fireEvent.click(screen.getByTestId('push-remove-confirm'));
    await waitFor(() => expect(bodiesTo('/api/push/unsubscribe')).toEqual([{ id: 3 }]), SLOW);
    expect(await screen.findByText('No browser is subscribed yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('sends a test and tells how many got it', async () => {
    fakeBrowser();
    renderWithClient(<PushDialog open onClose={() => undefined} />);
    await screen.findByText('Firefox on Windows', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText('Test notification sent. Delivered: 1, failed: 0.', {}, SLOW)).toBeInTheDocument();
  });
});
