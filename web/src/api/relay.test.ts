import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from './client';
import { relayCall, RobotRefusal } from './relay';

const fetchMock = vi.fn<typeof fetch>();
const TARGET = { deviceId: 7, port: 20000 };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureClient({
    getSession: () => ({ token: 't', account: 'a', actingUserId: 1 }),
    notifyError: vi.fn<(text: string, seconds: number) => void>(),
    onSessionInvalid: vi.fn<(text: string) => void>(),
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("a robot's refusal through the relay", () => {
  it("keeps the server's explanation: the sentence in the user's language, the field and the shape", async () => {
    fetchMock.mockResolvedValueOnce(
      json({
        code: 2,
        msg: 'forbidden_zone: number 2 crosses itself',
        refusal: { message: 'Sperrzone 2 überschneidet sich selbst', field: 'forbidden_zone', reason: 'crosses_itself', index: 2 },
      }),
    );
    const refused = await relayCall(TARGET, 'api2/map/CloudInfoUpdate').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RobotRefusal);
    const refusal = refused as RobotRefusal;
    expect([refusal.code, refusal.text, refusal.field, refusal.index]).toEqual([2, 'Sperrzone 2 überschneidet sich selbst', 'forbidden_zone', 2]);
  });

  it('has no text when the server sent no explanation (the caller falls back on the code)', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 1, msg: 'no task is running', refusal: { message: 42 } }));
    const refusal = (await relayCall(TARGET, 'api1/task_pause').catch((error: unknown) => error)) as RobotRefusal;
    expect([refusal.text, refusal.field, refusal.index]).toEqual([undefined, undefined, undefined]);
  });
});
