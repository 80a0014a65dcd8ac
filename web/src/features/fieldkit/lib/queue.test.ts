// @vitest-environment jsdom
// oxlint-disable-next-line import/no-unassigned-import -- installs an IndexedDB in jsdom, as a browser has one
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { Code } from '@/api/codes';

const sendAction = vi.hoisted(() => vi.fn<(body: { kind: string; actionId: string }) => Promise<unknown>>());
vi.mock('../api/field', () => ({ sendAction }));

import { clearSent, dismiss, enqueue, flush, loadQueue, newActionId, useFieldQueue } from './queue';
import { actionsOf, deleteFieldDb } from './store';

const ME = 7;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

const states = async () => (await actionsOf(ME)).map((a) => [a.body.kind, a.state]);

beforeEach(async () => {
  await deleteFieldDb();
  sendAction.mockReset();
  useFieldQueue.setState({ userId: null, actions: [] });
});

afterEach(() => vi.restoreAllMocks());

describe('the field queue', () => {
  it('keeps actions offline with their own ids, and sends them in order once back, each once', async () => {
    setOnline(false);
    const ack = await enqueue(ME, { kind: 'acknowledge', incidentId: 5 }, 'Scrubber · Stuck');
    await enqueue(ME, { kind: 'note', incidentId: 5, note: 'Cable ties in the brush' }, 'Scrubber · Stuck');
    expect(ack.actionId).toMatch(UUID);
    expect(ack.body).toMatchObject({ actionId: ack.actionId, kind: 'acknowledge', incidentId: 5, note: '' });
    expect(sendAction).not.toHaveBeenCalled();
    expect(await states()).toEqual([['acknowledge', 'waiting'], ['note', 'waiting']]);

    setOnline(true);
    sendAction.mockResolvedValue({ replayed: false });
    expect(await flush(ME)).toBe(0);
    expect(sendAction.mock.calls.map(([body]) => body.kind)).toEqual(['acknowledge', 'note']);
    expect(await states()).toEqual([['acknowledge', 'sent'], ['note', 'sent']]);
    expect(await flush(ME)).toBe(0);
    expect(sendAction).toHaveBeenCalledTimes(2); // sent ones are not sent again
  });

  it('puts an action back to waiting when nothing answers, and stops the round', async () => {
    setOnline(false);
    await enqueue(ME, { kind: 'acknowledge', incidentId: 1 }, 'one');
    await enqueue(ME, { kind: 'acknowledge', incidentId: 2 }, 'two');
    setOnline(true);
    sendAction.mockRejectedValueOnce(new ApiError('network', 'Network error'));
    expect(await flush(ME)).toBe(2);
    expect(sendAction).toHaveBeenCalledTimes(1);
    expect(await states()).toEqual([['acknowledge', 'waiting'], ['acknowledge', 'waiting']]);
    const [first] = await actionsOf(ME);
    sendAction.mockResolvedValue({ replayed: true });
    await flush(ME);
    expect(sendAction.mock.calls[1]?.[0].actionId).toBe(first?.actionId); // the same id: the server applies it once
    const [again] = await actionsOf(ME);
    expect(again).toMatchObject({ state: 'sent', replayed: true, tries: 2 });
  });

  it('keeps the server’s refusal beside the action, and the next ones still go', async () => {
    setOnline(false);
    await enqueue(ME, { kind: 'acknowledge', incidentId: 1 }, 'one');
    await enqueue(ME, { kind: 'note', incidentId: 2, note: 'ok' }, 'two');
    setOnline(true);
    sendAction
      .mockRejectedValueOnce(new ApiError('code', 'Incident 1 already ended at 10:02', { code: Code.conflict, field: 'incidentId' }))
      .mockResolvedValueOnce({ replayed: false });
    await flush(ME);
    const [refused, sent] = await actionsOf(ME);
    expect(refused).toMatchObject({ state: 'refused', code: Code.conflict, reason: 'Incident 1 already ended at 10:02' });
    expect(sent?.state).toBe('sent');
    await loadQueue(ME);
    expect(useFieldQueue.getState().actions.map((a) => a.state)).toEqual(['refused', 'sent']);
    await clearSent(ME);
    expect(await states()).toEqual([['acknowledge', 'refused']]);
    await dismiss(refused!);
    expect(await actionsOf(ME)).toEqual([]);
  });

  it('keeps the order of actions queued in the same millisecond', async () => {
    setOnline(false);
    vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    for (const incidentId of [1, 2, 3, 4, 5, 6]) await enqueue(ME, { kind: 'acknowledge', incidentId }, String(incidentId));
    expect((await actionsOf(ME)).map((a) => a.body.incidentId)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('sends only the signed-in person’s actions', async () => {
    setOnline(false);
    await enqueue(ME, { kind: 'acknowledge', incidentId: 1 }, 'mine');
    await enqueue(8, { kind: 'acknowledge', incidentId: 2 }, 'theirs');
    setOnline(true);
    sendAction.mockResolvedValue({ replayed: false });
    await flush(ME);
    expect(sendAction).toHaveBeenCalledTimes(1);
    expect((await actionsOf(8))[0]?.state).toBe('waiting');
  });

  it('makes version 4 ids without randomUUID (a page over plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newActionId()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
