/**
 * Robot cards kept live: a `devices` event of the socket (src/api/realtime.ts) changes the cards it
 * names, in place, without asking the server again. The counts follow the server's rules
 * (backend/cleanfleet/monitor/service.py): charging when it says so, working when it runs a task,
 * idle otherwise.
 */
import type { DeviceUpdate } from '@/api/realtime';
import type { RobotCard, RobotPage } from '../api/robots';

export type RobotState = 'working' | 'charging' | 'idle' | 'offline';

/** What the socket cannot patch in place (the counts, a card's open alarms) is asked again at most this often. */
export const REFRESH_EVERY_MS = 10_000;

/** A card as shown: the server's fields, plus what the robot says it is doing (`activity`). */
export type LiveRobotCard = RobotCard & { activity?: string };

export function robotState(online: boolean, charging: boolean, taskName: string): RobotState {
  if (!online) return 'offline';
  if (charging) return 'charging';
  return taskName ? 'working' : 'idle';
}

export function mergeCard(card: LiveRobotCard, update: DeviceUpdate): LiveRobotCard {
  if (!update.online) return { ...card, online: 0, state: 'offline', activity: undefined };
  if (update.heartbeatTime === undefined) {
    // online again (a status message): the next heartbeat brings the rest
    return { ...card, online: 1, state: robotState(true, card.charging, card.taskName) };
  }
  const charging = update.charging === true;
  const taskName = update.task ?? '';
  return {
    ...card,
    online: 1,
    battery: update.battery === null || update.battery === undefined ? card.battery : Math.round(update.battery),
    charging,
    taskName,
    progress: update.progress ?? null,
    mapName: update.map ?? '',
    mode: update.mode ?? '',
    heartbeatTime: update.heartbeatTime,
    state: robotState(true, charging, taskName),
    activity: update.state || undefined,
  };
}

/** The page with the updates applied (the same object when none of its cards changed). */
export function applyDeviceUpdates(page: RobotPage, updates: readonly DeviceUpdate[]): RobotPage {
  if (updates.length === 0) return page;
  const latest = new Map<number, DeviceUpdate>();
  for (const update of updates) latest.set(update.deviceId, update);
  let changed = false;
  const list = page.list.map((card) => {
    const update = latest.get(card.deviceId);
    if (!update) return card;
    changed = true;
    return mergeCard(card, update);
  });
  return changed ? { ...page, list } : page;
}

/** Whether an update may change the counts (online, charging or task changed) for a card on the page. */
export function changesCounts(page: RobotPage | undefined, updates: readonly DeviceUpdate[]): boolean {
  const cards = new Map(page?.list.map((card) => [card.deviceId, card]));
  return updates.some((update) => {
    const card = cards.get(update.deviceId);
    if (!card) return true;
    if (card.online !== update.online) return true;
    if (update.heartbeatTime === undefined) return false;
    return card.charging !== (update.charging === true) || card.taskName !== (update.task ?? '');
  });
}

const CHIP_STATES: readonly string[] = ['working', 'charging', 'idle', 'offline'];

/**
 * What the robot says it is doing, shown beside its mode only where it adds to the state chip: never
 * for an offline robot (its last report is not what it does now), never a second word for the chip's
 * own states, and "on the charger (full)" when it sits on its pile without charging (the chip says
 * idle, so "charging" beside it would contradict it).
 */
export function activityKey(card: Pick<LiveRobotCard, 'online' | 'charging' | 'activity'>): string | null {
  if (!card.online || !card.activity) return null;
  if (card.activity === 'charging') return card.charging ? null : 'onCharger';
  return CHIP_STATES.includes(card.activity) ? null : card.activity;
}
