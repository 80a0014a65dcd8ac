/**
 * Commands to robots are never queued (issue 53 item 5): a phone without signal must not move a robot minutes later,
 * when the person who pressed the button may have walked away. So while the browser is offline, a call that commands
 * a robot is refused at once, with the reason, by the one client (`client.ts` and `relay.ts` ask here before they
 * send): starting, pausing, resuming or cancelling a task, taking control, and every call to the robot's own web API
 * through the relay that changes something (a POST: moving, sending it home, rebooting, editing its maps). What a
 * phone may queue offline (acknowledging an incident, a note, a window cleaned by hand) goes through the field kit's
 * queue instead (features/fieldkit), never through these calls.
 */
import { i18n } from '@/i18n/instance';
import { ApiError } from './errors';

/** The calls (their paths after `/api/`; each is written where it is called) that command a robot. */
export const ROBOT_COMMANDS: ReadonlySet<string> = new Set([
  'task/start',
  'task/pause',
  'task/resume',
  'task/cancel',
  'task/cancelOne',
  'device/control/take',
]);
const API = '/api/';

/** Whether the browser says it has no connection (a browser that does not say is taken to have one). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The refusal of a robot command while offline, or null when it may go: `relay` for a call to the robot's own API. */
export function offlineRobotCommand(path: string, method: 'GET' | 'POST' = 'POST', relay = false): ApiError | null {
  const command = relay ? method === 'POST' : path.startsWith(API) && ROBOT_COMMANDS.has(path.slice(API.length));
  return command && browserOffline() ? new ApiError('offline', i18n.t('api.robotCommandOffline')) : null;
}
