/**
 * The alarm sound: two short tones made with Web Audio (no file, no network). Browsers keep audio
 * blocked until the page is touched (api-spec 8.4), so the context is unlocked by the first click
 * or key press after the sound is wanted; until then `playAlarmTone` answers 'blocked'.
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;
let unlockArmed = false;

function contextClass(): AudioContextClass | null {
  const scope = globalThis as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

function ensureContext(): AudioContext | null {
  if (context) return context;
  const Context = contextClass();
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

/** Unlocks audio at the next user gesture (called when the sound is switched on or wanted). */
export function armAudioUnlock(): void {
  if (unlockArmed || typeof document === 'undefined') return;
  unlockArmed = true;
  const unlock = () => {
    document.removeEventListener('pointerdown', unlock, true);
    document.removeEventListener('keydown', unlock, true);
    unlockArmed = false;
    const audio = ensureContext();
    if (audio && audio.state !== 'running') void audio.resume().catch(() => undefined);
  };
  document.addEventListener('pointerdown', unlock, true);
  document.addEventListener('keydown', unlock, true);
}

function tone(audio: AudioContext, frequency: number, start: number, seconds: number): void {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds + 0.02);
}

export type ToneResult = 'played' | 'blocked' | 'unsupported';

export function playAlarmTone(): ToneResult {
  const audio = ensureContext();
  if (!audio) return 'unsupported';
  if (audio.state !== 'running') {
    armAudioUnlock();
    return 'blocked';
  }
  const now = audio.currentTime;
  tone(audio, 880, now, 0.18);
  tone(audio, 660, now + 0.22, 0.18);
  return 'played';
}

/** For tests: forget the context. */
export function resetAlarmSound(): void {
  context = null;
  unlockArmed = false;
}
