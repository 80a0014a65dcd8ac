// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playAlarmTone, resetAlarmSound } from './alarm-sound';

class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  state: 'suspended' | 'running' = 'suspended';
  currentTime = 0;
  destination = {};
  started: number[] = [];
  resume = vi.fn<() => Promise<void>>(async () => {
    this.state = 'running';
  });
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createOscillator() {
    const started = this.started;
    return {
      type: 'sine',
      frequency: { value: 0 },
      connect: (node: unknown) => node,
      start(at: number) {
        started.push(this.frequency.value || at);
      },
      stop: () => undefined,
    };
  }
  createGain() {
    const gain = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
    return { gain, connect: (node: unknown) => node };
  }
}

afterEach(() => {
  resetAlarmSound();
  FakeAudioContext.instances = [];
  vi.unstubAllGlobals();
});

describe('alarm sound', () => {
  it('is blocked until the page is touched, then plays two tones', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    expect(playAlarmTone()).toBe('blocked');
    document.dispatchEvent(new Event('pointerdown'));
    await Promise.resolve();
    const audio = FakeAudioContext.instances[0] as FakeAudioContext;
    expect(audio.resume).toHaveBeenCalled();
    expect(playAlarmTone()).toBe('played');
    expect(audio.started).toEqual([880, 660]);
  });

  it('says so where the browser has no Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(playAlarmTone()).toBe('unsupported');
  });
});
