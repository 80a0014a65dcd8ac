/**
 * The device map kept live from the console's WebSocket (`devices` events, src/api/realtime.ts): each
 * robot's live fields and its state, worked out as the server does (/api/screen/deviceMap: offline,
 * alarm, charging, working, idle in that order).
 */
import type { DeviceUpdate } from '@/api/realtime';
import type { DeviceState } from './states';

export interface LiveRobot {
  deviceId: number;
  state: string;
  online: 0 | 1;
  battery: number | null;
  charging: boolean;
  task: string;
  progress: number | null;
  heartbeatTime: string | null;
  activeAlarms: number;
}

export function robotState(robot: Pick<LiveRobot, 'online' | 'charging' | 'task' | 'activeAlarms'>): DeviceState {
  if (!robot.online) return 'offline';
  if (robot.activeAlarms > 0) return 'alarm';
  if (robot.charging) return 'charging';
  return robot.task ? 'working' : 'idle';
}

function applyOne<T extends LiveRobot>(robot: T, u: DeviceUpdate): T {
  const next: T = {
    ...robot,
    online: u.online,
    battery: u.battery !== undefined ? (u.battery === null ? null : Math.round(u.battery)) : robot.battery,
    charging: u.charging ?? robot.charging,
    task: u.task ?? robot.task,
    progress: u.progress !== undefined ? u.progress : robot.progress,
    heartbeatTime: u.heartbeatTime ?? robot.heartbeatTime,
  };
  return { ...next, state: robotState(next) };
}

/** The robots with the updates applied in order; untouched robots stay the same objects. */
export function applyDeviceUpdates<T extends LiveRobot>(robots: readonly T[], updates: readonly DeviceUpdate[]): T[] {
  const byDevice = new Map<number, DeviceUpdate[]>();
  for (const update of updates) byDevice.set(update.deviceId, [...(byDevice.get(update.deviceId) ?? []), update]);
  return robots.map((robot) => byDevice.get(robot.deviceId)?.reduce(applyOne, robot) ?? robot);
}
