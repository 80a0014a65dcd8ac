/**
 * What the phone keeps in IndexedDB (issue 53 item 5; `idb`, a small wrapper around it): the last snapshot of each
 * person who used the field kit on this browser (by the acting user's id, with when it was saved), and the actions
 * queued while there was no signal (by their id, with their state). The service worker keeps no API answer: the
 * snapshot is the page's own copy, shown with its age.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ActBody, Snapshot } from '../api/field';

export interface KeptSnapshot {
  userId: number;
  /** When this browser saved it (ms); the server's `generatedAt` says when it was true. */
  savedAt: number;
  snapshot: Snapshot;
}

/** waiting: for signal (or its turn); sending: on its way; sent: the server applied it; refused: the server said no. */
export type ActionState = 'waiting' | 'sending' | 'sent' | 'refused';

export interface QueuedAction {
  actionId: string;
  userId: number;
  body: ActBody;
  /** What it acts on, as the person saw it when queuing ("Scrubber 2 · Path replanning failed"). */
  target: string;
  queuedAt: number;
  state: ActionState;
  /** refused: the server's sentence, in the language on screen when it answered. */
  reason?: string;
  /** refused: the server's code (conflict: someone acted first). */
  code?: number;
  /** sent or refused: when. */
  doneAt?: number;
  /** sent: it had been applied already (a replay). */
  replayed?: boolean;
  tries: number;
}

interface FieldDb extends DBSchema {
  snapshots: { key: number; value: KeptSnapshot };
  actions: { key: string; value: QueuedAction; indexes: { byUser: number } };
}

export const DB_NAME = 'cleanfleet-field';
const DB_VERSION = 1;
let opening: Promise<IDBPDatabase<FieldDb>> | null = null;

function fieldDb(): Promise<IDBPDatabase<FieldDb>> {
  opening ??= openDB<FieldDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('snapshots', { keyPath: 'userId' });
      db.createObjectStore('actions', { keyPath: 'actionId' }).createIndex('byUser', 'userId');
    },
  }).catch((error: unknown) => {
    opening = null; // a later call tries again (a private window may refuse IndexedDB now and then)
    throw error;
  });
  return opening;
}

export async function keepSnapshot(kept: KeptSnapshot): Promise<void> {
  await (await fieldDb()).put('snapshots', kept);
}

export async function keptSnapshot(userId: number): Promise<KeptSnapshot | undefined> {
  return (await fieldDb()).get('snapshots', userId);
}

export async function forgetSnapshot(userId: number): Promise<void> {
  await (await fieldDb()).delete('snapshots', userId);
}

export async function putAction(action: QueuedAction): Promise<void> {
  await (await fieldDb()).put('actions', action);
}

/** The person's queued actions, oldest first (the order they are sent in). */
export async function actionsOf(userId: number): Promise<QueuedAction[]> {
  const found = await (await fieldDb()).getAllFromIndex('actions', 'byUser', userId);
  return found.toSorted((a, b) => a.queuedAt - b.queuedAt);
}

export async function removeAction(actionId: string): Promise<void> {
  await (await fieldDb()).delete('actions', actionId);
}

/** Tests: closes the connection so the next call opens the (fresh) database again. */
export async function closeFieldDb(): Promise<void> {
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
}

/** Tests: the database gone, as on a browser that never opened the field kit. */
export async function deleteFieldDb(): Promise<void> {
  await closeFieldDb();
  await new Promise<void>((done) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.addEventListener('success', () => done());
    request.addEventListener('error', () => done());
  });
}
