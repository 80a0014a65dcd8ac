import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedStart } from './shared-start';

function target() {
  return { start: vi.fn<() => void>(), stop: vi.fn<() => void>() };
}

describe('the shared live connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts once for two holders and stops only after the last lets go, after the grace', () => {
    const socket = target();
    const shared = sharedStart(socket, 2_000);
    const layout = shared.hold('token-1');
    const wall = shared.hold('token-1');
    expect(shared.holders).toBe(2);
    layout();
    layout(); // a second release of the same hold changes nothing
    vi.advanceTimersByTime(5_000);
    expect(socket.stop).not.toHaveBeenCalled();
    wall();
    vi.advanceTimersByTime(1_999);
    expect(socket.stop).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(socket.stop).toHaveBeenCalledTimes(1);
    expect(shared.holders).toBe(0);
  });

  it('hands the socket on when one holder replaces another within the grace (layout → wall)', () => {
    const socket = target();
    const shared = sharedStart(socket, 2_000);
    shared.hold('token-1')();
    vi.advanceTimersByTime(500);
    const wall = shared.hold('token-1');
    vi.advanceTimersByTime(10_000);
    expect(socket.stop).not.toHaveBeenCalled();
    wall(true); // signed out: no grace
    expect(socket.stop).toHaveBeenCalledTimes(1);
  });

  it('never carries a socket over to another session', () => {
    const socket = target();
    const shared = sharedStart(socket, 2_000);
    shared.hold('token-1')();
    shared.hold('token-2');
    expect(socket.stop).toHaveBeenCalledTimes(1);
    expect(socket.start).toHaveBeenCalledTimes(2);
    expect(socket.stop.mock.invocationCallOrder[0]!).toBeLessThan(socket.start.mock.invocationCallOrder[1]!);
  });
});
