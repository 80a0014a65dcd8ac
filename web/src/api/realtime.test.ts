import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MAX_MS,
  CLOSE_RECONNECT,
  CLOSE_SESSION_INVALID,
  LiveSocket,
  PING_EVERY_MS,
  PONG_WAIT_MS,
  backoffDelay,
  type SocketLike,
} from './realtime';

class FakeSocket implements SocketLike {
  readyState = 1;
  sent: unknown[] = [];
  closed: number | null = null;
  private messageListeners: ((event: { data: unknown }) => void)[] = [];
  private closeListeners: ((event: { code: number }) => void)[] = [];
  constructor(readonly url: string) {}
  get query() {
    return new URL(this.url).searchParams;
  }
  addEventListener(type: 'message' | 'close', listener: (event: never) => void) {
    if (type === 'message') this.messageListeners.push(listener as (event: { data: unknown }) => void);
    else this.closeListeners.push(listener as (event: { code: number }) => void);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = code ?? 1000;
    this.readyState = 3;
  }
  /** The server says something. */
  push(message: object) {
    for (const listener of this.messageListeners) listener({ data: JSON.stringify(message) });
  }
  /** The connection ends from the server's side. */
  drop(code = 1006) {
    this.readyState = 3;
    for (const listener of this.closeListeners) listener({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const onSessionInvalid = vi.fn<() => void>();
  const client = new LiveSocket({
    credentials: async () => ({ token: 'tok', sign: 'si+gn' }),
    baseUrl: () => 'ws://console.test/api/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onSessionInvalid,
    random: () => 0.5, // no jitter
  });
  const devices = vi.fn<(payload: unknown) => void>();
  const alarms = vi.fn<(payload: unknown) => void>();
  const resync = vi.fn<() => void>();
  client.on('devices', devices);
  client.on('alarms', alarms);
  client.on('resync', resync);
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { client, sockets, last, devices, alarms, resync, onSessionInvalid };
}

const beat = (deviceId: number) => ({ deviceId, deviceSerialNumber: `SN${deviceId}`, online: 1, battery: 50 });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveSocket', () => {
  it('signs in with the token and sign in the query and hands events to the listeners once', async () => {
    const { client, last, devices, alarms } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(last().query.get('token')).toBe('tok');
    expect(last().query.get('sign')).toBe('si+gn');
    expect(last().query.has('since')).toBe(false);
    last().push({ type: 'hello', epoch: 'e1', seq: 7, userId: 1 });
    expect(client.status).toBe('open');
    last().push({ type: 'devices', seq: 8, data: [beat(1)] });
    last().push({ type: 'devices', seq: 8, data: [beat(1)] }); // a repeat
    last().push({ type: 'alarms', seq: 9, data: [{ action: 'raise', deviceId: 1 }] });
    expect(devices).toHaveBeenCalledTimes(1);
    expect(alarms).toHaveBeenCalledTimes(1);
    expect(client.position).toEqual({ seq: 9, epoch: 'e1' });
  });

  it('reconnects after a drop and resumes from the last event it saw', async () => {
    const { client, sockets, last, devices, resync } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().push({ type: 'hello', epoch: 'e1', seq: 3, userId: 1 });
    last().push({ type: 'devices', seq: 4, data: [beat(1)] });
    last().drop();
    expect(client.status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(last().query.get('since')).toBe('4');
    expect(last().query.get('epoch')).toBe('e1');
    // the server replays what was missed, after its hello; a ping learns when the replay is over
    last().push({ type: 'hello', epoch: 'e1', seq: 9, userId: 1 });
    expect(last().sent).toContainEqual({ type: 'ping' });
    last().push({ type: 'devices', seq: 6, data: [beat(2)] });
    last().push({ type: 'pong' });
    expect(devices).toHaveBeenCalledTimes(2);
    expect(client.position.seq).toBe(9); // nothing else of ours up to the hello's seq
    expect(resync).not.toHaveBeenCalled();
  });

  it('passes a resync on when the server could not replay', async () => {
    const { client, last, resync } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().push({ type: 'hello', epoch: 'e1', seq: 3, userId: 1 });
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    last().push({ type: 'hello', epoch: 'e2', seq: 1, userId: 1 }); // the server restarted
    last().push({ type: 'resync', seq: 1 });
    expect(resync).toHaveBeenCalledTimes(1);
    expect(client.position).toEqual({ seq: 1, epoch: 'e2' });
  });

  it('backs off, doubling up to 30 s, and starts again at 1 s after a good connection', async () => {
    const { client, sockets, last } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const before = sockets.length;
      last().drop();
      let waited = 0;
      while (sockets.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    last().push({ type: 'hello', epoch: 'e1', seq: 0, userId: 1 });
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(client.status).toBe('connecting');
    expect(backoffDelay(20, () => 1)).toBe(BACKOFF_MAX_MS * 1.2);
  });

  it('reconnects at once when the server asks (4000), with backoff if it keeps asking', async () => {
    const { client, sockets, last } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().push({ type: 'hello', epoch: 'e1', seq: 2, userId: 1 });
    last().drop(CLOSE_RECONNECT);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    expect(last().query.get('since')).toBe('2');
    last().drop(CLOSE_RECONNECT);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    expect(client.status).toBe('waiting');
  });

  it('stops and reports the session invalid on 4003', async () => {
    const { client, sockets, last, onSessionInvalid } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().drop(CLOSE_SESSION_INVALID);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(client.status).toBe('stopped');
  });

  it('pings, and counts a silent socket as dropped', async () => {
    const { client, sockets, last } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().push({ type: 'hello', epoch: 'e1', seq: 0, userId: 1 });
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(last().sent).toContainEqual({ type: 'ping' });
    last().push({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    await vi.advanceTimersByTimeAsync(PONG_WAIT_MS);
    expect(sockets[0]?.closed).not.toBeNull();
    expect(client.status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('retries at once when asked while waiting, and forgets its position when stopped', async () => {
    const { client, sockets, last } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().push({ type: 'hello', epoch: 'e1', seq: 5, userId: 1 });
    last().drop();
    client.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    client.stop();
    expect(last().closed).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(last().query.has('since')).toBe(false);
  });
});
