/**
 * The live push client: one WebSocket to `/api/ws` (backend/cleanfleet/realtime/router.py) that
 * delivers `devices`, `alarms`, `updates` and `leases` events of the signed-in user's subtree.
 *
 * - Signs in with `?token=…&sign=…` (a browser cannot set headers on a WebSocket).
 * - Numbers: every event has a `seq`; the `hello` carries the server's `epoch`. After a drop it
 *   reconnects with `since=<last seq>&epoch=<epoch>` and gets what it missed, or `resync` (then the
 *   listeners reload their lists). Events it has already seen are dropped.
 * - Reconnects with growing, jittered delays (1 s … 30 s); close 4000 (the session changed)
 *   reconnects at once; 4003 (logged out, revoked) stops and reports the session invalid.
 * - Pings every 25 s; a socket silent for 10 s after a ping counts as dropped.
 *
 * The class knows nothing of React or the session store: src/lib/live/connection.ts wires the one
 * instance of the console to them.
 *
 * The messages' types come from the server's schema (`LiveMessage` and its parts in schema.d.ts, declared
 * in backend/cleanfleet/realtime/schemas.py): a changed event breaks `tsc`, never a hand-kept copy.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

/** A robot's live state (backend realtime/schemas.py LiveDevice); an offline change carries only the ids and online. */
export type DeviceUpdate = Schemas['LiveDevice'];
/** An alarm raised, cleared or resolved (LiveAlarm). */
export type AlarmEvent = Schemas['LiveAlarm'];
/** A robot's over-the-air update changed state (or, with state ROLLOUT, a rollout moved on or paused). */
export type OtaUpdate = Schemas['LiveUpdate'];
/** A robot's remote control lease taken, extended or released (LiveLease). */
export type LeaseEvent = Schemas['LiveLease'];
/** Every message the server sends on /api/ws, told apart by `type` (LiveMessage). */
type Incoming = Schemas['LiveMessage'];
type Batch = Extract<Incoming, { data: unknown }>;

export type LiveStatus = 'stopped' | 'connecting' | 'open' | 'waiting';

type LiveEventMap = { [B in Batch as B['type']]: B['data'] } & {
  /** Events were missed (or this is another server): reload what you show. */
  resync: undefined;
  status: LiveStatus;
};

export type LiveEventType = keyof LiveEventMap;
export type LiveListener<K extends LiveEventType> = (payload: LiveEventMap[K]) => void;

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number }) => void): void;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveCredentials {
  token: string;
  sign: string;
}

export interface LiveSocketOptions {
  /** The token and a fresh sign value; null when signed out (the client then stops). */
  credentials(): Promise<LiveCredentials | null>;
  /** ws(s)://host/api/ws; the client adds the query. */
  baseUrl(): string;
  createSocket?(url: string): SocketLike;
  /** Close code 4003: the token was revoked or logged out elsewhere. */
  onSessionInvalid?(): void;
  random?(): number;
}

export const CLOSE_RECONNECT = 4000;
export const CLOSE_BAD_SIGNATURE = 4002;
export const CLOSE_SESSION_INVALID = 4003;
const CLOSE_NORMAL = 1000;
const OPEN = 1;

export const BACKOFF_START_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
export const PING_EVERY_MS = 25_000;
export const PONG_WAIT_MS = 10_000;

/** The delay before reconnect attempt `attempt` (0-based): doubling from 1 s up to 30 s, ±20 %. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}

function parse(data: unknown): Incoming | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as unknown;
    return typeof message === 'object' && message !== null && 'type' in message ? (message as Incoming) : null;
  } catch {
    return null;
  }
}

export class LiveSocket {
  private readonly options: LiveSocketOptions;
  private readonly listeners = new Map<LiveEventType, Set<LiveListener<LiveEventType>>>();
  private socket: SocketLike | null = null;
  private stopped = true;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private epoch: string | null = null;
  private lastSeq = 0;
  /** While resuming: the server's seq at hello, reached once the replay before our first pong is read. */
  private resumeFloor: number | null = null;
  private currentStatus: LiveStatus = 'stopped';
  /** Bumped by every connect and stop, so a connect that outlived them does nothing. */
  private generation = 0;

  constructor(options: LiveSocketOptions) {
    this.options = options;
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  /** The last event number seen, and the server's epoch (what a reconnect resumes from). */
  get position(): { seq: number; epoch: string | null } {
    return { seq: this.lastSeq, epoch: this.epoch };
  }

  on<K extends LiveEventType>(type: K, listener: LiveListener<K>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener as LiveListener<LiveEventType>);
    return () => set.delete(listener as LiveListener<LiveEventType>);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempts = 0;
    void this.connect();
  }

  /** Closes the socket and forgets the position (a new session starts afresh). */
  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.clearTimers();
    this.detach(CLOSE_NORMAL);
    this.epoch = null;
    this.lastSeq = 0;
    this.resumeFloor = null;
    this.setStatus('stopped');
  }

  /** Back in view or back online: don't wait for the next retry. */
  reconnectNow(): void {
    if (this.stopped || this.currentStatus !== 'waiting') return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempts = 0;
    void this.connect();
  }

  private emit<K extends LiveEventType>(type: K, payload: LiveEventMap[K]): void {
    for (const listener of Array.from(this.listeners.get(type) ?? [])) {
      try {
        listener(payload);
      } catch (error) {
        console.error('live listener failed', error);
      }
    }
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.emit('status', status);
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    this.setStatus('connecting');
    let credentials: LiveCredentials | null;
    try {
      credentials = await this.options.credentials();
    } catch {
      if (generation === this.generation) this.scheduleRetry();
      return;
    }
    if (generation !== this.generation) return;
    if (!credentials) return this.stop();
    const query = new URLSearchParams({ token: credentials.token, sign: credentials.sign });
    const resuming = this.epoch !== null;
    if (resuming) {
      query.set('since', String(this.lastSeq));
      query.set('epoch', this.epoch as string);
    }
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(`${this.options.baseUrl()}?${query.toString()}`);
    } catch {
      return this.scheduleRetry();
    }
    this.socket = socket;
    // a detached socket's late events are ignored (an error event is followed by close)
    socket.addEventListener('message', (event) => {
      if (socket === this.socket) this.receive(parse(event.data), resuming);
    });
    socket.addEventListener('close', (event) => {
      if (socket === this.socket) this.dropped(event.code);
    });
  }

  private receive(message: Incoming | null, resuming: boolean): void {
    if (!message) return;
    this.armPongTimer(false);
    switch (message.type) {
      case 'hello':
        if (resuming && message.epoch === this.epoch) {
          this.resumeFloor = message.seq;
          this.send({ type: 'ping' }); // its pong comes after the replay
        } else {
          this.lastSeq = message.seq; // a new or restarted server: its `resync` (if resuming) follows
        }
        this.epoch = message.epoch;
        this.attempts = 0;
        this.startPinging();
        this.setStatus('open');
        return;
      case 'devices':
      case 'alarms':
      case 'updates':
      case 'leases':
        if (message.seq <= this.lastSeq) return;
        this.lastSeq = message.seq;
        if (message.type === 'devices') this.emit('devices', message.data);
        else if (message.type === 'alarms') this.emit('alarms', message.data);
        else if (message.type === 'updates') this.emit('updates', message.data);
        else this.emit('leases', message.data);
        return;
      case 'resync':
        this.lastSeq = message.seq;
        this.resumeFloor = null;
        this.emit('resync', undefined);
        return;
      case 'pong':
        if (this.resumeFloor !== null) this.lastSeq = Math.max(this.lastSeq, this.resumeFloor);
        this.resumeFloor = null;
        return;
    }
  }

  private send(message: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private startPinging(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping' });
      this.armPongTimer(true);
    }, PING_EVERY_MS);
  }

  /** After a ping, wait for any message; a message disarms the wait. */
  private armPongTimer(arm: boolean): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = arm ? setTimeout(() => this.dropped(1006), PONG_WAIT_MS) : null;
  }

  private detach(code: number): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    try {
      socket.close(code);
    } catch {
      // already closed
    }
  }

  private clearTimers(): void {
    for (const timer of [this.retryTimer, this.pongTimer]) if (timer) clearTimeout(timer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = this.pongTimer = this.pingTimer = null;
  }

  private dropped(code: number): void {
    this.clearTimers();
    this.detach(CLOSE_NORMAL);
    this.resumeFloor = null;
    if (this.stopped) return;
    if (code === CLOSE_SESSION_INVALID) {
      this.stop();
      this.options.onSessionInvalid?.();
      return;
    }
    if (code === CLOSE_RECONNECT && this.attempts === 0) {
      this.attempts = 1; // at once, but only once in a row
      void this.connect();
      return;
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.setStatus('waiting');
    const delay = backoffDelay(this.attempts, this.options.random);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }
}
