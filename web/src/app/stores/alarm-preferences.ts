/**
 * The header's alarm pop-up choice ("all alarms", "faults only", "off") and "play alarm sound", kept
 * in localStorage (the choice outlives sign-out and reloads). A busy fleet raises a banner or a message
 * every minute, so the default pops up only faults (level 3); every alarm still counts on the badge.
 * The sound is only active while pop-ups are on.
 */
import { create } from 'zustand';
import { readStored, writeStored } from '@/lib/storage';

export const POPUP_CHOICES = ['all', 'faults', 'off'] as const;
export type PopupChoice = (typeof POPUP_CHOICES)[number];

interface AlarmPreferences {
  popups: PopupChoice;
  playSound: boolean;
}

interface AlarmPreferencesState extends AlarmPreferences {
  setPopups(value: PopupChoice): void;
  setPlaySound(value: boolean): void;
}

const STORAGE_NAME = 'alarmPreferences';
export const DEFAULT_POPUPS: PopupChoice = 'faults';
const defaults: AlarmPreferences = { popups: DEFAULT_POPUPS, playSound: false };

function load(): AlarmPreferences {
  const saved = readStored<Partial<AlarmPreferences> & { showAlarms?: boolean }>(STORAGE_NAME);
  // before the three-way choice a checkbox "show alarms" was kept: off stays off
  const popups = POPUP_CHOICES.includes(saved?.popups as PopupChoice)
    ? (saved?.popups as PopupChoice)
    : saved?.showAlarms === false
      ? 'off'
      : defaults.popups;
  return { popups, playSound: typeof saved?.playSound === 'boolean' ? saved.playSound : defaults.playSound };
}

export const useAlarmPreferences = create<AlarmPreferencesState>((set, get) => {
  const save = (next: AlarmPreferences) => {
    writeStored(STORAGE_NAME, next);
    set(next);
  };
  return {
    ...load(),
    setPopups: (popups) => save({ popups, playSound: get().playSound }),
    setPlaySound: (playSound) => save({ popups: get().popups, playSound }),
  };
});

/** Whether an alarm of this level pops up under the choice (level 3 is a fault). */
export function popsUp(prefs: Pick<AlarmPreferences, 'popups'>, level: number | undefined): boolean {
  if (prefs.popups === 'off') return false;
  return prefs.popups === 'all' || level === 3;
}

/** Whether an alarm should make a sound right now. */
export function soundActive(prefs: AlarmPreferences): boolean {
  return prefs.popups !== 'off' && prefs.playSound;
}
