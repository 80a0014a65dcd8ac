/**
 * The wall display kept live from the console's WebSocket: it shows totals the server works out, so
 * an event that changes them asks for a fresh answer, soon but at most once a second. What changes
 * them: a robot's state (offline, charging, working, idle: the device map's rules) and any alarm
 * (raised, cleared, resolved: latest alarms, open alarms, robots in alarm), or missed events.
 * Battery, pose and progress changes do not.
 */
import type { DeviceUpdate } from '@/api/realtime';
import { robotState } from './live';

/** Gathers a burst of events into one request. */
export const LIVE_DELAY_MS = 300;
/** At most one request this often while events keep coming. */
export const LIVE_MIN_GAP_MS = 1_000;
/** The safety net while the live connection is open (missed events, task reports' areas). */
export const LIVE_REFRESH_MS = 30_000;

interface KnownRobot {
  online: 0 | 1;
  charging: boolean;
  task: string;
}

/** Remembers each robot's state as the events tell it, to tell which updates change the counts. */
export class WallStates {
  private readonly known = new Map<number, KnownRobot>();

  /** Whether any update changes what the wall counts; a robot not seen yet counts as a change. */
  apply(updates: readonly DeviceUpdate[]): boolean {
    let changed = false;
    for (const u of updates) {
      const before = this.known.get(u.deviceId);
      const after: KnownRobot = {
        online: u.online,
        charging: u.charging ?? before?.charging ?? false,
        task: u.task ?? before?.task ?? '',
      };
      this.known.set(u.deviceId, after);
      if (!before || stateOf(before) !== stateOf(after)) changed = true;
    }
    return changed;
  }

  /** Events were missed: what is known may be stale. */
  forget(): void {
    this.known.clear();
  }
}

function stateOf(robot: KnownRobot): string {
  return robotState({ ...robot, activeAlarms: 0 });
}

export interface RefreshScheduler {
  /** Asks for a refresh: within `delayMs`, or when `minGapMs` since the last one have passed. */
  request(): void;
  cancel(): void;
}

export function refreshScheduler(refresh: () => void, delayMs = LIVE_DELAY_MS, minGapMs = LIVE_MIN_GAP_MS): RefreshScheduler {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = Number.NEGATIVE_INFINITY;
  return {
    request() {
      if (timer !== null) return; // one is on its way and will see this event too
      const wait = Math.max(delayMs, last + minGapMs - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        refresh();
      }, wait);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
