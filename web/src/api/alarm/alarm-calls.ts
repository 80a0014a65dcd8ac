/** Alarm calls read or changed from more than one place: the live alarm feed, status monitoring, device alarms. */
import { post, type CallOptions } from '@/api/client';
import type { BodyOf } from '@/api/types';

/** Unresolved alarms of the subtree, newest first (paged). */
export function listOpenAlarms(body: BodyOf<'/api/warn/listUnProcess'>, options?: CallOptions) {
  return post('/api/warn/listUnProcess', body, options);
}

/** The fleet's status counts (devices online, open alarms...). */
export function getFleetStatus(body: BodyOf<'/api/monitor/status'>, options?: CallOptions) {
  return post('/api/monitor/status', body, options);
}

/** Alarms raised after a known one (what a reconnect missed). */
export function getAlarmsAfter(warnId: number, options?: CallOptions) {
  return post('/api/warn/now', { warnId }, options);
}

/** Marks alarms resolved (by the caller, now). */
export function resolveAlarms(body: BodyOf<'/api/warn/resumeWarn'>, options?: CallOptions) {
  return post('/api/warn/resumeWarn', body, options);
}
