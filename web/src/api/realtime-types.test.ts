/**
 * The live events' types are the server's (backend/cleanfleet/realtime/schemas.py, published as `LiveMessage`
 * in openapi.json): realtime.ts writes none by hand, and every batch the schema declares reaches its listeners.
 * The `expectTypeOf` lines are checked by `tsc` (npm run lint), the rest by Vitest.
 */
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { LiveSocket, type AlarmEvent, type DeviceUpdate, type LeaseEvent, type LiveListener, type OtaUpdate, type SocketLike } from './realtime';
import type { components } from './schema';

type Schemas = components['schemas'];
// the schema read as text: imported as JSON, tsc would type its 80,000 lines (about 8 s of the console's type check)
const openapi = JSON.parse(
  Object.values(import.meta.glob<string>('./openapi.json', { query: '?raw', import: 'default', eager: true }))[0] as string,
) as { components: { schemas: { LiveMessage: { discriminator: { mapping: Record<string, string> } } } } };
const source = Object.values(
  import.meta.glob<string>('./realtime.ts', { query: '?raw', import: 'default', eager: true }),
)[0] as string;

describe('the live events', () => {
  it('are the generated schema types', () => {
    expectTypeOf<DeviceUpdate>().toEqualTypeOf<Schemas['LiveDevice']>();
    expectTypeOf<AlarmEvent>().toEqualTypeOf<Schemas['LiveAlarm']>();
    expectTypeOf<OtaUpdate>().toEqualTypeOf<Schemas['LiveUpdate']>();
    expectTypeOf<LeaseEvent>().toEqualTypeOf<Schemas['LiveLease']>();
    expectTypeOf<Parameters<LiveListener<'devices'>>[0]>().toEqualTypeOf<Schemas['LiveDevice'][]>();
    expectTypeOf<Parameters<LiveListener<'leases'>>[0]>().toEqualTypeOf<Schemas['LiveLease'][]>();
  });

  it('are not written by hand in realtime.ts', () => {
    expect(source).toContain("from './schema'");
    expect(source).not.toMatch(/interface\s+(DeviceUpdate|AlarmEvent|OtaUpdate|LeaseEvent)\b/);
    expect(source).not.toMatch(/type:\s*'(hello|devices|alarms|updates|leases|resync|pong)'/);
  });

  it('reach their listeners for every batch the schema declares', async () => {
    const mapping = openapi.components.schemas.LiveMessage.discriminator.mapping;
    const batches = Object.keys(mapping).filter((kind) => !['hello', 'resync', 'pong'].includes(kind));
    expect(batches.toSorted()).toEqual(['alarms', 'devices', 'leases', 'updates']);
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const push = (message: object) => {
      for (const listener of listeners) listener({ data: JSON.stringify(message) });
    };
    const socket: SocketLike = {
      readyState: 1,
      addEventListener(type: 'message' | 'close', listener: (event: never) => void) {
        if (type === 'message') listeners.push(listener as (event: { data: unknown }) => void);
      },
      send() {},
      close() {},
    };
    const client = new LiveSocket({
      credentials: async () => ({ token: 't', sign: 's' }),
      baseUrl: () => 'ws://console.test/api/ws',
      createSocket: () => socket,
    });
    const heard = vi.fn<(kind: string, payload: unknown) => void>();
    for (const kind of batches) client.on(kind as 'devices', (payload) => heard(kind, payload));
    client.start();
    await vi.waitFor(() => {
      if (listeners.length === 0) throw new Error('no socket yet');
    });
    push({ type: 'hello', epoch: 'e', seq: 0, userId: 1 });
    batches.forEach((kind, index) => push({ type: kind, seq: index + 1, data: [{ deviceId: index }] }));
    expect(heard.mock.calls).toEqual(batches.map((kind, index) => [kind, [{ deviceId: index }]]));
    client.stop();
  });
});
