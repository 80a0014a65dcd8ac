/**
 * The queue of actions taken without signal (issue 53 item 5): acknowledging an incident, adding a note to one,
 * marking a window cleaned by hand. Every such action goes through here, with or without signal: it is kept in
 * IndexedDB with an id made now (a UUID), then sent; the server applies an id once, so a resend after a flaky
 * reconnect changes nothing. States: waiting (for signal, or its turn), sending, sent, refused (the server's reason:
 * someone resolved the incident or marked the window meanwhile). A failed send for lack of an answer puts it back to
 * waiting and stops the round (no signal); any answer ends it. One round at a time (across tabs too, where the
 * browser has Web Locks), oldest first. Robot commands never come here: offline they are refused at once
 * (src/api/robot-commands.ts).
 */
import { create } from 'zustand';
import { Code } from '@/api/codes';
import { isApiError } from '@/api/errors';
import { browserOffline } from '@/api/robot-commands';
import { sendAction, type ActAnswer, type ActBody } from '../api/field';
import { actionsOf, putAction, removeAction, type QueuedAction } from './store';

interface QueueState {
  userId: number | null;
  actions: QueuedAction[];
}

/** The signed-in person's queued actions, as the page shows them. */
export const useFieldQueue = create<QueueState>(() => ({ userId: null, actions: [] }));

type Landed = (action: QueuedAction, answer: ActAnswer | null) => void;
const landed = new Set<Landed>();

/** Called after each action the server answered (applied or refused): the page refreshes what it shows. */
export function onLanded(listener: Landed): () => void {
  landed.add(listener);
  return () => landed.delete(listener);
}

export async function loadQueue(userId: number): Promise<QueuedAction[]> {
  const actions = await actionsOf(userId);
  useFieldQueue.setState({ userId, actions });
  return actions;
}

async function save(action: QueuedAction): Promise<void> {
  await putAction(action);
  if (useFieldQueue.getState().userId === action.userId) await loadQueue(action.userId);
}

let backgroundSync: () => Promise<unknown> = async () => undefined;

/** Where the browser has Background Sync, how to ask it to wake the page when the signal returns (runner.ts). */
export function setBackgroundSync(register: () => Promise<unknown>): void {
  backgroundSync = register;
}

/** An action to queue: its kind and fields, without its id (made when it is queued). */
export type NewAction = Omit<ActBody, 'actionId' | 'note'> & { note?: string };

let lastQueuedAt = 0;

/** Now, but never the same millisecond as the action queued before: the queue is sent oldest first by this time, and
 * two actions queued in one millisecond (an acknowledgement, then its note) would otherwise go in either order. */
function queueTime(): number {
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
  return lastQueuedAt;
}

/** Queues an action and sends what waits at once when there is signal. */
export async function enqueue(userId: number, body: NewAction, target: string): Promise<QueuedAction> {
  const actionId = newActionId();
  const action: QueuedAction = {
    actionId,
    userId,
    body: { ...body, note: body.note ?? '', actionId },
    target,
    queuedAt: queueTime(),
    state: 'waiting',
    tries: 0,
  };
  await save(action);
  if (browserOffline()) void backgroundSync().catch(() => undefined);
  else void flush(userId);
  return action;
}

/** No answer at all (no signal, a dead link, a server down): try again later. Any answer is the server's word. */
function unanswered(error: unknown): boolean {
  return !isApiError(error) || error.kind === 'network' || error.kind === 'timeout' || error.kind === 'http' || error.code === Code.sessionInvalid;
}

async function sendOne(action: QueuedAction): Promise<boolean> {
  const sending: QueuedAction = { ...action, state: 'sending', tries: action.tries + 1 };
  await save(sending);
  try {
    const answer = await sendAction(action.body, { timeoutMs: 20_000 });
    const sent: QueuedAction = { ...sending, state: 'sent', doneAt: Date.now(), replayed: answer.replayed };
    await save(sent);
    landed.forEach((listener) => listener(sent, answer));
    return true;
  } catch (error) {
    if (unanswered(error)) {
      await save({ ...sending, state: 'waiting' });
      return false;
    }
    const refused: QueuedAction = {
      ...sending,
      state: 'refused',
      doneAt: Date.now(),
      reason: isApiError(error) ? error.message : String(error),
      code: isApiError(error) ? (error.code ?? undefined) : undefined,
    };
    await save(refused);
    landed.forEach((listener) => listener(refused, null));
    return true;
  }
}

async function round(userId: number): Promise<number> {
  const open = (await actionsOf(userId)).filter((a) => a.state === 'waiting' || a.state === 'sending');
  for (const [index, action] of open.entries()) {
    if (browserOffline() || !(await sendOne(action))) return open.length - index;
  }
  return 0;
}

/** A random (version 4) UUID: `crypto.randomUUID` where the page is a secure context, the same from random bytes
 * elsewhere (a console served over plain http on a site's network). */
export function newActionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One round at a time across this browser's tabs, where it has Web Locks (else one per tab). */
async function withLock<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return run();
  return (await navigator.locks.request('cleanfleet-field-queue', run)) as T;
}

const rounds = new Map<number, Promise<number>>();

/** Sends the person's waiting actions, oldest first; answers how many still wait (no signal). */
export function flush(userId: number): Promise<number> {
  const running = rounds.get(userId);
  if (running) return running;
  const next = withLock(() => round(userId)).finally(() => rounds.delete(userId));
  rounds.set(userId, next);
  return next;
}

/** Takes an action out of the queue (a refused one read, a sent one done with, a waiting one no longer wanted). */
export async function dismiss(action: QueuedAction): Promise<void> {
  await removeAction(action.actionId);
  if (useFieldQueue.getState().userId === action.userId) await loadQueue(action.userId);
}

/** Removes the person's sent actions. */
export async function clearSent(userId: number): Promise<void> {
  for (const action of await actionsOf(userId)) if (action.state === 'sent') await removeAction(action.actionId);
  await loadQueue(userId);
}
