import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceUpdate } from '@/api/realtime';
import { refreshScheduler, WallStates } from './wall-live';

function update(deviceId: number, fields: Partial<DeviceUpdate> = {}): DeviceUpdate {
  return { deviceId, deviceSerialNumber: `CF-${deviceId}`, online: 1, ...fields };
}

describe('wall live updates', () => {
  it('asks again when a robot changes state, not for battery, progress or pose', () => {
    const states = new WallStates();
    expect(states.apply([update(1, { charging: false, task: 'Sweep', battery: 80 })])).toBe(true); // not seen yet
    expect(states.apply([update(1, { charging: false, task: 'Sweep', battery: 79, progress: 12 })])).toBe(false);
    expect(states.apply([update(1, { battery: 78, pose: { x: 1, y: 2, yaw: 0 } })])).toBe(false); // fields left out keep theirs
    expect(states.apply([update(1, { task: '' })])).toBe(true); // working → idle
    expect(states.apply([update(1, { charging: true })])).toBe(true); // idle → charging
    expect(states.apply([update(1, { online: 0 })])).toBe(true); // an offline event carries only online
    expect(states.apply([update(1, { online: 0 })])).toBe(false);
    expect(states.apply([update(1)])).toBe(true); // back online (charging, as it was)
    expect(states.apply([update(1, { charging: true }), update(2, { online: 0 })])).toBe(true); // a robot not seen yet
    states.forget();
    expect(states.apply([update(1, { charging: true })])).toBe(true);
  });

  describe('refresh scheduling', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('gathers a burst into one refresh within a second, and keeps to one a second while events come', () => {
      const refresh = vi.fn<() => void>();
      const scheduler = refreshScheduler(refresh, 300, 1_000);
      scheduler.request();
      scheduler.request();
      vi.advanceTimersByTime(299);
      expect(refresh).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(refresh).toHaveBeenCalledTimes(1);

      vi.advanceTimersByTime(100); // 400 ms after the first refresh
      scheduler.request();
      vi.advanceTimersByTime(899);
      expect(refresh).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1); // a second after the first refresh
      expect(refresh).toHaveBeenCalledTimes(2);

      vi.advanceTimersByTime(5_000); // quiet for a while: the next event is served after the short delay
      scheduler.request();
      vi.advanceTimersByTime(300);
      expect(refresh).toHaveBeenCalledTimes(3);

      scheduler.request();
      scheduler.cancel();
      vi.advanceTimersByTime(5_000);
      expect(refresh).toHaveBeenCalledTimes(3);
    });
  });
});
