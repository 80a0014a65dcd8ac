/**
 * The field kit's calls (issue 53 items 5-6): the snapshot a phone keeps to read without signal, and a queued action
 * sent when the connection returns (applied once by its id however often it is sent).
 */
import { post, type CallOptions } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';

export type Snapshot = DataOf<'/api/field/snapshot'>;
export type FieldSite = Snapshot['sites'][number];
export type FieldWindow = FieldSite['windows'][number];
export type FieldRobot = Snapshot['robots'][number];
export type FieldIncident = Snapshot['incidents'][number];
export type ActBody = BodyOf<'/api/field/act'>;
export type ActAnswer = DataOf<'/api/field/act'>;
export type ActionKind = ActBody['kind'];

/** What the caller needs on site now (sites with today's windows, robots, active incidents). */
export function fetchSnapshot(options?: CallOptions): Promise<Snapshot> {
  return post('/api/field/snapshot', {}, options);
}

/** A queued action, quietly (the queue shows each outcome beside its action). */
export function sendAction(body: ActBody, options?: CallOptions): Promise<ActAnswer> {
  return post('/api/field/act', body, { quiet: true, ...options });
}
